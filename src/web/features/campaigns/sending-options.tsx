// A campaign's sending options, on the wizard's Review step and the edit page:
// 'Track opens' (the user's setting, or on/off for this campaign), 'Track
// clicks' (off unless turned on; a step can override it) and 'Send as' (HTML
// with a text alternative, or plain text only; a step can override it).
import type { SendFormat } from "#shared/db-enums.ts";
import { CLICK_COST, PIXEL_COST } from "#shared/sending/tracking-text.ts";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { useSettingsQuery } from "../settings/use-settings.ts";

export const sendFormatLabels: Record<SendFormat, string> = {
  html: "HTML and plain text",
  plain_text: "Plain text only",
};

type TrackChoice = "setting" | "on" | "off";
const toChoice = (v: boolean | null): TrackChoice => (v === null ? "setting" : v ? "on" : "off");
const fromChoice = (c: TrackChoice): boolean | null => (c === "setting" ? null : c === "on");

export type SendingOptionsValue = { trackOpens: boolean | null; trackClicks: boolean; sendAs: SendFormat };

export function SendingOptions({
  value,
  onChange,
  idPrefix,
}: {
  value: SendingOptionsValue;
  onChange: (patch: Partial<SendingOptionsValue>) => void;
  idPrefix: string;
}) {
  const settings = useSettingsQuery();
  const setting = settings.data ? (settings.data.trackOpens ? "on" : "off") : "…";
  const plain = value.sendAs === "plain_text";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-track-opens`}>Track opens</Label>
        <Select
          value={toChoice(value.trackOpens)}
          onValueChange={(c) => onChange({ trackOpens: fromChoice(c as TrackChoice) })}
        >
          <SelectTrigger id={`${idPrefix}-track-opens`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="setting">Use my setting ({setting})</SelectItem>
            <SelectItem value="on">On for this campaign</SelectItem>
            <SelectItem value="off">Off for this campaign</SelectItem>
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-xs">
          {PIXEL_COST}
          {plain && " Plain-text emails carry no pixel."}
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-track-clicks`}>Track clicks</Label>
        <Select value={value.trackClicks ? "on" : "off"} onValueChange={(c) => onChange({ trackClicks: c === "on" })}>
          <SelectTrigger id={`${idPrefix}-track-clicks`} className="w-full" aria-describedby={`${idPrefix}-click-cost`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="off">Off</SelectItem>
            <SelectItem value="on">On for this campaign</SelectItem>
          </SelectContent>
        </Select>
        <p id={`${idPrefix}-click-cost`} className="text-muted-foreground text-xs">
          {CLICK_COST} A step can override this.
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-send-as`}>Send as</Label>
        <Select value={value.sendAs} onValueChange={(v) => onChange({ sendAs: v as SendFormat })}>
          <SelectTrigger id={`${idPrefix}-send-as`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(sendFormatLabels).map(([v, label]) => (
              <SelectItem key={v} value={v}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-muted-foreground text-xs">
          Plain text has no HTML part: links show as addresses, and opens cannot be tracked. A step can override this.
        </p>
      </div>
    </div>
  );
}
