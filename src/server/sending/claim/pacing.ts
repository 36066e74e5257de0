// The claim's reads and writes for human pacing and the campaigns' new-contact
// caps (the rules: #shared/sending/pacing.ts). With no pacing row and no capped
// campaign among the due rows this costs one small query per claim (sender_pacing
// by its key), so the engine's speed with pacing off is what it was
// (bench/README.md).
import { sql } from "drizzle-orm";
import { allowanceOf, HOUR_MS, type MailboxPace } from "#shared/sending/pacing.ts";
import type { LocalDate } from "#shared/zoned-time.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { type PacingRuleRow, pacingRuleColumns, pacingRulesOf } from "../../domain/sender-pacing-rules.ts";
import { dueOfUser, isFirstStep, pausedMailboxes } from "./due-rows.ts";

type PaceRow = PacingRuleRow & {
  id: string;
  address: string;
  next_send_at: string | Date | null;
  last_hour: number;
  today: number;
};

const toDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

export type PacedMailboxes = {
  /** The paced mailboxes that may send now, and how many rows each may give (takeDueRows). */
  take: { id: string; take: number }[];
  /** The user's mailboxes in active campaigns without pacing (takeDueRows scans only their rows, and rows without a sender). */
  unpaced: string[];
  /** Each paced sender_accounts id's address. */
  addressOf: Map<string, string>;
  /** What each paced address may send now (paceCandidates). */
  allowances: Map<string, { n: number; gap: Date | null }>;
};

/**
 * The user's paced mailboxes in active campaigns (or one campaign's), with the
 * pace of each address: the rules, the gap's end, and what the claims took
 * from it in the last hour and today, in every campaign (recordClaims). null
 * when the user has no pacing at all: the claim then reads its rows as it
 * always did.
 */
export async function readPacedMailboxes(
  tx: Tx,
  o: {
    userId: string;
    campaignId?: string;
    limit: number;
    now: Date;
    today: LocalDate;
  },
): Promise<PacedMailboxes | null> {
  const campaignFilter = o.campaignId ? sql`and c.id = ${o.campaignId}::uuid` : sql``;
  const hourAgo = new Date(o.now.getTime() - HOUR_MS);
  const all = await queryRows<PaceRow & { address: string | null }>(
    tx,
    sql`
    select sa.id, p.email as address, ${pacingRuleColumns}, p.next_send_at,
      (select count(*) from unnest(p.recent_sends) t where t > ${at(hourAgo)})::int as last_hour,
      case when p.day = ${o.today}::date then p.day_sent else 0 end as today
    from sender_accounts sa
    join campaigns c on c.id = sa.campaign_id and c.user_id = ${o.userId} and c.status = 'active' ${campaignFilter}
    left join sender_pacing p on p.user_id = ${o.userId} and p.email = lower(sa.email)
    where exists (select 1 from sender_pacing x where x.user_id = ${o.userId})
      -- A mailbox bounce protection paused is neither read nor scanned (due-rows.ts dueOfUser).
      and sa.id not in ${pausedMailboxes(o.userId)}`,
  );
  const rows = all.filter((r): r is PaceRow => r.address !== null);
  if (rows.length === 0) return null;
  const addressOf = new Map<string, string>();
  const allowances = new Map<string, { n: number; gap: Date | null }>();
  for (const r of rows) {
    addressOf.set(r.id, r.address);
    if (allowances.has(r.address)) continue;
    const pace: MailboxPace = {
      rules: pacingRulesOf(r),
      nextSendAt: toDate(r.next_send_at),
      sentLastHour: Number(r.last_hour),
      sentToday: Number(r.today),
    };
    allowances.set(r.address, allowanceOf(pace, o));
  }
  const take = rows.flatMap((r) => {
    const n = allowances.get(r.address)?.n ?? 0;
    return n > 0 ? [{ id: r.id, take: Math.min(n, o.limit) }] : [];
  });
  return { take, unpaced: all.filter((r) => r.address === null).map((r) => r.id), addressOf, allowances };
}

/**
 * What is left today of each capped campaign's new-contact cap: its limit less
 * the contacts the claim started today (recordClaims). Only campaigns with a
 * cap are returned.
 */
export async function readNewContactRoom(
  tx: Tx,
  o: { campaignIds: string[]; today: LocalDate },
): Promise<Map<string, number>> {
  if (o.campaignIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; room: number }>(
    tx,
    sql`
    select c.id, c.daily_new_contacts_limit
      - case when c.new_contacts_day = ${o.today}::date then c.new_contacts_started else 0 end as room
    from campaigns c
    where c.id = ${anyUuid(o.campaignIds)} and c.daily_new_contacts_limit is not null`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.room)]));
}

/**
 * Moves the due step-1 rows of each campaign at its new-contact cap to the
 * next day's window, in one statement (rows of a mailbox the pacing holds are
 * not moved: they are not read until it may send again).
 */
export async function holdNewContacts(
  tx: Tx,
  o: { userId: string; now: Date; campaigns: Set<string>; until: Date },
): Promise<void> {
  if (o.campaigns.size === 0) return;
  await tx.execute(sql`
    update scheduled_emails se set scheduled_for = ${at(o.until)}, updated_at = ${at(o.now)}
    where ${dueOfUser(o.userId, o.now)} and se.campaign_id = ${anyUuid([...o.campaigns])}
      and ${isFirstStep(sql`se.sequence_id`)}`);
}

/**
 * What the claim took, counted where the pacing reads it, on the claim's clock
 * (an attempt counts whether or not it is delivered): per paced address the
 * gap's end, the claims of the last hour (kept only with an hourly limit) and
 * of the day; per capped campaign the contacts started today.
 */
export async function recordClaims(
  tx: Tx,
  o: {
    userId: string;
    now: Date;
    today: LocalDate;
    /** Rows claimed per paced address, and the gap drawn for it (null: none). */
    mailboxes: Map<string, { n: number; gap: Date | null }>;
    /** Step-1 rows claimed per capped campaign. */
    campaigns: Map<string, number>;
  },
): Promise<void> {
  if (o.mailboxes.size > 0) {
    const taken = [...o.mailboxes].map(([address, t]) => ({ address, n: t.n, gap: t.gap?.toISOString() ?? null }));
    const hourAgo = new Date(o.now.getTime() - HOUR_MS);
    await tx.execute(sql`
      update sender_pacing p set
        next_send_at = coalesce(v.gap, p.next_send_at),
        recent_sends = case when p.hourly_limit is null then '{}'::timestamptz[] else array(
          select t from unnest(p.recent_sends || array_fill(${at(o.now)}, array[v.n])) t
          where t > ${at(hourAgo)} order by t) end,
        day_sent = case when p.day = ${o.today}::date then p.day_sent + v.n else v.n end,
        day = ${o.today}::date
      from jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) as v(address text, n int, gap timestamptz)
      where p.user_id = ${o.userId} and p.email = v.address`);
  }
  if (o.campaigns.size > 0) {
    const started = [...o.campaigns].map(([id, n]) => ({ id, n }));
    await tx.execute(sql`
      update campaigns c set
        new_contacts_started = case when c.new_contacts_day = ${o.today}::date then c.new_contacts_started + v.n else v.n end,
        new_contacts_day = ${o.today}::date
      from jsonb_to_recordset(${JSON.stringify(started)}::jsonb) as v(id uuid, n int)
      where c.id = v.id and c.user_id = ${o.userId}`);
  }
}
