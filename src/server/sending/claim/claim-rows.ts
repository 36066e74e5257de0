// The claim itself: the rows that fit move to 'sending' under this worker's
// lease. The first claim of a row also chooses its send record's id and
// Message-ID (kept across retries: the open pixel carries the id, a retry must
// reuse the Message-ID); the record itself is written with the outcome
// (record-outcomes.ts). Each row comes back with its step's existing record,
// if any, so the caller can keep a step that was attempted before from being
// sent again (maySendAgain).
import { sql } from "drizzle-orm";
import type { EmailSendStatus } from "#shared/db-enums.ts";
import { maySendAgain } from "#shared/sending/attempted-step.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";

export type ClaimedRow = {
  id: string;
  send_id: string;
  message_id: string;
  prior_status: EmailSendStatus | null;
  prior_has_category: boolean | null;
};

export async function markSending(
  tx: Tx,
  ids: readonly string[],
  o: { now: Date; workerId: string; leaseExpiresAt: Date },
): Promise<ClaimedRow[]> {
  if (ids.length === 0) return [];
  return queryRows<ClaimedRow>(
    tx,
    sql`
    with upd as (
      update scheduled_emails se set status = 'sending', attempts = se.attempts + 1,
        lease_expires_at = ${at(o.leaseExpiresAt)}, locked_by = ${o.workerId},
        handed_off_at = null, updated_at = ${at(o.now)},
        send_id = coalesce(se.send_id, gen_random_uuid()),
        -- The sender's domain, as formatMessageId (#shared/sending/threading.ts) builds it.
        message_id = coalesce(se.message_id, '<' || gen_random_uuid() || '@'
          || coalesce(nullif(lower(trim(substring(sa.email from '@([^@]*)$'))), ''), 'coldreach.local') || '>')
      from sender_accounts sa
      where se.id = ${anyUuid(ids)} and sa.id = se.sender_account_id
      returning se.id, se.contact_id, se.sequence_id, se.send_id, se.message_id
    )
    select upd.id, upd.send_id, upd.message_id, es.status as prior_status,
      (es.failure_category is not null) as prior_has_category
    from upd left join email_sends es on es.contact_id = upd.contact_id and es.sequence_id = upd.sequence_id`,
  );
}

/** Claimed rows that may be delivered now, and those to settle by their record instead. */
export function splitByPriorRecord(claimed: readonly ClaimedRow[]): {
  sendable: ClaimedRow[];
  attempted: ClaimedRow[];
} {
  const sendable: ClaimedRow[] = [];
  const attempted: ClaimedRow[] = [];
  for (const c of claimed) {
    const prior =
      c.prior_status === null ? null : { status: c.prior_status, hasFailureCategory: !!c.prior_has_category };
    (maySendAgain(prior) ? sendable : attempted).push(c);
  }
  return { sendable, attempted };
}
