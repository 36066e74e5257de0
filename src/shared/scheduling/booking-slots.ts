// The bookable times of a scheduling link (the public booking page and the
// server's check of a booking). Pure: the caller passes "now" and the owner's
// busy intervals.
//
// - The grid starts at available_time_start and steps by duration_minutes on
//   the link's wall clock; a slot must END by available_time_end, so the end
//   is exclusive (09:00–17:00 × 30 → 09:00 … 16:30) and a duration that does
//   not divide the window leaves the remainder unused (× 45 → last 16:00).
// - Only dates whose own weekday is one of available_days, not before today
//   and not after today + booking_horizon_days in the link's zone (the
//   horizon counts calendar dates: 60 means up to the date 60 days on).
// - A slot starts at least minimum_notice_hours after now (0: any time not
//   yet started).
// - Wall-clock times are instants in the link's IANA zone. On a spring-forward
//   day a time that does not exist is not offered (nobody can be told "02:30"
//   when clocks skip it); on a fall-back day a repeated time is offered once,
//   at its first (earlier) instant. A slot's end is its start plus the
//   duration in real time, and must not pass the window's end instant.
// - Slots that have started (start <= now) or overlap a busy interval
//   [start, end) are not offered; touching one is fine.
import type { Weekday } from "../db-enums.ts";
import { addDays, type LocalDate, localDate, minutesOfDay, wallClock, weekdayOf, zonedInstant } from "../zoned-time.ts";

export type SlotRules = {
  durationMinutes: number;
  availableDays: readonly Weekday[];
  /** "HH:MM" on the link's wall clock. */
  availableTimeStart: string;
  /** "HH:MM": every slot ends by it. */
  availableTimeEnd: string;
  /** IANA zone of the link's wall clock. */
  timezone: string;
  /** The last bookable date is today + this many days (link's zone). */
  bookingHorizonDays: number;
  /** A slot must start at least this many hours after now. */
  minimumNoticeHours: number;
};

/** A half-open interval [start, end) of instants. */
export type Interval = { start: Date; end: Date };

export type GridSlot = {
  /** "HH:MM" on the link's wall clock. */
  time: string;
  startsAt: Date;
  endsAt: Date;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const pad = (n: number) => String(n).padStart(2, "0");

/** "HH:MM" of minutes since midnight. */
export function timeOfDay(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * "YYYY-MM-DD" naming a real calendar date. The round trip through addDays
 * rejects 2026-02-30 and years below 100 (which Date.UTC reads as 19xx).
 */
export function isCalendarDate(date: string): date is LocalDate {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date;
}

/** The last date a visitor may pick: today + the horizon, in the link's zone. */
export function lastBookableDate(rules: Pick<SlotRules, "bookingHorizonDays" | "timezone">, now: Date): LocalDate {
  return addDays(localDate(now, rules.timezone), rules.bookingHorizonDays);
}

/**
 * Whether a visitor may pick `date`: a real date, from today to today + the
 * horizon in the link's zone, on an available weekday.
 */
export function isBookableDate(rules: SlotRules, date: string, now: Date): boolean {
  return (
    isCalendarDate(date) &&
    isBookableDay(
      date,
      { today: localDate(now, rules.timezone), lastDate: lastBookableDate(rules, now) },
      rules.availableDays,
    )
  );
}

/**
 * The same rule given the link's today and last date (the booking page has them from the server):
 * between them, on an available weekday.
 */
export function isBookableDay(
  date: LocalDate,
  range: { today: LocalDate; lastDate: LocalDate },
  days: readonly Weekday[],
): boolean {
  return date >= range.today && date <= range.lastDate && days.includes(weekdayOf(date));
}

/** Whether a slot starting at `startsAt` may still be booked at `now`: not started, and at least the notice ahead. */
export function isBookableStart(rules: Pick<SlotRules, "minimumNoticeHours">, startsAt: Date, now: Date): boolean {
  const start = startsAt.getTime();
  return start > now.getTime() && start >= now.getTime() + rules.minimumNoticeHours * HOUR_MS;
}

/** Whether a wall clock in `timeZone` shows exactly `date` `time` at `instant` (false inside a DST gap). */
function shows(instant: Date, date: LocalDate, minutes: number, timeZone: string): boolean {
  const w = wallClock(instant, timeZone);
  const shown = `${String(w.year).padStart(4, "0")}-${pad(w.month)}-${pad(w.day)}`;
  return shown === date && w.hour * 60 + w.minute === minutes;
}

/**
 * Every slot of the grid on `date`, ignoring weekday, past and busy times:
 * the times that exist that day and end by the window's end.
 */
export function gridSlots(rules: SlotRules, date: LocalDate): GridSlot[] {
  const start = minutesOfDay(rules.availableTimeStart);
  const end = minutesOfDay(rules.availableTimeEnd);
  const step = rules.durationMinutes;
  if (!(step > 0)) return [];
  // The window's end as an instant. zonedInstant moves a time inside a DST gap
  // past the gap, the same reading the start times get.
  const windowEnd = zonedInstant(date, rules.availableTimeEnd, rules.timezone).getTime();
  const slots: GridSlot[] = [];
  for (let m = start; m + step <= end; m += step) {
    const time = timeOfDay(m);
    const startsAt = zonedInstant(date, time, rules.timezone);
    // Spring forward: zonedInstant resolved a skipped time past the gap; that wall time does not exist today.
    if (!shows(startsAt, date, m, rules.timezone)) continue;
    const endsAt = new Date(startsAt.getTime() + step * MINUTE_MS);
    if (endsAt.getTime() > windowEnd) continue;
    slots.push({ time, startsAt, endsAt });
  }
  return slots;
}

const overlaps = (a: Interval, b: Interval) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * The slots a visitor may book on `date`: a bookable date, on the grid, not
 * started yet and at least the notice ahead, overlapping none of the owner's
 * busy intervals.
 */
export function freeSlots(
  rules: SlotRules,
  date: string,
  options: { now: Date; busy?: readonly Interval[] },
): GridSlot[] {
  if (!isBookableDate(rules, date, options.now)) return [];
  const busy = options.busy ?? [];
  return gridSlots(rules, date).filter(
    (slot) =>
      isBookableStart(rules, slot.startsAt, options.now) &&
      !busy.some((interval) => overlaps({ start: slot.startsAt, end: slot.endsAt }, interval)),
  );
}

/** The instants a date covers in a zone, [its first instant, the next date's first instant): the busy query's range. */
export function dayRange(date: LocalDate, timeZone: string): Interval {
  return { start: zonedInstant(date, "00:00", timeZone), end: zonedInstant(addDays(date, 1), "00:00", timeZone) };
}
