// A contact's time zone as people write it in a spreadsheet ("America/New_York",
// "+05:30", "UTC-3", "GMT+1") → the one form the sending engine stores and
// reads. Intl (Node 20, browsers) refuses offsets as a timeZone, so a
// whole-hour offset becomes its IANA Etc/GMT zone (sign inverted, as IANA
// spells it: UTC+5 is Etc/GMT-5) and any other offset is kept as
// "UTC+05:30", which #shared/zoned-time.ts reads itself (docs/decisions/025).
import { isValidTimeZone } from "../settings/timezone.ts";
import { fixedOffsetMinutes, formatFixedOffset } from "../zoned-time.ts";

/** Longer than any IANA name (the longest is ~32 characters); a longer cell is refused before Intl sees it. */
export const TIME_ZONE_MAX_LENGTH = 64;

export const timeZoneMessages = {
  invalid: (value: string) =>
    `Time zone "${value.slice(0, TIME_ZONE_MAX_LENGTH)}" is not a time zone name or UTC offset (e.g. America/New_York, UTC+05:30).`,
  tooLong: `Time zone must be at most ${TIME_ZONE_MAX_LENGTH} characters.`,
};

export type TimeZoneParse = { ok: true; zone: string | null } | { ok: false; message: string };

/** Latest and earliest offsets in use anywhere (Kiribati's +14, Baker Island's −12), in minutes. */
const MAX_OFFSET = 14 * 60;
const MIN_OFFSET = -12 * 60;

// "+5", "-03", "+0530", "+05:30", "UTC-3", "GMT +5:45", "UTC−3" (a typographic minus).
const OFFSET = /^(?:utc|gmt)?\s*([+\-\u2212])\s*(\d{1,2})(?::?(\d{2}))?$/i;

function offsetMinutes(text: string): number | null {
  const m = OFFSET.exec(text);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (minutes >= 60) return null;
  const total = (m[1] === "+" ? 1 : -1) * (hours * 60 + minutes);
  return total > MAX_OFFSET || total < MIN_OFFSET ? null : total;
}

/** The stored form of a fixed offset: "UTC" for zero, Etc/GMT∓N for whole hours, "UTC±HH:MM" otherwise. */
export function offsetZone(minutes: number): string {
  if (minutes === 0) return "UTC";
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
  }
  return formatFixedOffset(minutes);
}

/**
 * A zone Intl knows, spelled as IANA does ("america/new_york" → "America/New_York"),
 * or null. ICU canonicalises some current IANA names to their old links
 * ("Asia/Kolkata" → "Asia/Calcutta", "Europe/Kyiv" → "Europe/Kiev"): then the
 * name as typed is kept, since it is the one the user knows and Intl takes it.
 */
function canonicalZone(name: string): string | null {
  if (!isValidTimeZone(name)) return null;
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() || resolved.startsWith("Etc/") || resolved === "UTC"
    ? resolved
    : name;
}

/**
 * A cell or form value → the zone to store. Empty → null (the user's zone
 * applies). Never throws: anything else is refused with a message.
 */
export function parseTimeZone(raw: string | null | undefined): TimeZoneParse {
  const text = (raw ?? "").trim();
  if (text === "") return { ok: true, zone: null };
  if (text.length > TIME_ZONE_MAX_LENGTH) return { ok: false, message: timeZoneMessages.tooLong };
  const offset = offsetMinutes(text);
  if (offset !== null) return { ok: true, zone: offsetZone(offset) };
  // A bare "UTC"/"GMT" and the IANA names, whatever their case.
  const zone = canonicalZone(text);
  if (zone) return { ok: true, zone: zone === "Etc/UTC" || zone === "Etc/GMT" || zone === "GMT" ? "UTC" : zone };
  return { ok: false, message: timeZoneMessages.invalid(text) };
}

/** "Etc/GMT-5" → "UTC+05:00"; an IANA name or "UTC+05:30" is shown as it is. */
export function timeZoneLabel(zone: string): string {
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (!m) return zone;
  return formatFixedOffset((m[1] === "-" ? 1 : -1) * Number(m[2]) * 60);
}

/** Whether every function of zoned-time takes `zone`: an Intl zone or a "UTC±HH:MM" offset. */
export function isUsableTimeZone(zone: string): boolean {
  return fixedOffsetMinutes(zone) !== null || isValidTimeZone(zone);
}

/** The form to store of a value the contact schema accepted (null for empty, or for one it did not). */
export function storedTimeZone(raw: string | null | undefined): string | null {
  const parsed = parseTimeZone(raw);
  return parsed.ok ? parsed.zone : null;
}

/** Offsets in use that are not whole hours (India, Nepal, Newfoundland, Chatham …), in minutes. */
const PART_HOUR_OFFSETS = [-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765];

/**
 * What a contact's time zone may be set to: the runtime's IANA zones, then
 * every offset from UTC−12 to UTC+14 in the stored form (whole hours as
 * Etc/GMT∓N, the others as UTC±HH:MM), for contacts known only by offset.
 */
export function contactTimeZoneChoices(ianaZones: readonly string[]): string[] {
  const offsets: number[] = [];
  for (let h = MIN_OFFSET / 60; h <= MAX_OFFSET / 60; h++) if (h !== 0) offsets.push(h * 60);
  offsets.push(...PART_HOUR_OFFSETS);
  offsets.sort((a, b) => a - b);
  return [...ianaZones, ...offsets.map(offsetZone)];
}
