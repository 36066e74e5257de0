// The rates the dashboard, the campaigns overview and the sender pages show
// (docs/product.md §1.2): whole percents, rounded, and 0 when there is nothing to
// divide by — except the success rate, which is 100 before anything was sent
// (nothing has failed yet).

/** part / whole as a rounded whole percent; 0 when whole is 0. */
export function percent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.round((part / whole) * 100);
}

/** A percent for a bar: never above 100 (an email opened but counted before its send was, for one). */
export function barPercent(part: number, whole: number): number {
  return Math.min(100, percent(part, whole));
}

/** Open rate = opened / sent. */
export const openRate = (s: { opened: number; sent: number }) => percent(s.opened, s.sent);

/** Reply rate = active contacts that replied / active contacts. */
export const replyRate = (c: { replied: number; active: number }) => percent(c.replied, c.active);

/** Failure rate = failed / total sends (pending included in the total). */
export const failureRate = (s: { failed: number; total: number }) => percent(s.failed, s.total);

/** Success rate = sent / total; 100 while there are no sends. */
export function successRate(s: { sent: number; total: number }): number {
  return s.total > 0 ? percent(s.sent, s.total) : 100;
}
