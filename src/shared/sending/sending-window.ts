// The user's sending window (Settings → Sending): mail goes out only on the
// chosen weekdays, between send_time_start and send_time_end, in the user's
// timezone. Work that falls outside waits for the next allowed instant; it is
// never dropped.
import type { Weekday } from "../db-enums.ts";
import { addDays, type LocalDate, localDate, weekdayOf, zonedInstant } from "../zoned-time.ts";

export type SendingRules = {
  timezone: string;
  /** "HH:MM", inclusive. */
  sendTimeStart: string;
  /**
   * "HH:MM". The whole end minute is inside the window, so the default
   * 00:00–23:59 covers the entire day.
   */
  sendTimeEnd: string;
  sendingDays: readonly Weekday[];
};

export function isSendingDay(date: LocalDate, rules: SendingRules): boolean {
  return rules.sendingDays.includes(weekdayOf(date));
}

const MINUTE_MS = 60_000;

/** The window of one local date as instants: [start, end). */
export function windowOn(date: LocalDate, rules: SendingRules): { start: Date; end: Date } {
  const start = zonedInstant(date, rules.sendTimeStart, rules.timezone);
  const end = new Date(zonedInstant(date, rules.sendTimeEnd, rules.timezone).getTime() + MINUTE_MS);
  return { start, end };
}

/**
 * The first instant at or after `candidate` that is inside the window on a
 * sending day. Returns `candidate` itself when it is already allowed.
 * A week always contains a sending day (settings require at least one), so
 * eight days are enough; the ninth guards against a rules object that has none.
 */
export function nextAllowedInstant(candidate: Date, rules: SendingRules): Date {
  const today = localDate(candidate, rules.timezone);
  for (let d = 0; d <= 8; d++) {
    const date = addDays(today, d);
    if (!isSendingDay(date, rules)) continue;
    const { start, end } = windowOn(date, rules);
    if (candidate.getTime() >= end.getTime()) continue;
    return candidate.getTime() < start.getTime() ? start : candidate;
  }
  throw new Error("No sending day is allowed: check sending_days");
}

/** Whether mail may go out at `instant`. */
export function isAllowedInstant(instant: Date, rules: SendingRules): boolean {
  return nextAllowedInstant(instant, rules).getTime() === instant.getTime();
}

/** The start of the window on the first sending day after the local date of `instant`. */
export function nextDayWindowStart(instant: Date, rules: SendingRules): Date {
  const tomorrow = addDays(localDate(instant, rules.timezone), 1);
  return nextAllowedInstant(zonedInstant(tomorrow, "00:00", rules.timezone), rules);
}
