// Rows that must not be sent (again) without knowing what happened before:
// a claimed row whose step already has a send record, and a row still
// 'sending' after its lease expired (the worker stopped between claiming and
// recording). A send whose outcome is unknown is failed for review, never
// resent: a duplicate cold email is worse than a missing one (DESIGN.md §4).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { anyUuid, at, type Executor } from "./sql-helpers.ts";

export const UNKNOWN_DELIVERY_ERROR =
  "Delivery state unknown: the worker stopped mid-send; not retried to avoid a duplicate";

const unknownTroubleshooting = {
  suggestion:
    "Check the sender mailbox's Sent folder: if the message is there it was delivered. Otherwise send it again by hand if it still matters.",
  commonCauses: [
    "The app or worker process stopped or restarted while the message was being sent",
    "The SMTP connection hung for longer than the send lease",
  ],
};

/**
 * Settles scheduled rows by what their send record says:
 * - a record whose last attempt is known to have failed temporarily
 *   (pending with a failure category) → queued again;
 * - no record (the record is written with the outcome, so a claimed row
 *   without one may have been handed to SMTP), or a record still pending
 *   without a category (a retry under way) → the outcome is unknown: a failed
 *   record with UNKNOWN_DELIVERY_ERROR (category other) is written or the
 *   record fails, and so does the row;
 * - a sent or failed record → the row takes that status.
 * Counters move in the same statement.
 */
export async function settleAttempted(tx: Executor, scheduledIds: readonly string[], now: Date): Promise<void> {
  if (scheduledIds.length === 0) return;
  const troubleshooting = JSON.stringify(unknownTroubleshooting);
  await tx.execute(sql`
    with r as (
      select se.id, se.campaign_id, se.status as old_status, es.id as send_id, es.status as send_status,
             (es.id is null or (es.status = 'pending' and es.failure_category is null)) as unknown_outcome,
             coalesce(es.status = 'pending' and es.failure_category is not null, false) as requeue
      from scheduled_emails se
      left join email_sends es on es.contact_id = se.contact_id and es.sequence_id = se.sequence_id
      where se.id = ${anyUuid(scheduledIds)}
      for update of se
    ), failed_sends as (
      update email_sends es set status = 'failed', failure_category = 'other',
        error_message = jsonb_build_object(
          'error', ${UNKNOWN_DELIVERY_ERROR}::text,
          'recipient', es.to_email,
          'sender', es.from_email,
          'subject', es.subject,
          'timestamp', ${now.toISOString()}::text,
          'troubleshooting', ${troubleshooting}::jsonb
        )::text
      from r where es.id = r.send_id and r.unknown_outcome
      returning es.campaign_id
    ), unknown_sends as (
      -- The record as the claim chose it (id, Message-ID), with the step's text:
      -- what was rendered went with the worker.
      insert into email_sends (id, user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email,
                               from_email, subject, body, status, failure_category, error_message, message_id)
      select coalesce(se.send_id, gen_random_uuid()), c.user_id, se.campaign_id, se.contact_id, se.sequence_id,
        sa.id, ct.email, coalesce(sa.email, ''), q.subject, q.body, 'failed', 'other',
        jsonb_build_object(
          'error', ${UNKNOWN_DELIVERY_ERROR}::text,
          'recipient', ct.email,
          'sender', coalesce(sa.email, ''),
          'subject', q.subject,
          'timestamp', ${now.toISOString()}::text,
          'troubleshooting', ${troubleshooting}::jsonb
        )::text,
        se.message_id
      from r
      join scheduled_emails se on se.id = r.id
      join campaigns c on c.id = se.campaign_id
      join contacts ct on ct.id = se.contact_id
      join email_sequences q on q.id = se.sequence_id
      left join sender_accounts sa on sa.id = se.sender_account_id
      where r.send_id is null
      on conflict do nothing
      returning campaign_id
    ), rows_settled as (
      update scheduled_emails se set
        status = case when r.requeue then 'scheduled' when r.send_status = 'sent' then 'sent' else 'failed' end,
        error_message = case when r.unknown_outcome then ${UNKNOWN_DELIVERY_ERROR}::text else se.error_message end,
        lease_expires_at = null, locked_by = null, updated_at = ${at(now)}
      from r where se.id = r.id
      returning se.campaign_id, r.requeue
    ), deltas as (
      select campaign_id, -1 as pending, 1 as failed, 0 as scheduled from failed_sends
      union all
      select campaign_id, 0, 1, 0 from unknown_sends
      union all
      select campaign_id, 0, 0, -1 from rows_settled where not requeue
    )
    update campaign_stats cs set
      pending = cs.pending + d.pending, failed = cs.failed + d.failed, scheduled = cs.scheduled + d.scheduled,
      updated_at = ${at(now)}
    from (select campaign_id, sum(pending)::int as pending, sum(failed)::int as failed, sum(scheduled)::int as scheduled
          from deltas group by campaign_id) d
    where cs.campaign_id = d.campaign_id`);
}

/**
 * Rows left 'sending' after their lease: found through the partial index on
 * lease_expires_at, settled as above. Bounded per call; SKIP LOCKED lets
 * several workers recover at once without waiting on each other.
 */
export async function recoverExpiredLeases(db: Pick<Db, "transaction">, now: Date, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select id from scheduled_emails
      where status = 'sending' and lease_expires_at < ${at(now)}
      order by lease_expires_at
      limit ${limit}
      for update skip locked`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    await settleAttempted(tx, ids, now);
    return ids.length;
  });
}
