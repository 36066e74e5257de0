// When a follow-up step becomes due. A step's delay counts from the previous
// step's actual send (not from launch), so a step 1 held back by daily limits
// keeps its follow-ups the same distance behind it. A step with a fixed date
// (and time, 09:00 by default) is due then, in the user's timezone.
import type { DelayUnit } from "../db-enums.ts";
import { addDays, localDate, wallClock, zonedInstant } from "../zoned-time.ts";

export type FollowUpTiming = {
  delayAmount: number;
  delayUnit: DelayUnit;
  /** "YYYY-MM-DD" in the user's timezone, or null for a delay. */
  scheduledDate: string | null;
  /** "HH:MM"; null means the display default. */
  scheduledTime: string | null;
};

/** The time a dated step without its own time goes out (docs/product.md §9.6, §11.1). */
export const DEFAULT_STEP_TIME = "09:00";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The instant the step is due, before the sending window is applied.
 * - Fixed date: that date and time in `timeZone`; if it has already passed
 *   when the previous step goes out, the follow-up is due at once.
 * - Days: the same wall-clock time N calendar days later (a DST change in
 *   between does not shift it by an hour).
 * - Hours and minutes: elapsed time.
 */
export function followUpDueAt(previousSentAt: Date, step: FollowUpTiming, timeZone: string): Date {
  if (step.scheduledDate) {
    const fixed = zonedInstant(step.scheduledDate, step.scheduledTime ?? DEFAULT_STEP_TIME, timeZone);
    return fixed.getTime() > previousSentAt.getTime() ? fixed : previousSentAt;
  }
  const amount = Math.max(0, step.delayAmount);
  if (step.delayUnit === "minutes") return new Date(previousSentAt.getTime() + amount * 60_000);
  if (step.delayUnit === "hours") return new Date(previousSentAt.getTime() + amount * 3_600_000);
  const w = wallClock(previousSentAt, timeZone);
  const date = addDays(localDate(previousSentAt, timeZone), amount);
  const sameTime = zonedInstant(date, `${pad(w.hour)}:${pad(w.minute)}`, timeZone);
  // Seconds and milliseconds carry over so "0 days" is exactly the send time.
  return new Date(sameTime.getTime() + w.second * 1000 + (previousSentAt.getTime() % 1000));
}
