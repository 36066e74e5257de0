import { currentZoneName } from "#shared/settings/timezone.ts";
import type { SearchableOption } from "#web/components/ui/searchable-select.tsx";

/** Zones as choices of a SearchableSelect, each also found by its current IANA name ("Kolkata" finds Asia/Calcutta). */
export function timeZoneChoices(
  zones: readonly string[],
  label: (zone: string) => string = (zone) => zone,
): SearchableOption[] {
  return zones.map((zone) => {
    const current = currentZoneName(zone);
    return { value: zone, label: label(zone), aliases: current ? [current] : [] };
  });
}
