// Sender statistics (docs/product.md §17.2, §17.3): the periods of the Senders
// page (today, last 7 days, last month), their success and open rates, and the
// sender profile's daily activity bar. Days are UTC days, as the reporting
// counters keep them (docs/decisions/002-reporting-counters.md).
import { barPercent, openRate, successRate } from "../reporting/rates.ts";

/** What the counters hold for a sender over some days. */
export type SenderActivityCounts = { sent: number; failed: number; opened: number };

export type SenderActivityFigures = SenderActivityCounts & { successRate: number; openRate: number };

export const senderStatsPeriods = ["today", "last7Days", "lastMonth"] as const;
export type SenderStatsPeriod = (typeof senderStatsPeriods)[number];

export const senderStatsPeriodLabels: Record<SenderStatsPeriod, string> = {
  today: "Today",
  last7Days: "Last 7 days",
  lastMonth: "Last month",
};

/** How many UTC days each period covers, today included. "Last month" is the last 30 days. */
export const senderStatsPeriodDays: Record<SenderStatsPeriod, number> = { today: 1, last7Days: 7, lastMonth: 30 };

/**
 * Success rate = sent / (sent + failed): a sender's counters hold attempts that
 * ended, not pending ones. 100 while nothing was attempted (nothing has failed),
 * as every success rate of the app.
 */
export function senderSuccessRate(c: Pick<SenderActivityCounts, "sent" | "failed">): number {
  return successRate({ sent: c.sent, total: c.sent + c.failed });
}

/** Open rate = opened / sent, 0 when nothing was sent. */
export function senderOpenRate(c: Pick<SenderActivityCounts, "sent" | "opened">): number {
  return openRate(c);
}

/** The counts with their two rates, as every sender figure is shown. */
export function senderActivityFigures(c: SenderActivityCounts): SenderActivityFigures {
  return {
    sent: c.sent,
    failed: c.failed,
    opened: c.opened,
    successRate: senderSuccessRate(c),
    openRate: senderOpenRate(c),
  };
}

/** Daily Email Activity: today's sent as a percent of the daily limit, never above 100. */
export function dailyLimitPercent(sentToday: number, dailyLimit: number): number {
  return barPercent(sentToday, dailyLimit);
}

/** Active Senders have sent at least one email; the others are Unused. */
export function isActiveSender(totalSent: number): boolean {
  return totalSent > 0;
}

/** Senders are matched by address, case-insensitively (the counters key on the lowercased address). */
export function senderAddressKey(email: string): string {
  return email.trim().toLowerCase();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `at` as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export type SenderStatsWindow = {
  /** Today's UTC day. */
  today: string;
  /** First day of each period (today included in each). */
  from: Record<SenderStatsPeriod, string>;
  /** Today's bounds as instants: [start, end). */
  dayStart: Date;
  dayEnd: Date;
};

/** The days the periods cover at `now`. */
export function senderStatsWindow(now: Date): SenderStatsWindow {
  const dayStart = new Date(`${utcDay(now)}T00:00:00.000Z`);
  const from = Object.fromEntries(
    senderStatsPeriods.map((p) => [p, utcDay(new Date(dayStart.getTime() - (senderStatsPeriodDays[p] - 1) * DAY_MS))]),
  ) as Record<SenderStatsPeriod, string>;
  return { today: utcDay(now), from, dayStart, dayEnd: new Date(dayStart.getTime() + DAY_MS) };
}
