// A campaign's pacing options, on the wizard's Review step and the edit page:
// how many new contacts it starts a day (follow-ups are never held by it) and
// whether a reply from one address stops the others at the same company.
import { useId, useState } from "react";
import { dailyNewContactsLimitSchema } from "#shared/campaigns/campaigns.schemas.ts";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";

export type CampaignPacingValue = { dailyNewContactsLimit: number | null; stopOnCompanyReply: boolean };

/**
 * A value that is not a whole number from 1 to 10,000 is passed on as -1, so
 * Launch and Save refuse it with the server's message rather than sending
 * without a cap; the field shows the message at once.
 */
const INVALID = -1;

export function CampaignPacingOptions({
  value,
  onChange,
}: {
  value: CampaignPacingValue;
  onChange: (patch: Partial<CampaignPacingValue>) => void;
}) {
  const id = useId();
  const [text, setText] = useState(
    value.dailyNewContactsLimit && value.dailyNewContactsLimit > 0 ? String(value.dailyNewContactsLimit) : "",
  );
  const [error, setError] = useState<string | undefined>();

  function setLimit(next: string) {
    setText(next);
    if (next.trim() === "") {
      setError(undefined);
      onChange({ dailyNewContactsLimit: null });
      return;
    }
    const parsed = dailyNewContactsLimitSchema.safeParse(Number(next));
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    onChange({ dailyNewContactsLimit: parsed.success ? parsed.data : INVALID });
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-new`}>New contacts per day</Label>
        <Input
          id={`${id}-new`}
          inputMode="numeric"
          placeholder="No limit"
          value={text}
          onChange={(e) => setLimit(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-new-error` : `${id}-new-hint`}
        />
        {!error && (
          <p id={`${id}-new-hint`} className="text-muted-foreground text-xs">
            At most this many contacts get the first email each day. Follow-ups are never held back, and go first.
          </p>
        )}
        <FieldError id={`${id}-new-error`} message={error} />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-company`}
            checked={value.stopOnCompanyReply}
            onCheckedChange={(stopOnCompanyReply) => onChange({ stopOnCompanyReply })}
            aria-describedby={`${id}-company-hint`}
          />
          <Label htmlFor={`${id}-company`}>Stop on company reply</Label>
        </div>
        <p id={`${id}-company-hint`} className="text-muted-foreground text-xs">
          When someone replies, the other contacts at the same company domain get no more emails from this campaign.
          Free mail domains such as gmail.com never count as a company.
        </p>
      </div>
    </div>
  );
}
