// How much each sender mailbox and the user may still send today (daily_limit,
// daily_send_limit, counted in the user's timezone, in-flight claims included),
// and where the rows that do not fit today go: to the first allowed instant of
// the next day with room. Which rows fit is decided by allocateCapacity
// (#shared/sending/daily-capacity.ts), the day each full limit moves to by
// fullDayDeferrals below; this module only reads and writes.
import { sql } from "drizzle-orm";
import { type CapacityCandidate, nextSlotWithCapacity } from "#shared/sending/daily-capacity.ts";
import type { SendingRules } from "#shared/sending/sending-window.ts";
import type { LocalDate } from "#shared/zoned-time.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { dueOfUser } from "./due-rows.ts";

export type MailboxUsage = { id: string; daily_limit: number; used: number };

export type Capacity = { mailboxes: MailboxUsage[]; userUsed: number };

/** Today's use of the given mailboxes and of the user: counters plus rows being sent now. */
export async function readCapacity(
  tx: Tx,
  o: { userId: string; mailboxIds: string[]; today: LocalDate },
): Promise<Capacity> {
  const mailboxes = await queryRows<MailboxUsage>(
    tx,
    sql`
    select sa.id, sa.daily_limit,
      coalesce((select d.sent from sender_daily_counts d where d.sender_account_id = sa.id and d.day = ${o.today}::date), 0)
      + (select count(*) from scheduled_emails f where f.sender_account_id = sa.id and f.status = 'sending')::int
      as used
    from sender_accounts sa where sa.id = ${anyUuid(o.mailboxIds)}`,
  );
  const [user] = await queryRows<{ used: number }>(
    tx,
    sql`
    select coalesce((select d.sent from user_daily_counts d where d.user_id = ${o.userId} and d.day = ${o.today}::date), 0)
      + (select count(*) from scheduled_emails f
         where f.status = 'sending' and f.campaign_id in (select id from campaigns where user_id = ${o.userId}))::int
      as used`,
  );
  return {
    mailboxes: mailboxes.map((m) => ({ ...m, used: Number(m.used) })),
    userUsed: Number(user?.used ?? 0),
  };
}

/** Remaining room per mailbox, as allocateCapacity takes it. */
export function remainingByMailbox(capacity: Capacity): Map<string, number> {
  return new Map(capacity.mailboxes.map((m) => [m.id, m.daily_limit - m.used]));
}

/**
 * Where the rows that did not fit today go. When the user's own limit is used
 * up, every due row of the user moves (mailboxId null); otherwise every due
 * row of each full mailbox moves to the first allowed instant of a day where
 * that mailbox and the user both have room.
 */
export function fullDayDeferrals(o: {
  now: Date;
  rules: SendingRules;
  today: LocalDate;
  capacity: Capacity;
  userLimit: number;
  fit: readonly CapacityCandidate[];
  full: readonly CapacityCandidate[];
}): { mailboxId: string | null; until: Date }[] {
  const usedToday = (used: number) => (date: LocalDate) => (date === o.today ? used : 0);
  const userUsedNow = o.capacity.userUsed + o.fit.length;
  const userLimit = { limit: o.userLimit, usedOn: usedToday(userUsedNow) };
  if (o.full.length === 0) return [];
  if (userUsedNow >= o.userLimit)
    return [{ mailboxId: null, until: nextSlotWithCapacity(o.now, o.rules, [userLimit]) }];
  const fitBy = new Map<string, number>();
  for (const f of o.fit) fitBy.set(f.mailboxId, (fitBy.get(f.mailboxId) ?? 0) + 1);
  const deferrals: { mailboxId: string | null; until: Date }[] = [];
  for (const mailboxId of new Set(o.full.map((f) => f.mailboxId))) {
    const m = o.capacity.mailboxes.find((x) => x.id === mailboxId);
    if (!m) continue;
    const used = m.used + (fitBy.get(mailboxId) ?? 0);
    const mailboxLimit = { limit: m.daily_limit, usedOn: usedToday(used) };
    deferrals.push({ mailboxId, until: nextSlotWithCapacity(o.now, o.rules, [mailboxLimit, userLimit]) });
  }
  return deferrals;
}

/** Moves the due rows of each deferral: one statement per full mailbox, not per row. */
export async function deferRows(
  tx: Tx,
  o: { userId: string; now: Date; deferrals: { mailboxId: string | null; until: Date }[] },
): Promise<void> {
  for (const d of o.deferrals) {
    const mailbox = d.mailboxId ? sql`and se.sender_account_id = ${d.mailboxId}::uuid` : sql``;
    await tx.execute(sql`update scheduled_emails se set scheduled_for = ${at(d.until)}, updated_at = ${at(o.now)}
      where ${dueOfUser(o.userId, o.now)} ${mailbox}`);
  }
}
