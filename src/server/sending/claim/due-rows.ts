// Which rows are due: a user's (or one campaign's) rows whose time has come,
// in order, locked for this claim. Rows whose contact stopped (reply,
// unsubscribe, bounce), is suppressed or blocked (its address or domain put
// on the block list after launch), or whose sender was removed are cancelled
// with the reason on the way, and the next due rows take their places.
import { type SQL, sql } from "drizzle-orm";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isBlocked } from "../../domain/block-list.ts";

export type DueRow = {
  id: string;
  mailbox_id: string;
  contact_id: string;
  campaign_id: string;
  /** The row is the campaign's first step (a contact not written to yet). */
  first_step: boolean;
};

/** Whether the step is its campaign's first (step 1, as launch queues it: campaign-queue.ts). */
export const isFirstStep = (sequenceId: SQL): SQL =>
  sql`exists (select 1 from email_sequences sq where sq.id = ${sequenceId} and sq.step_number = 1)`;

/**
 * The user's mailboxes that bounce protection paused (sender_accounts ids, in
 * every campaign): their rows are not due until the user resumes them, and
 * stay queued meanwhile. Uncorrelated, so the planner reads it once per query
 * (a hashed subplan): sender_protection by its key, then each paused address's
 * rows by (user_id, lower(email)); with nothing paused, one probe.
 */
export function pausedMailboxes(userId: string): SQL {
  return sql`(select sa.id from sender_protection sp
    join sender_accounts sa on sa.user_id = sp.user_id and lower(sa.email) = sp.email
    where sp.user_id = ${userId} and sp.paused_at is not null)`;
}

/** The due rows of a user's active campaigns whose mailbox is not paused (`se` is scheduled_emails). */
export function dueOfUser(userId: string, now: Date): SQL {
  return sql`
    se.status = 'scheduled' and se.scheduled_for <= ${at(now)}
    and se.campaign_id in (select id from campaigns where user_id = ${userId} and status = 'active')
    -- A row without a sender is due: the claim cancels it (sender_removed).
    and (se.sender_account_id is null or se.sender_account_id not in ${pausedMailboxes(userId)})`;
}

/**
 * Up to `limit` due rows in order, locked FOR UPDATE SKIP LOCKED. Only the rows
 * about to be sent are checked for a stop, so a claim costs the same with 100
 * due rows or 100,000 (checking every due row each time was a good part of
 * a claim with a long backlog: bench/RESULTS.md). Rows further back are checked
 * when their turn comes; the events themselves (reply, unsubscribe, bounce)
 * cancel the contact's rows at once (stop-contact-sequence.ts).
 */
export async function takeDueRows(
  tx: Tx,
  o: {
    userId: string;
    campaignId?: string;
    limit: number;
    now: Date;
    /**
     * With human pacing (pacing.ts readPacedMailboxes): the paced mailboxes
     * that may send now and how many rows each may give, each read from its
     * own index range; the scan reads only the unpaced mailboxes' rows and
     * those without a sender (to cancel). A mailbox waiting out its gap costs
     * nothing and its rows stay where they are.
     */
    paced?: { take: readonly { id: string; take: number }[]; unpaced: readonly string[] };
    /** Settings › Reply handling: a contact who replied gets no more steps (default); off, the sequence goes on. */
    replyStops?: boolean;
  },
): Promise<DueRow[]> {
  const campaignFilter = o.campaignId ? sql`and se.campaign_id = ${o.campaignId}::uuid` : sql``;
  const columns = sql`se.id, se.sender_account_id as mailbox_id, se.contact_id, se.campaign_id, se.sequence_id, se.scheduled_for`;
  const unpaced = !o.paced
    ? sql``
    : o.paced.unpaced.length > 0
      ? sql`and (se.sender_account_id is null or se.sender_account_id = ${anyUuid(o.paced.unpaced)})`
      : sql`and se.sender_account_id is null`;
  // Every mailbox paced: only rows without a sender are scanned, in the order of
  // the (sender_account_id, scheduled_for) index so the planner reads them from it
  // rather than walking every due row (the paced benchmark spent most of a claim there).
  const orderBy =
    o.paced && o.paced.unpaced.length === 0
      ? sql`se.sender_account_id, se.scheduled_for, se.id`
      : sql`se.scheduled_for, se.id`;
  const scan = sql`
        select ${columns}
        from scheduled_emails se
        where ${dueOfUser(o.userId, o.now)} ${campaignFilter} ${unpaced}
        order by ${orderBy}
        limit ${o.limit}
        for update of se skip locked`;
  const picked =
    o.paced && o.paced.take.length > 0
      ? sql`
        select r.* from jsonb_to_recordset(${JSON.stringify(o.paced.take)}::jsonb) as m(id uuid, take int)
        cross join lateral (
          select ${columns} from scheduled_emails se
          where se.sender_account_id = m.id and se.status = 'scheduled' and se.scheduled_for <= ${at(o.now)}
            ${campaignFilter}
          -- Follow-ups before step 1, as among the batch (pacing.ts followUpsFirst): a mailbox
          -- that may give one row gives a due follow-up before a held-over first email. The
          -- mailbox's due rows are read from the (sender_account_id, scheduled_for) index.
          order by ${isFirstStep(sql`se.sequence_id`)}, se.scheduled_for, se.id
          limit m.take
          for update of se skip locked
        ) r
        union all
        -- A locking clause may not stand on a member of a UNION; in a FROM it may.
        select s.* from (${scan}) s
        order by scheduled_for, id
        limit ${o.limit}`
      : scan;
  for (;;) {
    const rows = await queryRows<DueRow & { stopped: boolean }>(
      tx,
      // The check runs on the rows the inner query picked, not on every due row
      // (joined inside, a planner without statistics joined them all before sorting).
      sql`
      select due.id, due.mailbox_id, due.contact_id, due.campaign_id,
        ${isFirstStep(sql`due.sequence_id`)} as first_step,
        (due.mailbox_id is null or exists (
          select 1 from contacts ct where ct.id = due.contact_id
            and ((ct.replied_at is not null and ${o.replyStops ?? true}) or ct.status <> 'active'
                 or exists (select 1 from suppressions s where s.user_id = ${o.userId} and lower(s.email) = lower(ct.email))
                 or ${isBlocked(sql`${o.userId}::text`, sql`ct.email`)})
        )) as stopped
      from (${picked}) due
      order by due.scheduled_for, due.id`,
    );
    const stoppedIds = rows.filter((r) => r.stopped).map((r) => r.id);
    if (stoppedIds.length === 0)
      return rows.map(({ id, mailbox_id, contact_id, campaign_id, first_step }) => ({
        id,
        mailbox_id,
        contact_id,
        campaign_id,
        first_step,
      }));
    // Cancelled rows are no longer due, so the next pass fills their places (rows taken already stay locked).
    await cancelStopped(tx, stoppedIds, o.now);
  }
}

/**
 * A step queued again after a known failed attempt (a temporary failure's
 * retry, Send anyway, Retry) has a pending record; cancelled here, that record
 * goes back to failed (its category and error kept), so it is not left
 * pending for ever.
 */
async function cancelStopped(tx: Tx, ids: string[], now: Date): Promise<void> {
  await tx.execute(sql`
    with stopped as (
      update scheduled_emails se set status = 'cancelled', updated_at = ${at(now)},
        cancel_reason = case
          when ct.replied_at is not null then 'replied'
          when ct.status <> 'active' then ct.status
          when se.sender_account_id is null then 'sender_removed'
          when exists (select 1 from suppressions s where s.user_id = ct.user_id and lower(s.email) = lower(ct.email))
            then 'suppressed'
          else 'blocked' end
      from contacts ct
      where ct.id = se.contact_id and se.id = ${anyUuid(ids)}
      returning se.campaign_id, se.contact_id, se.sequence_id
    ), settled as (
      update email_sends es set status = 'failed'
      from stopped s
      where es.contact_id = s.contact_id and es.sequence_id = s.sequence_id
        and es.status = 'pending' and es.failure_category is not null
      returning es.campaign_id
    ), changes as (
      select campaign_id, 1 as cancelled, 0 as settled from stopped
      union all select campaign_id, 0, 1 from settled
    )
    update campaign_stats cs set scheduled = cs.scheduled - x.cancelled,
      pending = cs.pending - x.settled, failed = cs.failed + x.settled, updated_at = ${at(now)}
    from (select campaign_id, sum(cancelled)::int as cancelled, sum(settled)::int as settled
          from changes group by campaign_id) x
    where cs.campaign_id = x.campaign_id`);
}
