// Rows that must not be sent (again) without knowing what happened before:
// a claimed row whose step already has a send record, and a row left
// 'sending' by a worker that stopped (recover-claims.ts). A send whose
// outcome is unknown waits for the user's decision ('unknown': send anyway or
// skip), never resent blindly: a duplicate cold email is worse than a late one
// (docs/architecture.md §3.2).
import { sql } from "drizzle-orm";
import { anyUuid, at, type Executor } from "../../db/sql-helpers.ts";
import { variantTextSql } from "../../domain/step-variants-sql.ts";

export const UNKNOWN_DELIVERY_ERROR =
  "Delivery state unknown: the worker stopped mid-send; not retried to avoid a duplicate";

const unknownTroubleshooting = {
  suggestion:
    "Check the sender mailbox's Sent folder: if the message is there it was delivered, so choose Skip. Otherwise choose Send anyway.",
  commonCauses: [
    "The app or worker process stopped or restarted while the message was being sent",
    "The SMTP connection hung for longer than the send lease",
  ],
};

/**
 * How a row's fate is read:
 * - `record` (a claimed row whose step already has a send record): the record
 *   says it. Pending with a failure category = the last attempt is known to
 *   have failed temporarily → queued again; no record, or pending without a
 *   category (a retry that was under way before hand-offs were recorded) →
 *   unknown; sent or failed → the row takes that status.
 * - `handOff` (a row left 'sending' by a stopped worker): a row never handed
 *   to an SMTP server goes back to the queue (its attempt does not count);
 *   one that was handed off is unknown, unless its record says sent.
 */
export type SettleBy = "record" | "handOff";

/**
 * Settles scheduled rows (see SettleBy). An unknown outcome writes (or turns
 * the step's record into) a failed send record with UNKNOWN_DELIVERY_ERROR and
 * moves the row to 'unknown', where it waits for the user. Counters move in
 * the same statement.
 */
export async function settleAttempted(
  tx: Executor,
  scheduledIds: readonly string[],
  now: Date,
  by: SettleBy = "record",
): Promise<void> {
  if (scheduledIds.length === 0) return;
  const troubleshooting = JSON.stringify(unknownTroubleshooting);
  const subject = variantTextSql(sql`q`, sql`se.variant_index`, "subject");
  const fate =
    by === "record"
      ? sql`(es.id is null or (es.status = 'pending' and es.failure_category is null)) as unknown_outcome,
             coalesce(es.status = 'pending' and es.failure_category is not null, false) as requeue`
      : sql`(se.handed_off_at is not null and es.status is distinct from 'sent') as unknown_outcome,
             (se.handed_off_at is null and es.status is distinct from 'sent') as requeue`;
  await tx.execute(sql`
    with r as (
      select se.id, se.campaign_id, se.status as old_status, es.id as send_id, es.status as send_status, ${fate}
      from scheduled_emails se
      left join email_sends es on es.contact_id = se.contact_id and es.sequence_id = se.sequence_id
      where se.id = ${anyUuid(scheduledIds)}
      for update of se
    ), failed_sends as (
      update email_sends es set status = 'failed', failure_category = 'other', failure_reason = 'other',
        error_message = jsonb_build_object(
          'error', ${UNKNOWN_DELIVERY_ERROR}::text,
          'recipient', es.to_email,
          'sender', es.from_email,
          'subject', es.subject,
          'timestamp', ${now.toISOString()}::text,
          'troubleshooting', ${troubleshooting}::jsonb
        )::text
      from r where es.id = r.send_id and r.unknown_outcome
      returning es.campaign_id, r.send_status as old_status
    ), unknown_sends as (
      -- The record as the claim chose it (id, Message-ID), with the step's text:
      -- what was rendered went with the worker.
      insert into email_sends (id, user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email,
                               from_email, subject, body, status, failure_category, failure_reason, error_message,
                               message_id, variant_index)
      select coalesce(se.send_id, gen_random_uuid()), c.user_id, se.campaign_id, se.contact_id, se.sequence_id,
        sa.id, ct.email, coalesce(sa.email, ''), ${subject}, ${variantTextSql(sql`q`, sql`se.variant_index`, "body")},
        'failed', 'other', 'other',
        jsonb_build_object(
          'error', ${UNKNOWN_DELIVERY_ERROR}::text,
          'recipient', ct.email,
          'sender', coalesce(sa.email, ''),
          'subject', ${subject},
          'timestamp', ${now.toISOString()}::text,
          'troubleshooting', ${troubleshooting}::jsonb
        )::text,
        se.message_id, se.variant_index
      from r
      join scheduled_emails se on se.id = r.id
      join campaigns c on c.id = se.campaign_id
      join contacts ct on ct.id = se.contact_id
      join email_sequences q on q.id = se.sequence_id
      left join sender_accounts sa on sa.id = se.sender_account_id
      where r.send_id is null and r.unknown_outcome
      on conflict do nothing
      returning campaign_id
    ), rows_settled as (
      update scheduled_emails se set
        status = case when r.requeue then 'scheduled' when r.send_status = 'sent' then 'sent'
                      when r.unknown_outcome then 'unknown' else 'failed' end,
        error_message = case when r.unknown_outcome then ${UNKNOWN_DELIVERY_ERROR}::text else se.error_message end,
        -- A row that goes back never reached a server: that attempt does not count.
        attempts = case when r.requeue and ${by === "handOff"} then greatest(se.attempts - 1, 0) else se.attempts end,
        handed_off_at = null, lease_expires_at = null, locked_by = null, updated_at = ${at(now)}
      from r where se.id = r.id
      returning se.campaign_id, r.requeue
    ), deltas as (
      select campaign_id, -(old_status = 'pending')::int as pending, (old_status is distinct from 'failed')::int as failed,
        0 as scheduled
      from failed_sends
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
