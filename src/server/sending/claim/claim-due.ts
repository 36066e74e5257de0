// Claiming due work for one user, inside the caller's transaction. The user's
// claims are serialised by a transaction-scoped advisory lock, so the capacity
// arithmetic (sent today + in flight < limit) cannot race between workers;
// rows are additionally taken FOR UPDATE SKIP LOCKED. Different users' claims
// run in parallel.
//
// The steps, each in a module of its own under claim/ (all set-based):
// 1. outside the sending window on its contact's wall clock (the contact's
//    time zone, else the user's), a due row waits for that zone's next allowed
//    instant (zone-windows.ts: takeDueRowsInWindow, one update for all closed zones);
// 2. which rows are due: in order, up to `limit`, those whose contact stopped
//    or lost its sender cancelled on the way (due-rows.ts: takeDueRows);
// 3. how much each sender and the user may still send today, which rows fit,
//    and the day the rest move to (capacity.ts, with allocateCapacity);
// 4. the claim: the rows that fit → 'sending' under this worker's lease; a
//    step attempted before is sent again only after a known temporary failure
//    (claim-rows.ts, maySendAgain), the others are settled by their record;
// 5. what rendering needs (claim-details.ts).
// The send record is written once, with the outcome (record-outcomes.ts). The
// queue row (one per contact and step, claimed under its row lock, handed off
// to a server at most once: hand-off-writer.ts) is what makes a second
// delivery impossible, and email_sends' unique (contact_id, sequence_id) backs it.
import { sql } from "drizzle-orm";
import { allocateCapacity } from "#shared/sending/daily-capacity.ts";
import { localDate } from "#shared/zoned-time.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { loadSigningKeys } from "../delivery/dkim-key-ring.ts";
import { settleAttempted } from "../recovery/settle-attempted.ts";
import { deferRows, fullDayDeferrals, readCapacity, remainingByMailbox } from "./capacity.ts";
import { loadClaimedSends } from "./claim-details.ts";
import { markSending, splitByPriorRecord } from "./claim-rows.ts";
import type { ClaimedBatch } from "./claimed-send.ts";
import { takeDueRowsInWindow } from "./zone-windows.ts";

/** Namespace of the per-user advisory lock (any constant distinct from the migration lock). */
const CLAIM_LOCK_NAMESPACE = 727_002;

export type ClaimOptions = {
  userId: string;
  /** Only this campaign's rows (launch sends its first batch). */
  campaignId?: string;
  limit: number;
  now: Date;
  workerId: string;
  leaseMs: number;
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
  const empty: ClaimedBatch = {
    userId,
    account: account ?? { email: "", name: "" },
    settings,
    sends: [],
    dkimKeys: [],
  };

  const due = await takeDueRowsInWindow(tx, { userId, campaignId: opts.campaignId, limit: opts.limit, now, rules });
  if (due.length === 0) return empty;

  // Daily limits count on the sender's (the user's) calendar day, whatever the contacts' zones.
  const today = localDate(now, rules.timezone);
  const capacity = await readCapacity(tx, { userId, mailboxIds: [...new Set(due.map((c) => c.mailbox_id))], today });
  const { fit, full } = allocateCapacity(
    due.map((c) => ({ id: c.id, mailboxId: c.mailbox_id })),
    remainingByMailbox(capacity),
    settings.dailySendLimit - capacity.userUsed,
  );

  const leaseExpiresAt = new Date(now.getTime() + opts.leaseMs);
  const claimed = await markSending(
    tx,
    fit.map((f) => f.id),
    { ...opts, leaseExpiresAt },
  );
  const deferrals = fullDayDeferrals({ now, rules, today, capacity, userLimit: settings.dailySendLimit, fit, full });
  await deferRows(tx, { userId, now, deferrals });

  const { sendable, attempted } = splitByPriorRecord(claimed);
  await settleAttempted(
    tx,
    attempted.map((c) => c.id),
    now,
  );
  if (sendable.length === 0) return empty;

  const sends = await loadClaimedSends(tx, {
    userId,
    contactIds: [...new Set(due.map((c) => c.contact_id))],
    sendOf: new Map(sendable.map((c) => [c.id, { id: c.send_id, messageId: c.message_id }])),
    leaseExpiresAt,
  });
  // One small query per claim (a user has a key per domain at most), so a key
  // generated or deleted since the last claim is used, or not, from the next one.
  const dkimKeys = await loadSigningKeys(tx, userId);
  return { ...empty, sends, dkimKeys };
}
