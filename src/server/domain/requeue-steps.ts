// Queuing an attempted step again at the user's request: 'Send anyway' on a
// send of unknown delivery, and 'Retry' on a failed one
// (docs/decisions/007-hand-off-and-heartbeats.md, issue 30 §5). One statement
// for any number of rows:
// - the queue row → scheduled (or paused while the campaign is paused), due
//   at `due`, its attempts counted afresh (a retry gets the whole retry
//   schedule again: #shared/sending/retry-policy.ts); it keeps its send id and
//   Message-ID, so the open pixel and unsubscribe link still name the same
//   record and the contact's follow-ups still thread under it;
// - the send record failed → pending with its failure category, the one state
//   in which a claim sends an attempted step again (maySendAgain);
// - the campaigns' counters: failed → pending, and scheduled + 1 per row.
// Only rows still in `from` move: a row decided or retried meanwhile is left.
// The claim checks the contact and the suppression list again before it sends.
import { sql } from "drizzle-orm";
import { anyUuid, at, queryRows, type Tx } from "../db/sql-helpers.ts";

/** The ids of the queue rows moved back to the queue. */
export async function requeueAttemptedSteps(
  tx: Tx,
  o: { queueIds: readonly string[]; from: "unknown" | "failed"; due: Date; now: Date },
): Promise<string[]> {
  if (o.queueIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    with queued as (
      update scheduled_emails se set
        status = case when c.status = 'active' then 'scheduled' else 'paused' end,
        scheduled_for = ${at(o.due)}, attempts = 0, error_message = null, handed_off_at = null,
        updated_at = ${at(o.now)}
      from campaigns c
      where se.id = ${anyUuid(o.queueIds)} and se.status = ${o.from} and c.id = se.campaign_id
      returning se.id, se.campaign_id, se.contact_id, se.sequence_id
    ), record as (
      update email_sends es set status = 'pending', failure_category = coalesce(es.failure_category, 'other')
      from queued q
      where es.contact_id = q.contact_id and es.sequence_id = q.sequence_id and es.status = 'failed'
      returning es.campaign_id
    ), counted as (
      update campaign_stats cs set
        failed = cs.failed - coalesce((select count(*) from record r where r.campaign_id = cs.campaign_id), 0)::int,
        pending = cs.pending + coalesce((select count(*) from record r where r.campaign_id = cs.campaign_id), 0)::int,
        scheduled = cs.scheduled + (select count(*) from queued q where q.campaign_id = cs.campaign_id)::int,
        updated_at = ${at(o.now)}
      where cs.campaign_id in (select campaign_id from queued)
    )
    select id from queued`,
  );
  return rows.map((r) => r.id);
}
