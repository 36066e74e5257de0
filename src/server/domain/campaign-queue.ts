// What a campaign's status does to its queue: launching (or activating a
// campaign that never ran) schedules step 1 for every contact; pausing holds
// its queued rows; activating releases them. Each is set-based SQL, one
// statement per concern, meant to run inside the caller's transaction.
import { sql } from "drizzle-orm";
import { rulesForZone } from "#shared/sending/contact-zone.ts";
import { nextAllowedInstant, type SendingRules } from "#shared/sending/sending-window.ts";
import { at, type Executor, queryRows } from "../db/sql-helpers.ts";
import { isBlocked } from "./block-list.ts";
import { variantIndexSql } from "./step-variants-sql.ts";

/** Step-1 rows queued; contacts left out as suppressed (and marked); contacts left out as blocked (left as they are). */
export type FirstStepResult = { scheduled: number; suppressed: number; blocked: number };

/**
 * Schedules step 1 for the campaign's contacts, at the first allowed instant
 * from `now` on each contact's wall clock (its time zone, else the user's:
 * a contact whose window opens first is not held for the user's). Safe to
 * call again (only contacts not yet queued are added):
 * - contacts whose address is on the owner's suppression list are marked
 *   (unsubscribed, or bounced for a bounce) and skipped;
 * - contacts whose address or domain is on the owner's block list are
 *   skipped and counted, their status untouched (block-list.ts): the block
 *   is the user's to lift, and a contact unblocked before the campaign's
 *   contacts change again is queued then like one added after launch;
 * - each queued contact is given one of the campaign's senders round-robin,
 *   contacts by (created_at, id), senders by (created_at, id) — the order the
 *   user added them — continuing after the contacts queued before; the sender
 *   is kept on the queue row, and every later step is queued with it;
 * - the rows are spaced 1 ms apart in contact order, so the queue (ordered by
 *   scheduled_for) sends in that order and alternates senders: ending at
 *   `now` when sending may start now (all due at once, for launch's first
 *   batch), starting at the window's opening when it may not;
 * - each row carries the contact's rank (the same count the senders go
 *   round-robin by) and the step's A/B variant for it (step-variants-sql.ts).
 *
 * One INSERT … SELECT and no write to contacts: assigning senders with an
 * UPDATE of every contact first put launch over its target of twice the cost
 * of the insert alone (bench/RESULTS.md).
 */
export async function scheduleFirstStep(
  tx: Executor,
  opts: { campaignId: string; userId: string; now: Date; rules: SendingRules },
): Promise<FirstStepResult> {
  const { campaignId, userId } = opts;
  const slot = nextAllowedInstant(opts.now, opts.rules);
  const zoneSlot = await zoneSlots(tx, campaignId, opts.now, opts.rules);
  const rowSlot = sql`coalesce(${zoneSlot}, ${at(slot)})`;
  const offsetBase = sql`case when ${rowSlot} = ${at(opts.now)} then count(*) over () else 1 end`;

  const suppressed = await queryRows<{ id: string }>(
    tx,
    sql`
    update contacts ct set status = case when s.reason = 'bounced' then 'bounced' else 'unsubscribed' end
    from suppressions s
    where ct.campaign_id = ${campaignId}::uuid and ct.status = 'active'
      and s.user_id = ct.user_id and lower(s.email) = lower(ct.email)
    returning ct.id`,
  );

  // The senders (as one array, in order), step 1 and the count already queued
  // are MATERIALIZED: computed once. Inlined, a planner without statistics
  // (PGlite never analyzes; PostgreSQL not yet, right after the contacts were
  // inserted) re-ran such a count for every contact: 10,000 contacts took ~1 minute.
  const [inserted] = await queryRows<{ scheduled: number; blocked: number }>(
    tx,
    sql`
    with senders as materialized (
      select array_agg(id order by created_at, id) as ids
      from sender_accounts where campaign_id = ${campaignId}::uuid
    ), step_one as materialized (
      select id, variants, ab_winner from email_sequences where campaign_id = ${campaignId}::uuid and step_number = 1
    ), queued as materialized (
      select count(*) as n from scheduled_emails
      where campaign_id = ${campaignId}::uuid and sequence_id = (select id from step_one)
    ), candidates as (
      select ct.id, ct.timezone, ct.created_at, ${isBlocked(sql`${userId}::text`, sql`ct.email`)} as blocked
      from contacts ct
      where ct.campaign_id = ${campaignId}::uuid and ct.status = 'active' and ct.replied_at is null
        and not exists (
          select 1 from scheduled_emails se where se.contact_id = ct.id and se.sequence_id = (select id from step_one))
    ), waiting as (
      select c.id, c.timezone, row_number() over (order by c.created_at, c.id) - 1 as idx
      from candidates c where not c.blocked
    ), ins as (
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for,
                                    contact_rank, variant_index)
      select ${campaignId}::uuid, w.id, q.id, s.ids[1 + (w.idx + a.n) % cardinality(s.ids)],
             ${rowSlot} + (w.idx + 1 - ${offsetBase}) * interval '1 millisecond',
             w.idx + a.n, ${variantIndexSql(sql`q`, sql`(w.idx + a.n)`)}
      from waiting w, step_one q, senders s, queued a
      where cardinality(s.ids) > 0
      on conflict (contact_id, sequence_id) do nothing
      returning 1
    ), counted as (
      insert into campaign_stats (campaign_id, user_id, scheduled)
      select ${campaignId}::uuid, ${userId}::text, count(*)::int from ins
      on conflict (campaign_id) do update
        set scheduled = campaign_stats.scheduled + excluded.scheduled, updated_at = ${at(opts.now)}
    )
    select (select count(*)::int from ins) as scheduled,
      (select count(*)::int from candidates where blocked) as blocked`,
  );
  return { scheduled: inserted?.scheduled ?? 0, suppressed: suppressed.length, blocked: inserted?.blocked ?? 0 };
}

/**
 * The first allowed instant per time zone of the campaign's contacts, as an
 * SQL expression on `w.timezone` (null for the user's zone): one small query
 * for the distinct zones, the instants computed here, no query per contact.
 */
async function zoneSlots(tx: Executor, campaignId: string, now: Date, rules: SendingRules) {
  const zones = await queryRows<{ zone: string }>(
    tx,
    sql`select distinct timezone as zone from contacts
        where campaign_id = ${campaignId}::uuid and timezone is not null and status = 'active'`,
  );
  if (zones.length === 0) return sql`null::timestamptz`;
  const cases = sql.join(
    zones.map((z) => sql`when ${z.zone}::text then ${at(nextAllowedInstant(now, rulesForZone(rules, z.zone)))}`),
    sql` `,
  );
  return sql`(case w.timezone ${cases} end)`;
}

/** Pause: the campaign's queued rows wait (a row already being sent finishes). */
export async function pauseCampaignQueue(tx: Executor, campaignId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update scheduled_emails set status = 'paused', updated_at = ${at(now)}
    where campaign_id = ${campaignId}::uuid and status = 'scheduled'`);
}

/**
 * Activate after a pause: held rows are queued again, none earlier than the
 * next allowed instant (a follow-up due later keeps its time).
 */
export async function resumeCampaignQueue(
  tx: Executor,
  campaignId: string,
  now: Date,
  rules: SendingRules,
): Promise<void> {
  const slot = nextAllowedInstant(now, rules);
  await tx.execute(sql`
    update scheduled_emails
    set status = 'scheduled', scheduled_for = greatest(scheduled_for, ${at(slot)}), updated_at = ${at(now)}
    where campaign_id = ${campaignId}::uuid and status = 'paused'`);
}

/** The stats' pending-queue count, recounted from the queue (after rows went with a deleted contact, step or sender). */
export async function recountScheduled(tx: Executor, campaignId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update campaign_stats set updated_at = ${at(now)}, scheduled = (
      select count(*)::int from scheduled_emails
      where campaign_id = ${campaignId}::uuid and status in ('scheduled', 'paused', 'sending'))
    where campaign_id = ${campaignId}::uuid`);
}

/**
 * After a launched campaign is edited: contacts added since launch get step 1
 * (a paused campaign holds them like the rest), contacts whose sender was
 * removed (their queued rows lost it) move to the remaining senders
 * round-robin and keep the new one for their later steps, instead of those
 * rows being cancelled at send time; and the pending count is recounted.
 */
export async function syncLaunchedQueue(
  tx: Executor,
  opts: { campaignId: string; userId: string; now: Date; rules: SendingRules; paused: boolean },
): Promise<void> {
  await scheduleFirstStep(tx, opts);
  await tx.execute(sql`
    with senders as materialized (
      select array_agg(id order by created_at, id) as ids
      from sender_accounts where campaign_id = ${opts.campaignId}::uuid
    ), orphans as (
      select contact_id, row_number() over (order by min(scheduled_for), contact_id) - 1 as idx
      from scheduled_emails
      where campaign_id = ${opts.campaignId}::uuid and sender_account_id is null and status in ('scheduled', 'paused')
      group by contact_id
    )
    update scheduled_emails se set sender_account_id = s.ids[1 + o.idx % cardinality(s.ids)], updated_at = ${at(opts.now)}
    from orphans o, senders s
    where se.contact_id = o.contact_id and se.campaign_id = ${opts.campaignId}::uuid
      and se.sender_account_id is null and se.status in ('scheduled', 'paused') and cardinality(s.ids) > 0`);
  if (opts.paused) await pauseCampaignQueue(tx, opts.campaignId, opts.now);
  await recountScheduled(tx, opts.campaignId, opts.now);
}
