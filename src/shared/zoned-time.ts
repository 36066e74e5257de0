// Wall-clock time in an IANA time zone, through Intl only (no date library):
// the sending engine keeps instants (UTC) in the database and applies the
// sending window and days in the contact's zone (the user's when it has
// none), the daily limits in the user's. Besides IANA names, a fixed offset
// written "UTC+05:30" is a zone here: Intl refuses offsets, and a contact's
// imported offset that is not whole hours has no IANA name (docs/decisions/025).

import type { Weekday } from "./db-enums.ts";

/** A calendar date and time of day as a clock on the wall in some zone shows it. */
export type WallClock = {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** A calendar date, "YYYY-MM-DD". */
export type LocalDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-US with h23 gives numeric parts we can read back reliably (no "24" at midnight).
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** What formatToParts says a wall clock in `timeZone` shows at `instant`. */
function formattedWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const MINUTE_MS = 60_000;

const FIXED_OFFSET = /^UTC([+-])(\d{2}):(\d{2})$/;

/** The offset in minutes of a "UTC+05:30" zone; null for any other name. */
export function fixedOffsetMinutes(timeZone: string): number | null {
  const m = FIXED_OFFSET.exec(timeZone);
  if (!m) return null;
  return (m[1] === "+" ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3]));
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** 330 → "UTC+05:30", -180 → "UTC-03:00". */
export function formatFixedOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "-" : "+"}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/**
 * Zone offsets by UTC minute. formatToParts costs microseconds, and the
 * sending engine asks for the same zone and minute many times per message
 * (window, daily counters, follow-up dates: ~20 calls); offsets change only
 * at transitions, which fall on whole minutes, so one lookup per zone and
 * minute is exact. Bounded: cleared when it grows past the limit.
 */
const offsets = new Map<string, number>();
const OFFSET_CACHE_LIMIT = 10_000;

function offsetOfMinute(instant: number, timeZone: string): number {
  const minuteStart = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  const key = `${timeZone} ${minuteStart}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const fixed = fixedOffsetMinutes(timeZone);
    if (fixed !== null) return fixed * MINUTE_MS;
    const w = formattedWallClock(new Date(minuteStart), timeZone);
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - minuteStart;
    if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** What a wall clock in `timeZone` shows at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const time = instant.getTime();
  const shown = new Date(time + offsetOfMinute(time, timeZone));
  return {
    year: shown.getUTCFullYear(),
    month: shown.getUTCMonth() + 1,
    day: shown.getUTCDate(),
    hour: shown.getUTCHours(),
    minute: shown.getUTCMinutes(),
    second: shown.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date in `timeZone` at `instant`: the key of the daily counters. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

function parseDate(date: LocalDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = parseDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday: a calendar date's weekday does not depend on the zone. */
export function weekdayIndex(date: LocalDate): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const weekdayByIndex: readonly Weekday[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** The weekday of a calendar date ("monday" …): it does not depend on any zone. */
export function weekdayOf(date: LocalDate): Weekday {
  return weekdayByIndex[weekdayIndex(date)]!;
}

/** Minutes since midnight of an "HH:MM" time of day. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h! * 60 + m!;
}

/** Local time minus UTC, in ms, at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const DAY_MS = 86_400_000;

/**
 * The instant at which a wall clock in `timeZone` shows `date` `time` ("HH:MM").
 *
 * DST: a time that happens twice (clocks go back) resolves to the first one; a
 * time that does not exist (clocks go forward) resolves to the same distance
 * past the gap (02:30 on a spring-forward night in Berlin is 03:30), which is
 * what a person setting a clock would expect. Transitions are never closer
 * than a day apart, so the offsets a day before and after cover both cases.
 */
export function zonedInstant(date: LocalDate, time: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const minutes = minutesOfDay(time);
  const asUtc = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const shows = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return w.year === year && w.month === month && w.day === day && w.hour * 60 + w.minute === minutes;
  };
  const candidates = [asUtc - before, asUtc - after].filter(shows).sort((a, b) => a - b);
  // No candidate: the time falls in a gap; the pre-transition offset moves it forward past the gap.
  return new Date(candidates[0] ?? asUtc - before);
}
