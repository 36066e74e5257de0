// How many contacts are timed in each zone, as the review step and the
// campaign page say it: "Time zones: America/New_York 120 · Europe/Berlin 40
// · Your time zone (Europe/London) 300". The campaign page's counts come from
// one group-by on the server; the wizard's (no campaign stored yet) from the
// draft's contacts, normalised as the insert will store them.
import { storedTimeZone, timeZoneLabel } from "./time-zone.ts";

export type ZoneCount = { zone: string | null; contacts: number };

/** Largest group first, then by zone name; null (the user's zone) sorts after the named ones of its size. */
function byCount(a: ZoneCount, b: ZoneCount): number {
  if (a.contacts !== b.contacts) return b.contacts - a.contacts;
  if (a.zone === b.zone) return 0;
  if (a.zone === null) return 1;
  if (b.zone === null) return -1;
  return a.zone < b.zone ? -1 : 1;
}

/** The zones of contacts as given (a draft's cells) → counts per stored zone. */
export function countByZone(zones: readonly (string | null | undefined)[]): ZoneCount[] {
  const counts = new Map<string | null, number>();
  for (const raw of zones) {
    const zone = storedTimeZone(raw);
    counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  return [...counts].map(([zone, contacts]) => ({ zone, contacts })).sort(byCount);
}

/** The line shown; empty when every contact follows the user's zone (nothing to say). */
export function describeZoneCounts(counts: readonly ZoneCount[], userZone: string | undefined): string {
  if (counts.every((c) => c.zone === null)) return "";
  const parts = [...counts]
    .sort(byCount)
    .map((c) =>
      c.zone === null
        ? `Your time zone${userZone ? ` (${userZone})` : ""} ${c.contacts.toLocaleString("en-US")}`
        : `${timeZoneLabel(c.zone)} ${c.contacts.toLocaleString("en-US")}`,
    );
  return `Time zones: ${parts.join(" · ")}`;
}
