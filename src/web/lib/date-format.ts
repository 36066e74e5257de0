// Dates as the screens show them ("Mar 1, 2027", "Mar 1, 2027 14:05"), in the
// browser's time zone. Neither date-fns's format() (with its English locale
// about 6 KB gzipped on the dashboard, a first screen) nor Intl.DateTimeFormat:
// the first DateTimeFormat a page builds loads the browser's locale and time
// zone data, about 30 ms of main thread on this machine and four times that on
// Lighthouse's phone, for a fixed English pattern that Date's getters give.
// date-format.test.ts checks the output against date-fns's patterns.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const two = (n: number) => String(n).padStart(2, "0");

/** date-fns "MMM d, yyyy", in the browser's time zone. */
export const formatDay = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** date-fns "MMM d, yyyy HH:mm", in the browser's time zone. */
export const formatDayTime = (date: Date) => `${formatDay(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;
