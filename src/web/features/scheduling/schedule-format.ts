// How scheduling links and booking times read on screen. Pure functions over
// Intl, shared by the Scheduling Links manager and the public booking page (so
// the public page pulls in nothing of the signed-in app).

import { type Weekday, weekdays } from "#shared/weekdays.ts";
import { addDays, type LocalDate, weekdayIndex, weekdayOf } from "#shared/zoned-time.ts";

export function dayLabel(day: Weekday): string {
  return day[0]!.toUpperCase() + day.slice(1);
}

/** The link's days in week order (Monday first, as the form lists them). */
export function orderedDays(days: readonly Weekday[]): Weekday[] {
  return weekdays.filter((d) => days.includes(d));
}

/** "Monday to Friday" for a run of consecutive days, else "Monday, Wednesday and Friday". */
export function formatDays(days: readonly Weekday[]): string {
  const ordered = orderedDays(days);
  if (ordered.length === 7) return "Every day";
  const labels = ordered.map(dayLabel);
  const first = weekdays.indexOf(ordered[0]!);
  const consecutive = ordered.every((d, i) => weekdays.indexOf(d) === first + i);
  if (consecutive && ordered.length >= 3) return `${labels[0]} to ${labels.at(-1)}`;
  if (labels.length <= 1) return labels[0] ?? "";
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** "09:00" → "9:00 AM", "17:30" → "5:30 PM": the spec's 12-hour English format. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

export function formatWindow(start: string, end: string): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} minutes`;
}

function zoneNamePart(timeZone: string, instant: Date, style: "shortOffset" | "longOffset"): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style }).formatToParts(instant);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** The zone's short name at `instant`, e.g. "GMT+3" (it changes across DST, so it is per instant). */
export function zoneShortName(timeZone: string, instant: Date = new Date()): string {
  return zoneNamePart(timeZone, instant, "shortOffset");
}

/** "Asia/Baghdad (GMT+03:00)": the timezone select's option labels. */
export function timeZoneLabel(zone: string, now: Date = new Date()): string {
  // ICU builds differ on UTC itself ("GMT" or "GMT+00:00"): one spelling.
  return `${zone} (${zoneNamePart(zone, now, "longOffset").replace(/^GMT$/, "GMT+00:00")})`;
}

/** "2026-12-07" → "Monday, December 7, 2026" (a calendar date: no zone shifts it). */
export function formatLongDate(date: LocalDate): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** The visitor's own zone, as the browser reports it. */
export function visitorTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * What a slot's start reads as on the visitor's clock ("7:00 AM", with the
 * weekday when the visitor's date is another one: "Sun 10:00 PM") and the
 * visitor's zone name, or null when it reads the same as in the link's zone.
 */
export function visitorLocalTime(
  startsAt: string,
  linkZone: string,
  visitorZone: string,
): { time: string; zone: string } | null {
  const instant = new Date(startsAt);
  const time = (timeZone: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hourCycle: "h12" })
      .format(instant)
      // Newer ICU puts a narrow no-break space before AM/PM; read it as a space.
      .replace(/\u202f/g, " ");
  const day = (timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(instant);
  const sameDay = day(visitorZone) === day(linkZone);
  if (sameDay && time(visitorZone) === time(linkZone)) return null;
  return {
    time: `${sameDay ? "" : `${day(visitorZone)} `}${time(visitorZone)}`,
    zone: zoneShortName(visitorZone, instant),
  };
}

// ---- The booking page's month picker ----------------------------------------

/** "2026-12" of a date. */
export function monthOf(date: LocalDate): string {
  return date.slice(0, 7);
}

/** The month after (+1) or before (-1) "YYYY-MM". */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** "December 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
}

/**
 * The weeks of a month, Sunday to Saturday (the spec's calendar week), with
 * null for the cells before the 1st and after the last day.
 */
export function monthWeeks(month: string): (LocalDate | null)[][] {
  const first = `${month}-01`;
  const cells: (LocalDate | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let date = first; monthOf(date) === month; date = addDays(date, 1)) cells.push(date);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (LocalDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The first bookable date on or after `from`, within a week and not after `lastDate` (the link's
 * horizon): null when the link has no days, or none of them comes before the horizon ends.
 */
export function nextBookableDate(from: LocalDate, days: readonly Weekday[], lastDate?: LocalDate): LocalDate | null {
  for (let i = 0; i < 7; i++) {
    const date = addDays(from, i);
    if (lastDate !== undefined && date > lastDate) return null;
    if (days.includes(weekdayOf(date))) return date;
  }
  return null;
}
