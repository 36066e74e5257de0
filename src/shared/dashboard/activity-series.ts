// The dashboard's 30-day chart (issue 6): sends, opens and replies per UTC day,
// one point per day including the days with nothing (the counters only hold
// days on which something happened).

export const ACTIVITY_DAYS = 30;

export type ActivityPoint = { day: string; sent: number; opened: number; replied: number };

const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day `offset` days after `day` (YYYY-MM-DD, UTC; negative goes back). */
export function addDays(day: string, offset: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + offset * DAY_MS));
}

/** The `days` UTC days ending with the day of `now`, oldest first. */
export function activityWindow(now: Date, days = ACTIVITY_DAYS): { from: string; to: string; days: string[] } {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  return { from, to, days: Array.from({ length: days }, (_, i) => addDays(from, i)) };
}

/**
 * One point per day of the window, oldest first: the counters' rows where
 * there are some, zeros elsewhere. Rows outside the window are ignored.
 */
export function fillActivity(
  days: readonly string[],
  rows: readonly { day: string; sent: number; opened: number; replied: number }[],
): ActivityPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const r = byDay.get(day);
    return { day, sent: r?.sent ?? 0, opened: r?.opened ?? 0, replied: r?.replied ?? 0 };
  });
}

/** The window's totals. */
export function activityTotals(points: readonly ActivityPoint[]) {
  return points.reduce(
    (t, p) => ({ sent: t.sent + p.sent, opened: t.opened + p.opened, replied: t.replied + p.replied }),
    { sent: 0, opened: 0, replied: 0 },
  );
}
