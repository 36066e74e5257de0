// Dates as the screens show them ("Mar 1, 2027", "Mar 1, 2027 14:05"), with
// the browser's Intl instead of date-fns's format(): the dashboard is a first
// screen, and format() with its English locale is about 6 KB gzipped.
// date-format.test.ts checks the output against date-fns's patterns.
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const clock24 = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** date-fns "MMM d, yyyy", in the browser's time zone. */
export const formatDay = (date: Date) => day.format(date);

/** date-fns "MMM d, yyyy HH:mm", in the browser's time zone. */
export const formatDayTime = (date: Date) => `${day.format(date)} ${clock24.format(date)}`;
