// Retry failed sends (issue 30 §5; docs/product.md §11.6, §15): a campaign's
// retryable failures at once, or one failure from the Failed emails screen.
// Which failures are retryable, and why the others are not, is one pure rule
// (#shared/sending/retry-failed.ts) over facts read here in one query. The
// steps go back to the queue through the statement 'Send anyway' uses
// (domain/requeue-steps.ts): same send record, same Message-ID (the earlier
// attempt was refused, so no server holds a copy under it, and the contact's
// follow-ups thread under it), attempts counted afresh. The worker picks them
// up at its next poll; its claim checks the contact and the suppression list
// again before it sends, and a sent step queues the next one as usual.
import { type SQL, sql } from "drizzle-orm";
import type { BounceType, FailureCategory, ScheduledEmailStatus } from "#shared/db-enums.ts";
import type {
  RetryFailedPreview,
  RetryFailedResult,
  RetryFailedSendResult,
} from "#shared/sending/retry-failed.schemas.ts";
import {
  type RetrySkipReason,
  retrySkipOneText,
  retrySkipReason,
  retrySkipText,
} from "#shared/sending/retry-failed.ts";
import { nextAllowedInstant } from "#shared/sending/sending-window.ts";
import type { Db } from "../../db/client.ts";
import { type Executor, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { requeueAttemptedSteps } from "../../domain/requeue-steps.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";

export type FailedSendFacts = {
  category: FailureCategory | null;
  bounce_type: BounceType | null;
  queue_status: ScheduledEmailStatus | null;
  contact_stopped: boolean;
  suppressed: boolean;
  sender_removed: boolean;
};
type Facts = FailedSendFacts;

/**
 * The columns of the retry rule's facts, for a query over email_sends `es`
 * joined by retryFactsJoins: its queue row, whether its contact stopped,
 * whether its address is suppressed.
 */
export function retryFactsColumns(userId: string): SQL {
  return sql`se.id as queue_id, es.failure_category as category, es.bounce_type, se.status as queue_status,
      coalesce(ct.status <> 'active' or ct.replied_at is not null, false) as contact_stopped,
      exists (select 1 from suppressions s where s.user_id = ${userId} and lower(s.email) = lower(es.to_email))
        as suppressed,
      (se.id is not null and se.sender_account_id is null) as sender_removed`;
}
export const retryFactsJoins = sql`
    left join scheduled_emails se on se.contact_id = es.contact_id and se.sequence_id = es.sequence_id
    left join contacts ct on ct.id = es.contact_id`;

/** The user's failed campaign sends matching `scope`, with their facts. Direct sends (no campaign) are never retried. */
function factsOf(userId: string, scope: SQL): SQL {
  return sql`
    select es.id as send_id, ${retryFactsColumns(userId)}
    from email_sends es
    join campaigns c on c.id = es.campaign_id and c.user_id = ${userId}
    ${retryFactsJoins}
    where es.status = 'failed' and ${scope}`;
}

/** Why this failure is not retried (null: it is), by the shared rule. */
export const reasonOf = (f: FailedSendFacts) =>
  retrySkipReason({
    category: f.category,
    bounceType: f.bounce_type,
    queueStatus: f.queue_status,
    contactStopped: f.contact_stopped,
    suppressed: f.suppressed,
    senderRemoved: f.sender_removed,
  });

/** Counts by reason, in the rule's order of reasons, without zeros. */
function skippedList(counts: Map<RetrySkipReason, number>) {
  return (Object.keys(retrySkipText) as RetrySkipReason[])
    .filter((reason) => (counts.get(reason) ?? 0) > 0)
    .map((reason) => ({ reason, count: counts.get(reason)! }));
}

const campaignNotFound = () => new AppError("not_found", "Campaign not found");

export function createRetryFailedService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function assertOwnCampaign(tx: Executor, userId: string, campaignId: string) {
    if (!isUuid(campaignId)) throw campaignNotFound();
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`select id from campaigns where id = ${campaignId}::uuid and user_id = ${userId}`,
    );
    if (!row) throw campaignNotFound();
  }

  async function requeue(tx: Tx, userId: string, queueIds: string[]) {
    const t = now();
    const due = nextAllowedInstant(t, sendingRules(await loadSendingSettings(tx, userId)));
    const moved = await requeueAttemptedSteps(tx, { queueIds, from: "failed", due, now: t });
    return { moved, due };
  }

  return {
    /** What Retry failed sends would queue now: one aggregate query. */
    async preview(userId: string, campaignId: string): Promise<RetryFailedPreview> {
      await assertOwnCampaign(db, userId, campaignId);
      const groups = await queryRows<Facts & { n: number }>(
        db,
        sql`
        select category, bounce_type, queue_status, contact_stopped, suppressed, sender_removed, count(*)::int as n
        from (${factsOf(userId, sql`es.campaign_id = ${campaignId}::uuid`)}) f
        group by category, bounce_type, queue_status, contact_stopped, suppressed, sender_removed`,
      );
      let retryable = 0;
      const skipped = new Map<RetrySkipReason, number>();
      for (const g of groups) {
        const reason = reasonOf(g);
        if (reason === null) retryable += g.n;
        else skipped.set(reason, (skipped.get(reason) ?? 0) + g.n);
      }
      return { retryable, skipped: skippedList(skipped) };
    },

    /** Every retryable failure of the campaign back in the queue, in one transaction. */
    async retryCampaign(userId: string, campaignId: string): Promise<RetryFailedResult> {
      return db.transaction(async (tx) => {
        await assertOwnCampaign(tx, userId, campaignId);
        const rows = await queryRows<Facts & { queue_id: string | null }>(
          tx,
          factsOf(userId, sql`es.campaign_id = ${campaignId}::uuid`),
        );
        const skipped = new Map<RetrySkipReason, number>();
        const wanted: string[] = [];
        for (const r of rows) {
          const reason = reasonOf(r);
          if (reason === null) wanted.push(r.queue_id!);
          else skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
        }
        const { moved } = await requeue(tx, userId, wanted);
        return { queued: moved.length, skipped: skippedList(skipped) };
      });
    },

    /** One failure (a Failed emails row, by its send record's id) back in the queue; 409 with the reason when it is not retryable. */
    async retryOne(userId: string, sendId: string): Promise<RetryFailedSendResult> {
      if (!isUuid(sendId)) throw new AppError("not_found", "Failed email not found");
      return db.transaction(async (tx) => {
        const [row] = await queryRows<Facts & { queue_id: string | null }>(
          tx,
          factsOf(userId, sql`es.id = ${sendId}::uuid`),
        );
        if (!row) throw new AppError("not_found", "Failed email not found");
        const reason = reasonOf(row);
        if (reason !== null) throw new AppError("conflict", retrySkipOneText[reason]);
        const { moved, due } = await requeue(tx, userId, [row.queue_id!]);
        if (moved.length === 0) throw new AppError("conflict", "This email is no longer waiting to be retried");
        return { id: sendId, dueAt: due.toISOString() };
      });
    },
  };
}
