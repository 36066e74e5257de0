// Dates as the screens show them ("Mar 1, 2027", "Mar 1, 2027 14:05"), in the
// browser's time zone. Neither date-fns's format() (its English locale comes
// with it, on the dashboard, a first screen: docs/decisions/011-first-load-size-budget.md)
// nor Intl.DateTimeFormat: the first DateTimeFormat a page builds loads the
// browser's locale and time zone data, a long task on a slow phone
// (docs/decisions/019-dashboard-first-load.md), for a fixed English pattern that
// Date's getters give.
// date-format.test.ts checks the output against date-fns's patterns.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const two = (n: number) => String(n).padStart(2, "0");

/** date-fns "MMM d, yyyy", in the browser's time zone. */
export const formatDay = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** date-fns "MMM d, yyyy HH:mm", in the browser's time zone. */
export const formatDayTime = (date: Date) => `${formatDay(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;
