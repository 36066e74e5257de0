// The claim's reads and writes for human pacing and the campaigns' new-contact
// caps (the rules: #shared/sending/pacing.ts). With no pacing row and no capped
// campaign among the due rows this costs one small query per claim, so the
// engine's speed with pacing off is what it was (bench/README.md).
import { sql } from "drizzle-orm";
import type { MailboxPace } from "#shared/sending/pacing.ts";
import { HOUR_MS } from "#shared/sending/pacing.ts";
import { type LocalDate, zonedInstant } from "#shared/zoned-time.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { dueOfUser } from "./due-rows.ts";

type PaceRow = {
  id: string;
  address: string;
  gap_min_seconds: number;
  gap_max_seconds: number;
  hourly_limit: number | null;
  ramp_enabled: boolean;
  ramp_start: number;
  ramp_step: number;
  ramp_started_on: string | null;
  next_send_at: string | Date | null;
};

type UsageRow = { address: string; last_hour: number; oldest: string | Date | null; today: number };

const toDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

/**
 * The pace of each due row's mailbox address that has pacing: the rules, the
 * gap's end, and its sends in the last hour and today (every campaign, Compose
 * and bulk mail from the address; sends in flight included). `addressOf` maps
 * each due sender_accounts id with pacing to its address.
 */
export async function readPaces(
  tx: Tx,
  o: { userId: string; mailboxIds: string[]; now: Date; today: LocalDate; timezone: string },
): Promise<{ addressOf: Map<string, string>; paces: Map<string, MailboxPace> }> {
  const addressOf = new Map<string, string>();
  const paces = new Map<string, MailboxPace>();
  if (o.mailboxIds.length === 0) return { addressOf, paces };
  const rows = await queryRows<PaceRow>(
    tx,
    sql`
    select sa.id, p.email as address, p.gap_min_seconds, p.gap_max_seconds, p.hourly_limit,
      p.ramp_enabled, p.ramp_start, p.ramp_step, p.ramp_started_on::text, p.next_send_at
    from sender_accounts sa
    join sender_pacing p on p.user_id = sa.user_id and p.email = lower(sa.email)
    where sa.id = ${anyUuid(o.mailboxIds)} and sa.user_id = ${o.userId}`,
  );
  if (rows.length === 0) return { addressOf, paces };
  const dayStart = zonedInstant(o.today, "00:00", o.timezone);
  const hourAgo = new Date(o.now.getTime() - HOUR_MS);
  const addresses = [...new Set(rows.map((r) => r.address))];
  const usage = await queryRows<UsageRow>(
    tx,
    sql`
    select a.address,
      (select count(*) from email_sends es
        where es.user_id = ${o.userId} and lower(es.from_email) = a.address and es.created_at > ${at(hourAgo)})::int
      + f.in_flight as last_hour,
      (select min(es.created_at) from email_sends es
        where es.user_id = ${o.userId} and lower(es.from_email) = a.address and es.created_at > ${at(hourAgo)}) as oldest,
      (select count(*) from email_sends es
        where es.user_id = ${o.userId} and lower(es.from_email) = a.address and es.created_at >= ${at(dayStart)})::int
      + f.in_flight as today
    from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) as a(address)
    cross join lateral (
      select count(*)::int as in_flight from scheduled_emails se
      join sender_accounts sa on sa.id = se.sender_account_id
      where se.status = 'sending' and sa.user_id = ${o.userId} and lower(sa.email) = a.address
    ) f`,
  );
  const usageOf = new Map(usage.map((u) => [u.address, u]));
  for (const r of rows) {
    addressOf.set(r.id, r.address);
    if (paces.has(r.address)) continue;
    const u = usageOf.get(r.address);
    paces.set(r.address, {
      rules: {
        gapMinSeconds: r.gap_min_seconds,
        gapMaxSeconds: r.gap_max_seconds,
        hourlyLimit: r.hourly_limit,
        ramp:
          r.ramp_enabled && r.ramp_started_on
            ? { start: r.ramp_start, step: r.ramp_step, startedOn: r.ramp_started_on }
            : null,
      },
      nextSendAt: toDate(r.next_send_at),
      sentLastHour: Number(u?.last_hour ?? 0),
      oldestInHour: toDate(u?.oldest ?? null),
      sentToday: Number(u?.today ?? 0),
    });
  }
  return { addressOf, paces };
}

/**
 * What is left today of each capped campaign's new-contact cap: its limit less
 * the contacts that got step 1 today (sent or being sent). Only campaigns with
 * a cap are returned.
 */
export async function readNewContactRoom(
  tx: Tx,
  o: { campaignIds: string[]; today: LocalDate; timezone: string },
): Promise<Map<string, number>> {
  if (o.campaignIds.length === 0) return new Map();
  const dayStart = zonedInstant(o.today, "00:00", o.timezone);
  const rows = await queryRows<{ id: string; room: number }>(
    tx,
    sql`
    select c.id, c.daily_new_contacts_limit
      - (select count(*) from email_sends es where es.sequence_id = first.id and es.created_at >= ${at(dayStart)})::int
      - (select count(*) from scheduled_emails se where se.sequence_id = first.id and se.status = 'sending')::int as room
    from campaigns c
    cross join lateral (
      select sq.id from email_sequences sq where sq.campaign_id = c.id order by sq.step_number limit 1
    ) first
    where c.id = ${anyUuid(o.campaignIds)} and c.daily_new_contacts_limit is not null`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.room)]));
}

/**
 * Moves the due rows the pacing holds: every due row of each held mailbox
 * address (in any campaign) and the due step-1 rows of each campaign at its
 * new-contact cap. Two statements at most, whatever the number of rows.
 */
export async function holdRows(
  tx: Tx,
  o: {
    userId: string;
    now: Date;
    mailboxes: Map<string, Date>;
    campaigns: Set<string>;
    campaignsUntil: Date;
  },
): Promise<void> {
  if (o.mailboxes.size > 0) {
    const held = [...o.mailboxes].map(([address, until]) => ({ address, until: until.toISOString() }));
    await tx.execute(sql`
      update scheduled_emails se set scheduled_for = v.until, updated_at = ${at(o.now)}
      from jsonb_to_recordset(${JSON.stringify(held)}::jsonb) as v(address text, until timestamptz), sender_accounts sa
      where ${dueOfUser(o.userId, o.now)}
        and sa.id = se.sender_account_id and sa.user_id = ${o.userId} and lower(sa.email) = v.address`);
  }
  if (o.campaigns.size > 0) {
    await tx.execute(sql`
      update scheduled_emails se set scheduled_for = ${at(o.campaignsUntil)}, updated_at = ${at(o.now)}
      where ${dueOfUser(o.userId, o.now)} and se.campaign_id = ${anyUuid([...o.campaigns])}
        and se.sequence_id = (select sq.id from email_sequences sq where sq.campaign_id = se.campaign_id
                              order by sq.step_number limit 1)`);
  }
}

/** Stores the end of each mailbox's gap after the send this claim took from it. */
export async function storeGaps(tx: Tx, o: { userId: string; gaps: Map<string, Date> }): Promise<void> {
  if (o.gaps.size === 0) return;
  const gaps = [...o.gaps].map(([address, until]) => ({ address, until: until.toISOString() }));
  await tx.execute(sql`
    update sender_pacing p set next_send_at = v.until
    from jsonb_to_recordset(${JSON.stringify(gaps)}::jsonb) as v(address text, until timestamptz)
    where p.user_id = ${o.userId} and p.email = v.address`);
}
