// Claiming due work for one user, inside the caller's transaction. The user's
// claims are serialised by a transaction-scoped advisory lock, so the capacity
// arithmetic (sent today + in flight < limit) cannot race between workers;
// rows are additionally taken FOR UPDATE SKIP LOCKED. Different users' claims
// run in parallel.
//
// Order of business, all set-based:
// 1. outside the sending window → every due row of the user waits for the next allowed instant;
// 2. due rows in order, up to `limit`; among them, those whose contact stopped
//    (reply, unsubscribe, bounce), is suppressed, or whose sender was removed
//    → cancelled, with the reason, and replaced by the next due rows;
// 3. those rows split by today's remaining capacity
//    (sender daily_limit, user daily_send_limit, counted in the user's timezone);
//    the rows that fit → status sending with a lease; mailboxes (or the user) that
//    are full → their due rows move to the next day with room;
// 4. a step already attempted (it has an email_sends row) is sent again only
//    after a known temporary failure; the others are settled by their record.
//    The send record is written once, with the outcome: the queue row (one per
//    contact and step, claimed under its row lock, never requeued once its
//    outcome is unknown) is what makes a second delivery impossible, and
//    email_sends' unique (contact_id, sequence_id) backs it.
import { inArray, sql } from "drizzle-orm";
import type { BodyFormat, DelayUnit } from "#shared/db-enums.ts";
import { allocateCapacity, nextSlotWithCapacity } from "#shared/scheduling/daily-capacity.ts";
import { isAllowedInstant, nextAllowedInstant } from "#shared/scheduling/sending-window.ts";
import { localDate } from "#shared/scheduling/zoned-time.ts";
import { senderAccounts } from "../db/schema/index.ts";
import type { SenderAccountRow } from "../sending/outgoing.ts";
import { loadSendingSettings, type SendingSettings, sendingRules } from "./sending-settings.ts";
import { settleAttempted } from "./settle-attempted.ts";
import { anyUuid, at, queryRows, type Tx } from "./sql-helpers.ts";

/** Namespace of the per-user advisory lock (any constant distinct from the migration lock). */
const CLAIM_LOCK_NAMESPACE = 727_002;

export type ClaimedSend = {
  scheduledId: string;
  attempts: number;
  userId: string;
  campaignId: string;
  campaignName: string;
  contact: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    company: string | null;
    customFields: Record<string, string>;
  };
  step: { id: string; stepNumber: number; subject: string; body: string; bodyFormat: BodyFormat };
  /** The step after this one, scheduled when this one is sent. */
  nextStep: {
    id: string;
    delayAmount: number;
    delayUnit: DelayUnit;
    scheduledDate: string | null;
    scheduledTime: string | null;
  } | null;
  /** The id and Message-ID the send record of this attempt gets (written with the outcome). */
  send: { id: string; messageId: string };
  /** Step 1's Message-ID and subject as sent, for follow-ups (null for step 1). */
  thread: { messageId: string; subject: string } | null;
  /** The campaign's sender row (From address, daily limit, counters). */
  sender: SenderAccountRow;
  /** The row whose connection delivers: the saved sender it was imported from, or itself. */
  connection: SenderAccountRow;
};

export type ClaimedBatch = {
  userId: string;
  account: { email: string; name: string };
  settings: SendingSettings;
  sends: ClaimedSend[];
};

export type ClaimOptions = {
  userId: string;
  /** Only this campaign's rows (launch sends its first batch). */
  campaignId?: string;
  limit: number;
  now: Date;
  workerId: string;
  leaseMs: number;
};

type DetailRow = {
  scheduled_id: string;
  attempts: number;
  campaign_id: string;
  campaign_name: string;
  sender_account_id: string;
  contact_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  custom_fields: Record<string, string> | null;
  step_id: string;
  step_number: number;
  subject: string;
  body: string;
  body_format: BodyFormat;
  next_id: string | null;
  next_delay_amount: number | null;
  next_delay_unit: DelayUnit | null;
  next_scheduled_date: string | null;
  next_scheduled_time: string | null;
  thread_message_id: string | null;
  thread_subject: string | null;
};

export async function claimDue(tx: Tx, opts: ClaimOptions): Promise<ClaimedBatch> {
  const { userId, now } = opts;
  await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_NAMESPACE}, hashtext(${userId}::text))`);
  const settings = await loadSendingSettings(tx, userId);
  const rules = sendingRules(settings);
  const [account] = await queryRows<{ email: string; name: string }>(
    tx,
    sql`select email, coalesce(nullif(full_name, ''), name) as name from "user" where id = ${userId}`,
  );
  const empty: ClaimedBatch = { userId, account: account ?? { email: "", name: "" }, settings, sends: [] };
  const campaignFilter = opts.campaignId ? sql`and se.campaign_id = ${opts.campaignId}::uuid` : sql``;
  const dueOfUser = sql`
    se.status = 'scheduled' and se.scheduled_for <= ${at(now)}
    and se.campaign_id in (select id from campaigns where user_id = ${userId} and status = 'active')`;

  // 1. Outside the window nothing goes; everything due waits for the window to open.
  if (!isAllowedInstant(now, rules)) {
    await tx.execute(sql`
      update scheduled_emails se set scheduled_for = ${at(nextAllowedInstant(now, rules))}, updated_at = ${at(now)}
      where ${dueOfUser}`);
    return empty;
  }

  // 2. Due rows in order, locked, up to `limit`; those whose contact stopped,
  // is suppressed or lost its sender are cancelled with the reason, and the
  // next due rows are taken in their place. Only the rows about to be sent are
  // checked, so a claim costs the same with 100 due rows or 100,000 (checking
  // every due row of the user each time was a quarter of a claim's time with
  // 10,000 due: `npm run bench`). Rows further back are checked when their
  // turn comes; the events themselves (reply, unsubscribe, bounce) cancel the
  // contact's rows at once (stopContactSequence).
  let candidates: { id: string; mailbox_id: string; contact_id: string }[];
  for (;;) {
    const rows = await queryRows<{ id: string; mailbox_id: string; contact_id: string; stopped: boolean }>(
      tx,
      // The check runs on the rows the inner query picked, not on every due row
      // (joined inside, a planner without statistics joined them all before sorting).
      sql`
      select due.id, due.mailbox_id, due.contact_id,
        (due.mailbox_id is null or exists (
          select 1 from contacts ct where ct.id = due.contact_id
            and (ct.replied_at is not null or ct.status <> 'active'
                 or exists (select 1 from suppressions s where s.user_id = ${userId} and lower(s.email) = lower(ct.email)))
        )) as stopped
      from (
        select se.id, se.sender_account_id as mailbox_id, se.contact_id, se.scheduled_for
        from scheduled_emails se
        where ${dueOfUser} ${campaignFilter}
        order by se.scheduled_for, se.id
        limit ${opts.limit}
        for update of se skip locked
      ) due
      order by due.scheduled_for, due.id`,
    );
    const stoppedIds = rows.filter((r) => r.stopped).map((r) => r.id);
    candidates = rows.filter((r) => !r.stopped);
    if (stoppedIds.length === 0) break;
    // Cancelled rows are no longer due, so the next pass fills their places (rows taken already stay locked).
    await tx.execute(sql`
      with stopped as (
        update scheduled_emails se set status = 'cancelled', updated_at = ${at(now)},
          cancel_reason = case
            when ct.replied_at is not null then 'replied'
            when ct.status <> 'active' then ct.status
            when se.sender_account_id is null then 'sender_removed'
            else 'suppressed' end
        from contacts ct
        where ct.id = se.contact_id and se.id = ${anyUuid(stoppedIds)}
        returning se.campaign_id
      )
      update campaign_stats cs set scheduled = cs.scheduled - x.n, updated_at = ${at(now)}
      from (select campaign_id, count(*)::int as n from stopped group by campaign_id) x
      where cs.campaign_id = x.campaign_id`);
  }

  // 3. Today's capacity decides which of them go now.
  if (candidates.length === 0) return empty;

  const today = localDate(now, rules.timezone);
  const mailboxIds = [...new Set(candidates.map((c) => c.mailbox_id))];
  const mailboxes = await queryRows<{ id: string; daily_limit: number; used: number }>(
    tx,
    sql`
    select sa.id, sa.daily_limit,
      coalesce((select d.sent from sender_daily_counts d where d.sender_account_id = sa.id and d.day = ${today}::date), 0)
      + (select count(*) from scheduled_emails f where f.sender_account_id = sa.id and f.status = 'sending')::int
      as used
    from sender_accounts sa where sa.id = ${anyUuid(mailboxIds)}`,
  );
  const [userUsage] = await queryRows<{ used: number }>(
    tx,
    sql`
    select coalesce((select d.sent from user_daily_counts d where d.user_id = ${userId} and d.day = ${today}::date), 0)
      + (select count(*) from scheduled_emails f
         where f.status = 'sending' and f.campaign_id in (select id from campaigns where user_id = ${userId}))::int
      as used`,
  );
  const userUsed = Number(userUsage?.used ?? 0);
  const remaining = new Map(mailboxes.map((m) => [m.id, m.daily_limit - Number(m.used)]));
  const { fit, full } = allocateCapacity(
    candidates.map((c) => ({ id: c.id, mailboxId: c.mailbox_id })),
    remaining,
    settings.dailySendLimit - userUsed,
  );

  // The rows that fit → sending, with a lease. The first claim of a row also
  // chooses its send record's id and Message-ID (kept across retries: the open
  // pixel carries the id, a retry must reuse the Message-ID); the record itself
  // is written with the outcome (record-outcomes.ts). Each row comes back with
  // its step's existing send record, if any.
  let claimed: {
    id: string;
    send_id: string;
    message_id: string;
    prior_status: string | null;
    prior_failed_temporarily: boolean | null;
  }[] = [];
  if (fit.length > 0) {
    claimed = await queryRows(
      tx,
      sql`
      with upd as (
        update scheduled_emails se set status = 'sending', attempts = se.attempts + 1,
          lease_expires_at = ${at(new Date(now.getTime() + opts.leaseMs))}, locked_by = ${opts.workerId},
          updated_at = ${at(now)},
          send_id = coalesce(se.send_id, gen_random_uuid()),
          -- The sender's domain, as formatMessageId (#shared/sending/threading.ts) builds it.
          message_id = coalesce(se.message_id, '<' || gen_random_uuid() || '@'
            || coalesce(nullif(lower(trim(substring(sa.email from '@([^@]*)$'))), ''), 'coldreach.local') || '>')
        from sender_accounts sa
        where se.id = ${anyUuid(fit.map((f) => f.id))} and sa.id = se.sender_account_id
        returning se.id, se.contact_id, se.sequence_id, se.send_id, se.message_id
      )
      select upd.id, upd.send_id, upd.message_id, es.status as prior_status,
        (es.failure_category is not null) as prior_failed_temporarily
      from upd left join email_sends es on es.contact_id = upd.contact_id and es.sequence_id = upd.sequence_id`,
    );
  }

  if (full.length > 0) await deferFullDays(tx, { ...opts, rules, today, mailboxes, fit, full, userUsed, settings });
  if (claimed.length === 0) return empty;
  // Also given as keys below: joined by contact_id alone, a planner without
  // statistics (PGlite never analyzes) read the user's whole contacts table
  // into a hash for each batch (~20 ms of a claim with 10,000 contacts).
  const contactIds = anyUuid([...new Set(candidates.map((c) => c.contact_id))]);

  // 4. A step that already has a send record was attempted before: only a
  // record whose last attempt is KNOWN to have failed temporarily (pending with
  // a failure category) may be tried again, and taking it clears that mark, so
  // that a worker stopping from here on leaves it "unknown" (settle-attempted.ts).
  // Every other attempted row is settled by its record, never sent again.
  const retried = claimed.filter((c) => c.prior_status === "pending" && c.prior_failed_temporarily);
  const retriedIds = new Set(retried.map((r) => r.id));
  const sendable = claimed.filter((c) => c.prior_status === null || retriedIds.has(c.id));
  if (retried.length > 0) {
    await tx.execute(sql`
      update email_sends es set failure_category = null, error_message = null
      from scheduled_emails se
      where se.id = ${anyUuid(retried.map((r) => r.id))}
        and es.contact_id = se.contact_id and es.sequence_id = se.sequence_id
        and es.status = 'pending' and es.failure_category is not null`);
  }
  // The send record of each row, as it will be written: the details below need not look it up.
  const sendOf = new Map(sendable.map((s) => [s.id, { id: s.send_id, messageId: s.message_id }]));
  const sendableIds = new Set(sendOf.keys());
  const attempted = claimed.filter((c) => !sendableIds.has(c.id)).map((c) => c.id);
  if (attempted.length > 0) await settleAttempted(tx, attempted, now);
  if (sendableIds.size === 0) return empty;

  const details = await queryRows<DetailRow>(
    tx,
    sql`
    select se.id as scheduled_id, se.attempts, se.campaign_id, c.name as campaign_name, se.sender_account_id,
      ct.id as contact_id, ct.email, ct.first_name, ct.last_name, ct.company, ct.custom_fields,
      q.id as step_id, q.step_number, q.subject, q.body, q.body_format,
      nq.id as next_id, nq.delay_amount as next_delay_amount, nq.delay_unit as next_delay_unit,
      nq.scheduled_date::text as next_scheduled_date, nq.scheduled_time as next_scheduled_time,
      t.message_id as thread_message_id, t.subject as thread_subject
    from scheduled_emails se
    join campaigns c on c.id = se.campaign_id
    join contacts ct on ct.id = se.contact_id and ct.id = ${contactIds}
    join email_sequences q on q.id = se.sequence_id
    left join email_sequences nq on nq.campaign_id = se.campaign_id and nq.step_number = q.step_number + 1
    left join lateral (
      select first.message_id, first.subject from email_sends first
      join email_sequences q1 on q1.id = first.sequence_id and q1.step_number = 1
      where first.contact_id = se.contact_id and q.step_number > 1
      limit 1
    ) t on true
    where se.id = ${anyUuid([...sendableIds])}
    order by se.scheduled_for, se.id`,
  );

  const senderRows = await tx
    .select()
    .from(senderAccounts)
    .where(inArray(senderAccounts.id, [...new Set(details.map((d) => d.sender_account_id))]));
  const sourceIds = senderRows.map((s) => s.sourceSenderId).filter((id): id is string => Boolean(id));
  const sourceRows = sourceIds.length
    ? await tx.select().from(senderAccounts).where(inArray(senderAccounts.id, sourceIds))
    : [];
  const byId = new Map([...senderRows, ...sourceRows].map((s) => [s.id, s]));

  const sends = details.map((d): ClaimedSend => {
    const sender = byId.get(d.sender_account_id)!;
    return {
      scheduledId: d.scheduled_id,
      attempts: d.attempts,
      userId,
      campaignId: d.campaign_id,
      campaignName: d.campaign_name,
      contact: {
        id: d.contact_id,
        email: d.email,
        firstName: d.first_name,
        lastName: d.last_name,
        company: d.company,
        customFields: d.custom_fields ?? {},
      },
      step: { id: d.step_id, stepNumber: d.step_number, subject: d.subject, body: d.body, bodyFormat: d.body_format },
      nextStep: d.next_id
        ? {
            id: d.next_id,
            delayAmount: d.next_delay_amount ?? 0,
            delayUnit: d.next_delay_unit ?? "days",
            scheduledDate: d.next_scheduled_date,
            scheduledTime: d.next_scheduled_time,
          }
        : null,
      send: sendOf.get(d.scheduled_id)!,
      thread: d.thread_message_id ? { messageId: d.thread_message_id, subject: d.thread_subject ?? "" } : null,
      sender,
      connection: (sender.sourceSenderId && byId.get(sender.sourceSenderId)) || sender,
    };
  });
  return { ...empty, sends };
}

/**
 * Rows that did not fit today: every due row of a full mailbox (and, when the
 * user's own limit is used up, every due row of the user) moves to the first
 * allowed instant of the next day with room. Set-based: one statement per
 * full mailbox, not per row.
 */
async function deferFullDays(
  tx: Tx,
  o: ClaimOptions & {
    rules: ReturnType<typeof sendingRules>;
    today: string;
    mailboxes: { id: string; daily_limit: number; used: number }[];
    fit: { mailboxId: string }[];
    full: { mailboxId: string }[];
    userUsed: number;
    settings: SendingSettings;
  },
): Promise<void> {
  const usedToday = (used: number) => (date: string) => (date === o.today ? used : 0);
  const userUsedNow = o.userUsed + o.fit.length;
  const userLimit = { limit: o.settings.dailySendLimit, usedOn: usedToday(userUsedNow) };
  const campaignScope = sql`se.campaign_id in (select id from campaigns where user_id = ${o.userId} and status = 'active')`;
  const due = sql`se.status = 'scheduled' and se.scheduled_for <= ${at(o.now)} and ${campaignScope}`;

  if (userUsedNow >= o.settings.dailySendLimit) {
    const next = nextSlotWithCapacity(o.now, o.rules, [userLimit]);
    await tx.execute(sql`update scheduled_emails se set scheduled_for = ${at(next)}, updated_at = ${at(o.now)}
      where ${due}`);
    return;
  }
  const fitBy = new Map<string, number>();
  for (const f of o.fit) fitBy.set(f.mailboxId, (fitBy.get(f.mailboxId) ?? 0) + 1);
  for (const mailboxId of new Set(o.full.map((f) => f.mailboxId))) {
    const m = o.mailboxes.find((x) => x.id === mailboxId);
    if (!m) continue;
    const used = Number(m.used) + (fitBy.get(mailboxId) ?? 0);
    const next = nextSlotWithCapacity(o.now, o.rules, [{ limit: m.daily_limit, usedOn: usedToday(used) }, userLimit]);
    await tx.execute(sql`update scheduled_emails se set scheduled_for = ${at(next)}, updated_at = ${at(o.now)}
      where ${due} and se.sender_account_id = ${mailboxId}::uuid`);
  }
}
