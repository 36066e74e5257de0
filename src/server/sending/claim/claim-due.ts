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
//    or lost its sender cancelled on the way; a mailbox bounce protection
//    paused has none, in any campaign, and its rows wait (due-rows.ts: takeDueRows);
// 3. follow-ups first; the human pacing of each mailbox address (gap, hourly
//    limit, ramp: a mailbox that may not send now is not read at all, and one
//    with a gap gives one row) and each campaign's cap on new contacts a day
//    (its step-1 rows wait for the next day) (pacing.ts);
// 4. how much each sender and the user may still send today, which rows fit,
//    and the day the rest move to (capacity.ts, with allocateCapacity);
// 5. the claim: the rows that fit → 'sending' under this worker's lease; a
//    step attempted before is sent again only after a known temporary failure
//    (claim-rows.ts, maySendAgain), the others are settled by their record;
// 6. what rendering needs (claim-details.ts).
// The send record is written once, with the outcome (record-outcomes.ts). The
// queue row (one per contact and step, claimed under its row lock, handed off
// to a server at most once: hand-off-writer.ts) is what makes a second
// delivery impossible, and email_sends' unique (contact_id, sequence_id) backs it.
import { sql } from "drizzle-orm";
import { allocateCapacity } from "#shared/sending/daily-capacity.ts";
import { capNewContacts, followUpsFirst, paceCandidates } from "#shared/sending/pacing.ts";
import { nextDayWindowStart } from "#shared/sending/sending-window.ts";
import { localDate } from "#shared/zoned-time.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { loadTrackingHostsInUse } from "../../domain/tracking-hosts-in-use.ts";
import { loadSigningKeys } from "../delivery/dkim-key-ring.ts";
import { settleAttempted } from "../recovery/settle-attempted.ts";
import { deferRows, fullDayDeferrals, readCapacity, remainingByMailbox } from "./capacity.ts";
import { loadClaimedSends } from "./claim-details.ts";
import { markSending, splitByPriorRecord } from "./claim-rows.ts";
import type { ClaimedBatch } from "./claimed-send.ts";
import { holdNewContacts, readNewContactRoom, readPacedMailboxes, recordClaims } from "./pacing.ts";
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
    trackingHosts: [],
  };

  // Daily limits count on the sender's (the user's) calendar day, whatever the contacts' zones.
  const today = localDate(now, rules.timezone);
  const nextDay = nextDayWindowStart(now, rules);
  const paced = await readPacedMailboxes(tx, { ...opts, today });
  const due = await takeDueRowsInWindow(tx, {
    userId,
    campaignId: opts.campaignId,
    limit: opts.limit,
    now,
    rules,
    paced: paced ?? undefined,
    replyStops: settings.replyHandlingEnabled,
  });
  if (due.length === 0) return empty;

  const mailboxIds = [...new Set(due.map((c) => c.mailbox_id))];
  const room = await readNewContactRoom(tx, {
    campaignIds: [...new Set(due.filter((c) => c.first_step).map((c) => c.campaign_id))],
    today,
  });
  const capped = capNewContacts(
    followUpsFirst(due.map((c) => ({ ...c, campaignId: c.campaign_id, firstStep: c.first_step }))),
    room,
  );
  const pacedGo = paceCandidates(
    capped.go.map((c) => ({ ...c, mailbox: paced?.addressOf.get(c.mailbox_id) ?? c.mailbox_id })),
    paced?.allowances ?? new Map(),
  );

  const capacity = await readCapacity(tx, { userId, mailboxIds, today });
  const { fit, full } = allocateCapacity(
    pacedGo.go.map((c) => ({ id: c.id, mailboxId: c.mailbox_id, mailbox: c.mailbox })),
    remainingByMailbox(capacity),
    settings.dailySendLimit - capacity.userUsed,
  );

  const leaseExpiresAt = new Date(now.getTime() + opts.leaseMs);
  const claimed = await markSending(
    tx,
    fit.map((f) => f.id),
    { ...opts, leaseExpiresAt },
  );
  // After the claim, so the rows it took (no longer 'scheduled') are not moved with the held ones.
  await holdNewContacts(tx, { userId, now, campaigns: capped.heldCampaigns, until: nextDay });
  // Counted as claimed: a gap starts, and the hour's and the day's counts grow, only with a row taken.
  const taken = new Map<string, { n: number; gap: Date | null }>();
  const started = new Map<string, number>();
  const firstStepOf = new Map(due.map((c) => [c.id, c]));
  for (const f of fit) {
    const allowance = paced?.allowances.get(f.mailbox);
    if (allowance) {
      const t = taken.get(f.mailbox) ?? { n: 0, gap: pacedGo.gapUntil.get(f.mailbox) ?? null };
      taken.set(f.mailbox, { ...t, n: t.n + 1 });
    }
    const row = firstStepOf.get(f.id);
    if (row?.first_step && room.has(row.campaign_id))
      started.set(row.campaign_id, (started.get(row.campaign_id) ?? 0) + 1);
  }
  await recordClaims(tx, { userId, now, today, mailboxes: taken, campaigns: started });
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
  // The same for the tracking hosts: one small query, so a host verified or gone stale is (not) used from the next claim.
  const trackingHosts = await loadTrackingHostsInUse(tx, userId, now);
  return { ...empty, sends, dkimKeys, trackingHosts };
}
