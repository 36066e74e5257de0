// Recording what delivery did, for many sends in ONE statement: the send
// record, the queue row, the campaign counters, the daily counters, the next
// step of each sent contact and, for a hard bounce, the contact's status and
// the suppression list. One statement is one transaction, so the counters can
// never disagree with the rows they count. Bounce protection then checks the
// mailboxes and campaigns of the failed sends (a second statement: lost to a
// crash in between, the check runs at the next failure or report instead).
import { type SQL, sql } from "drizzle-orm";
import type { BounceType, FailureCategory, FailureReason } from "#shared/db-enums.ts";
import { anyUuid, at, type Executor } from "../../db/sql-helpers.ts";
import { applyLeadStatusChanges } from "../../domain/lead-status.ts";
import { checkProtection } from "../../domain/protection-check.ts";
import { variantIndexSql } from "../../domain/step-variants-sql.ts";
import { webhookEventCtes } from "../../webhooks/emit-events.ts";

/** Failures that say nothing about the address or the message: bounce protection is not checked for them. */
const NOT_A_VERDICT: ReadonlySet<FailureCategory> = new Set(["network", "authentication", "rate_limited"]);

/**
 * sent, retry (a known temporary failure), failed (known, final), unknown (may
 * have been delivered: waits for the user's decision), released (never handed
 * to a server: back to the queue, the attempt not counted).
 */
export type OutcomeKind = "sent" | "retry" | "failed" | "unknown" | "released";

/** One attempt's result, flattened for jsonb_to_recordset. */
export type OutcomeRecord = {
  scheduledId: string;
  sendId: string;
  campaignId: string;
  contactId: string;
  userId: string;
  senderId: string;
  toEmail: string;
  kind: OutcomeKind;
  /** When the attempt ended: sent_at for a sent message. */
  endedAt: Date;
  /** The local date (user's timezone) the daily counters count it on. */
  day: string;
  /** What was actually sent (merge tags applied); null keeps the stored step text. */
  subject: string | null;
  body: string | null;
  fromEmail: string | null;
  failureCategory: FailureCategory | null;
  /** Why, for the failure panel and bounce protection (email_sends.failure_reason). */
  failureReason: FailureReason | null;
  bounceType: BounceType | null;
  /** The spec's error JSON (email_sends.error_message). */
  errorMessage: string | null;
  /** kind retry: when to try again. */
  retryAt: Date | null;
  /** kind failed and a hard bounce: the contact is marked bounced and suppressed. */
  hardBounce: boolean;
  /** kind sent: the next step and when it is due (already moved into the sending window). */
  nextSequenceId: string | null;
  nextDueAt: Date | null;
};

function recordset(records: readonly OutcomeRecord[]): string {
  return JSON.stringify(
    records.map((r) => ({
      scheduled_id: r.scheduledId,
      send_id: r.sendId,
      campaign_id: r.campaignId,
      contact_id: r.contactId,
      user_id: r.userId,
      sender_id: r.senderId,
      to_email: r.toEmail,
      kind: r.kind,
      ended_at: r.endedAt.toISOString(),
      day: r.day,
      subject: r.subject,
      body: r.body,
      from_email: r.fromEmail,
      category: r.failureCategory,
      reason: r.failureReason,
      bounce_type: r.bounceType,
      error_message: r.errorMessage,
      retry_at: r.retryAt?.toISOString() ?? null,
      hard_bounce: r.hardBounce,
      next_sequence_id: r.nextSequenceId,
      next_due: r.nextDueAt?.toISOString() ?? null,
    })),
  );
}

/**
 * The webhook events of the outcomes, read from the statement's CTEs (so only
 * what this statement changed): email.sent for each send newly sent,
 * email.bounced for each newly failed hard or soft refusal, and
 * campaign.completed for each active campaign this statement left with
 * nothing queued and nothing unknown (its scheduled counter went to 0 here:
 * once per time it completes).
 */
function outcomeEvents(now: Date): SQL {
  return sql`
    select n.user_id, 'email.sent' as type, jsonb_build_object(
             'sendId', n.send_id, 'campaignId', n.campaign_id, 'contactId', n.contact_id, 'senderId', n.sender_id,
             'from', coalesce(n.from_email, sa.email, ''), 'to', n.to_email, 'subject', coalesce(n.subject, q.subject, ''),
             'step', q.step_number, 'sentAt', n.ended_at) as data, n.ended_at as occurred_at
    from newly_sent n
    -- The send's own row is not visible here (this statement writes it): what it was written from is.
    join prev_row p on p.id = n.scheduled_id
    left join email_sequences q on q.id = p.sequence_id
    left join sender_accounts sa on sa.id = n.sender_id
    union all
    select x.user_id, 'email.bounced', jsonb_build_object(
             'sendId', x.send_id, 'campaignId', x.campaign_id, 'contactId', x.contact_id, 'email', x.to_email,
             'bounceType', x.bounce_type, 'category', x.category, 'reason', x.reason, 'source', 'send',
             'bouncedAt', x.ended_at), x.ended_at
    from x join sends_changed s on s.id = x.send_id
    where x.kind = 'failed' and x.bounce_type is not null and s.new_status = 'failed' and s.old_status <> 'failed'
    union all
    select c.user_id, 'campaign.completed', jsonb_build_object(
             'campaignId', c.id, 'name', c.name, 'sent', st.sent, 'failed', st.failed,
             'completedAt', ${at(now)}), ${at(now)}
    from stats st
    join campaigns c on c.id = st.campaign_id and c.status = 'active'
    where st.scheduled = 0 and st.scheduled_delta < 0
      and not exists (select 1 from x where x.campaign_id = st.campaign_id and x.kind = 'unknown')
      and not exists (select 1 from scheduled_emails u where u.campaign_id = st.campaign_id and u.status = 'unknown')`;
}

/**
 * Applies the outcomes. Only this worker's claims are moved (status sending,
 * locked_by = workerId) — with one exception: a success reported after
 * recovery already marked the send unknown still wins, because it is the
 * truth (the counters move from failed to sent accordingly, and the next step
 * is scheduled).
 */
export async function recordOutcomes(
  db: Executor,
  records: readonly OutcomeRecord[],
  workerId: string,
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${recordset(records)}::jsonb) as x(
        scheduled_id uuid, send_id uuid, campaign_id uuid, contact_id uuid, user_id text, sender_id uuid,
        to_email text, kind text, ended_at timestamptz, day date, subject text, body text, from_email text,
        category text, reason text, bounce_type text, error_message text, retry_at timestamptz, hard_bounce boolean,
        next_sequence_id uuid, next_due timestamptz)
    ), prev_send as (
      select es.id, es.status from email_sends es where es.id = ${anyUuid(records.map((r) => r.sendId))} for update
    ), prev_row as (
      select se.id, se.status, se.locked_by, se.sequence_id, se.message_id, se.contact_rank, se.variant_index
      from scheduled_emails se
      where se.id = ${anyUuid(records.map((r) => r.scheduledId))} for update
    ), sends as (
      -- The send record, written once with the outcome (claim-due.ts chose its id and
      -- Message-ID), or the existing one of a retried step (pending after a known
      -- temporary failure) or of a send that lease recovery marked unknown
      -- (failed: only a success may overwrite that, because it is the truth).
      insert into email_sends as es (id, user_id, campaign_id, contact_id, sequence_id, sender_account_id,
                                     to_email, from_email, subject, body, status, sent_at, failure_category,
                                     failure_reason, bounce_type, error_message, message_id, variant_index)
      select x.send_id, x.user_id, x.campaign_id, x.contact_id, p.sequence_id, sa.id,
        x.to_email, coalesce(x.from_email, sa.email, ''), coalesce(x.subject, q.subject, ''), coalesce(x.body, q.body, ''),
        case x.kind when 'sent' then 'sent' when 'retry' then 'pending' else 'failed' end,
        case when x.kind = 'sent' then x.ended_at end,
        case when x.kind <> 'sent' then x.category end,
        case when x.kind <> 'sent' then x.reason end,
        case when x.kind <> 'sent' then x.bounce_type end,
        case when x.kind <> 'sent' then x.error_message end,
        p.message_id, p.variant_index
      from x
      join prev_row p on p.id = x.scheduled_id
      -- Joined only so that prev_send is read (and its rows locked) before this
      -- insert changes them: read after, a row changed by this statement would be
      -- missed, and the counters below need each record's status before.
      left join prev_send ps on ps.id = x.send_id
      left join email_sequences q on q.id = p.sequence_id
      -- A sender deleted meanwhile: the record keeps its address, without the link.
      left join sender_accounts sa on sa.id = x.sender_id
      where x.kind <> 'released'
      on conflict (contact_id, sequence_id) where contact_id is not null and sequence_id is not null
      do update set status = excluded.status, sent_at = coalesce(excluded.sent_at, es.sent_at),
        failure_category = excluded.failure_category, failure_reason = excluded.failure_reason,
        bounce_type = excluded.bounce_type,
        error_message = excluded.error_message, subject = excluded.subject, body = excluded.body,
        from_email = excluded.from_email
      where es.status = 'pending' or (excluded.status = 'sent' and es.status = 'failed')
      returning es.id, es.campaign_id, es.status as new_status
    ), sends_changed as (
      select s.id, s.campaign_id, coalesce(ps.status, 'none') as old_status, s.new_status
      from sends s left join prev_send ps on ps.id = s.id
    ), queue as (
      update scheduled_emails se set
        status = case x.kind
          when 'sent' then 'sent' when 'failed' then 'failed' when 'unknown' then 'unknown'
          else (case when c.status = 'paused' then 'paused' else 'scheduled' end) end,
        scheduled_for = case when x.kind = 'retry' then x.retry_at else se.scheduled_for end,
        error_message = case x.kind when 'sent' then null when 'released' then se.error_message else x.error_message end,
        attempts = case when x.kind = 'released' then greatest(se.attempts - 1, 0) else se.attempts end,
        handed_off_at = null, lease_expires_at = null, locked_by = null, updated_at = ${at(now)}
      from x join prev_row p on p.id = x.scheduled_id join campaigns c on c.id = x.campaign_id
      where se.id = x.scheduled_id
        and ((p.status = 'sending' and p.locked_by = ${workerId})
             or (x.kind = 'sent' and p.status in ('failed', 'unknown')))
      returning se.campaign_id, p.status as old_status, se.status as new_status
    ), newly_sent as (
      select x.* from x join sends_changed s on s.id = x.send_id where s.new_status = 'sent' and s.old_status <> 'sent'
    ), next_steps as (
      -- The contact's rank goes with it, and gives the next step's A/B variant.
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status,
                                    contact_rank, variant_index)
      select n.campaign_id, n.contact_id, n.next_sequence_id, n.sender_id, n.next_due,
             case when c.status = 'paused' then 'paused' else 'scheduled' end,
             p.contact_rank, ${variantIndexSql(sql`q`, sql`p.contact_rank`)}
      from newly_sent n
      join prev_row p on p.id = n.scheduled_id
      join campaigns c on c.id = n.campaign_id
      join contacts ct on ct.id = n.contact_id and ct.status = 'active' and ct.replied_at is null
      join email_sequences q on q.id = n.next_sequence_id
      join sender_accounts sa on sa.id = n.sender_id
      where n.next_sequence_id is not null
      on conflict (contact_id, sequence_id) do nothing
      returning campaign_id
    ), bounced as (
      update contacts ct set status = 'bounced'
      from x where x.kind = 'failed' and x.hard_bounce and ct.id = x.contact_id and ct.status = 'active'
      returning ct.id
    ), suppressed as (
      insert into suppressions (user_id, email, reason)
      select distinct x.user_id, lower(x.to_email), 'bounced' from x where x.kind = 'failed' and x.hard_bounce
      on conflict (user_id, lower(email)) do nothing
    ), sender_days as (
      insert into sender_daily_counts (sender_account_id, day, sent)
      select n.sender_id, n.day, count(*)::int from newly_sent n
      join sender_accounts sa on sa.id = n.sender_id
      group by n.sender_id, n.day
      on conflict (sender_account_id, day) do update set sent = sender_daily_counts.sent + excluded.sent
    ), user_days as (
      insert into user_daily_counts (user_id, day, sent)
      select n.user_id, n.day, count(*)::int from newly_sent n group by n.user_id, n.day
      on conflict (user_id, day) do update set sent = user_daily_counts.sent + excluded.sent
    ), deltas as (
      select campaign_id,
        (new_status = 'sent')::int - (old_status = 'sent')::int as sent,
        (new_status = 'failed')::int - (old_status = 'failed')::int as failed,
        (new_status = 'pending')::int - (old_status = 'pending')::int as pending,
        0 as scheduled
      from sends_changed
      union all
      select campaign_id, 0, 0, 0,
        (new_status in ('scheduled', 'paused', 'sending'))::int - (old_status in ('scheduled', 'paused', 'sending'))::int
      from queue
      union all
      select campaign_id, 0, 0, 0, 1 from next_steps
    ), stats as (
      update campaign_stats cs set
        sent = cs.sent + d.sent, failed = cs.failed + d.failed, pending = cs.pending + d.pending,
        scheduled = cs.scheduled + d.scheduled, updated_at = ${at(now)}
      from (select campaign_id, sum(sent)::int as sent, sum(failed)::int as failed, sum(pending)::int as pending,
                   sum(scheduled)::int as scheduled
            from deltas group by campaign_id) d
      where cs.campaign_id = d.campaign_id
      returning cs.campaign_id, cs.sent, cs.failed, cs.scheduled, d.scheduled as scheduled_delta
    ), ${webhookEventCtes(outcomeEvents(now))}
    select 1`);
  // Leads: a send makes a New one Contacted, a hard bounce makes one Bounced. A statement
  // of its own (with its events, in its own transaction): lost to a crash in between, the
  // lead keeps its status until its next send, reply or bounce; applied twice, it changes nothing.
  await applyLeadStatusChanges(
    db,
    records.flatMap((r) =>
      r.kind === "sent" || (r.kind === "failed" && r.hardBounce)
        ? [
            {
              userId: r.userId,
              email: r.toEmail,
              status: r.kind === "sent" ? ("contacted" as const) : ("bounced" as const),
              suggested: false,
              source: "sending" as const,
            },
          ]
        : [],
    ),
  );
  // A bounce or a refusal as spam may pause the sender or the campaign; a send that went, or a
  // failure that says nothing about the address or the message (a connection, a login, a rate
  // limit), cannot.
  await checkProtection(
    db,
    records.filter((r) => r.kind === "failed" && !NOT_A_VERDICT.has(r.failureCategory ?? "other")).map((r) => r.sendId),
  );
}
