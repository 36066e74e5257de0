// A contact's time zone on the campaign page: the counts per zone above the
// list, and on each contact its zone with a picker to change it (the
// Settings timezone combobox, with "Your time zone" for none).
import { EarthIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { Contact } from "#shared/contacts/contacts.schemas.ts";
import { contactTimeZoneChoices, timeZoneLabel } from "#shared/contacts/time-zone.ts";
import { describeZoneCounts, type ZoneCount } from "#shared/contacts/zone-counts.ts";
import { listTimeZones } from "#shared/settings/timezone.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SearchableSelect } from "#web/components/ui/searchable-select.tsx";
import { ApiError } from "#web/lib/api-error.ts";
import { timeZoneChoices } from "#web/lib/time-zone-choices.ts";
import { toast } from "#web/lib/toast.ts";
import { useContactZoneCounts, useUpdateContactZone } from "./use-campaign-contacts.ts";

/** "Time zones: America/New_York 120 · Your time zone (Europe/London) 300"; nothing when no contact has a zone. */
export function ZoneCountsLine({ counts, userZone }: { counts: readonly ZoneCount[]; userZone: string | undefined }) {
  const line = describeZoneCounts(counts, userZone);
  if (!line) return null;
  return (
    <p className="flex items-start gap-2 text-muted-foreground text-sm" data-testid="zone-counts">
      <EarthIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{line}</span>
    </p>
  );
}

export function CampaignZoneCounts({ campaignId }: { campaignId: string }) {
  const counts = useContactZoneCounts(campaignId);
  if (!counts.data) return null;
  return <ZoneCountsLine counts={counts.data.zones} userZone={counts.data.userZone} />;
}

/** The value "" stands for no zone of its own: the user's applies. */
export function useZoneOptions(userZone: string | undefined) {
  return useMemo(
    () => [
      { value: "", label: `Your time zone${userZone ? ` (${userZone})` : ""}`, aliases: [] },
      ...timeZoneChoices(contactTimeZoneChoices(listTimeZones()), timeZoneLabel),
    ],
    [userZone],
  );
}

/** The contact's zone, and a picker to change it. */
export function ContactTimeZone({ campaignId, contact }: { campaignId: string; contact: Contact }) {
  const [editing, setEditing] = useState(false);
  // The counts carry the user's zone (the Contacts tab shows them already: one request for both).
  const counts = useContactZoneCounts(campaignId);
  const options = useZoneOptions(counts.data?.userZone);
  const update = useUpdateContactZone(campaignId);
  const id = useId();

  async function choose(value: string) {
    try {
      await update.mutateAsync({ contactId: contact.id, timezone: value || null });
      toast.success(`Time zone of ${contact.email} set to ${value ? timeZoneLabel(value) : "your time zone"}`);
      setEditing(false);
    } catch (err) {
      toast.error("Failed to change the time zone", { description: err instanceof ApiError ? err.message : undefined });
    }
  }

  if (editing) {
    return (
      <div className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          Time zone of {contact.email}
        </label>
        <SearchableSelect
          id={id}
          label={`Time zone of ${contact.email}`}
          value={contact.timezone ?? ""}
          options={options}
          onChange={(value) => void choose(value)}
          className="w-56"
        />
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-muted-foreground"
      title={`Change the time zone of ${contact.email}`}
      aria-label={`Time zone of ${contact.email}: ${contact.timezone ? timeZoneLabel(contact.timezone) : "your time zone"}. Change`}
      onClick={() => setEditing(true)}
    >
      <EarthIcon aria-hidden /> {contact.timezone ? timeZoneLabel(contact.timezone) : "Your time zone"}
    </Button>
  );
}
