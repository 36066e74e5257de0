// The calendar screen's dates: months as "YYYY-MM", days as "YYYY-MM-DD" in
// the user's zone (the month response's timezone), and the spec's formats:
// 12-hour English times ("9:30 AM"), long dates ("Tuesday, November 24, 2026").
import { addDays, type LocalDate, localDate, weekdayIndex } from "#shared/zoned-time.ts";

export type CalendarCell = { date: LocalDate; inMonth: boolean };

/** The month a day belongs to. */
export const monthOf = (date: LocalDate): string => date.slice(0, 7);

/** Today's date in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()): LocalDate => localDate(now, timeZone);

/** `month` plus `months` (negative goes back). */
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The weeks (Sunday to Saturday) that show `month`, with the neighbouring months' days filling the first and last. */
export function monthGrid(month: string): CalendarCell[][] {
  const first = `${month}-01`;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const start = addDays(first, -weekdayIndex(first));
  const end = addDays(last, 6 - weekdayIndex(last));
  const weeks: CalendarCell[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(day, i);
        return { date, inMonth: monthOf(date) === month };
      }),
    );
  }
  return weeks;
}

// A calendar date is formatted as that date at noon UTC, read in UTC: the
// same date whatever the browser's zone.
const utcNoon = (date: LocalDate) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

const headingFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const longFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "November 2026" */
export const monthHeading = (month: string): string => headingFormat.format(utcNoon(`${month}-01`));

/** "Tuesday, November 24, 2026" */
export const longDate = (date: LocalDate): string => longFormat.format(utcNoon(date));

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "9:30 AM": an instant's time of day in `timeZone`, 12-hour English. */
export function timeOfDay(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone });
    timeFormats.set(timeZone, format);
  }
  // Recent ICU puts a narrow no-break space before AM/PM; the spec's text has a plain one.
  return format.format(new Date(iso)).replace(/\s/g, " ");
}

/** The local day of an instant in `timeZone`. */
export const dayOf = (iso: string, timeZone: string): LocalDate => localDate(new Date(iso), timeZone);
