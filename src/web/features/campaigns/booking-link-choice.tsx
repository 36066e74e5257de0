// The campaign's 'Scheduling link' (wizard Review step, edit page): the page
// {{bookingLink}} points at. Each contact's message carries their own link to
// it, and only a booking through that link stops their follow-ups (a booking
// through the bare link is a meeting linked to no contact: decision 018).
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { useSchedulingLinksQuery } from "../scheduling/use-scheduling-links.ts";

const NONE = "none";

export function BookingLinkChoice({
  value,
  onChange,
  idPrefix,
}: {
  value: string | null;
  onChange: (bookingLinkId: string | null) => void;
  idPrefix: string;
}) {
  const links = useSchedulingLinksQuery();
  const id = `${idPrefix}-booking-link`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Scheduling link</Label>
      <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
        <SelectTrigger id={id} className="w-full sm:w-96">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>None</SelectItem>
          {(links.data ?? []).map((link) => (
            <SelectItem key={link.id} value={link.id}>
              {link.title} ({link.durationMinutes} min){link.isActive ? "" : " · inactive"}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-muted-foreground text-xs">
        {"{{bookingLink}}"} in a step becomes each contact's own link to this page. A meeting booked through it is
        linked to that contact and stops their follow-ups.
      </p>
    </div>
  );
}
