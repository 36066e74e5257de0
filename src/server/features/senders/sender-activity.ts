// SQL over sender_activity_daily (user, lowercased sender address, UTC day),
// the counters the database triggers keep (docs/decisions/002-reporting-counters.md).
// A sender's figures are read from its address's day rows through the primary
// key (user_id, sender_email, day): no aggregation over email_sends.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SenderStatsWindow } from "#shared/senders/sender-stats.ts";
import type { Db } from "../../db/client.ts";
import { senderActivityDaily } from "../../db/schema/analytics.ts";

const d = senderActivityDaily;

/** lower(column): how an address is matched against the counters' sender_email and the email indexes. */
export const addressOf = (column: AnyPgColumn): SQL => sql`lower(${column})`;

const total = (column: AnyPgColumn, alias: string) => sql<number>`coalesce(sum(${column}), 0)::int`.as(alias);

/** The sum over the days from `from` to `to`, both included. */
const between = (column: AnyPgColumn, from: string, to: string, alias: string) =>
  sql<number>`coalesce(sum(${column}) filter (where ${d.day} between ${from}::date and ${to}::date), 0)::int`.as(alias);

const of = (userId: string, address: SQL) => and(eq(d.userId, userId), sql`${d.senderEmail} = ${address}`);

/**
 * All-time sent of one address, as a lateral subquery (one row, 0 when the
 * address never sent): `address` may refer to the outer query's columns.
 */
export function totalSentLateral(db: Db, userId: string, address: SQL, alias = "sender_total") {
  return db
    .select({ sent: total(d.sent, "total_sent") })
    .from(d)
    .where(of(userId, address))
    .as(alias);
}

/** Today, the last 7 days, the last month and all time of one address, as a lateral subquery (one row). */
export function periodActivityLateral(db: Db, userId: string, address: SQL, w: SenderStatsWindow) {
  const periods = {
    todaySent: between(d.sent, w.from.today, w.today, "today_sent"),
    todayFailed: between(d.failed, w.from.today, w.today, "today_failed"),
    todayOpened: between(d.opened, w.from.today, w.today, "today_opened"),
    weekSent: between(d.sent, w.from.last7Days, w.today, "week_sent"),
    weekFailed: between(d.failed, w.from.last7Days, w.today, "week_failed"),
    weekOpened: between(d.opened, w.from.last7Days, w.today, "week_opened"),
    monthSent: between(d.sent, w.from.lastMonth, w.today, "month_sent"),
    monthFailed: between(d.failed, w.from.lastMonth, w.today, "month_failed"),
    monthOpened: between(d.opened, w.from.lastMonth, w.today, "month_opened"),
    totalSent: total(d.sent, "total_sent"),
    totalFailed: total(d.failed, "total_failed"),
    totalOpened: total(d.opened, "total_opened"),
  };
  return db.select(periods).from(d).where(of(userId, address)).as("activity");
}

/** All-time and today's counts of one address (the sender profile). */
export async function addressActivity(db: Db, userId: string, address: string, today: string) {
  const [row] = await db
    .select({
      sent: total(d.sent, "sent"),
      failed: total(d.failed, "failed"),
      opened: total(d.opened, "opened"),
      todaySent: between(d.sent, today, today, "today_sent"),
    })
    .from(d)
    .where(of(userId, sql`${address}`));
  return row ?? { sent: 0, failed: 0, opened: 0, todaySent: 0 };
}
