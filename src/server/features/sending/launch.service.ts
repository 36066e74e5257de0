// Launch (docs/product.md §9.9). No request waits on SMTP (issue 26: a launch that
// delivered its first batch itself never answered when its sender's server
// could not be reached, and a launch's own delivery raced the background
// worker for the same claims). So:
// 1. before anything is queued, every sender of the campaign must be able to
//    send (sender-readiness.ts); the refusal names each sender and why;
// 2. ONE transaction checks the campaign, queues step 1 for every contact
//    (round-robin senders, suppressed and blocked addresses skipped) and sets it active
//    (queueLaunch, also used by the wizard's create-and-launch), and queues the
//    launch notification with it (sent by the worker's notification outbox:
//    docs/decisions/037-notification-outbox.md);
// 3. the worker of this process is woken and the answer waits for its round
//    a bounded few seconds, then reports what the queue holds: sent, failed,
//    retrying, still queued. Without a worker in this process (role web) the
//    worker processes' next poll sends, and the answer says what is queued.
import { and, count, eq, sql } from "drizzle-orm";
import type { LaunchResult } from "#shared/sending/launch.schemas.ts";
import { campaigns, contacts, emailSequences, senderAccounts } from "../../db/schema/index.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { isBlocked } from "../../domain/block-list.ts";
import { type FirstStepResult, scheduleFirstStep } from "../../domain/campaign-queue.ts";
import { queueLaunchNotification } from "../../domain/notifications.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import type { SenderAccountRow } from "../../sending/outgoing.ts";
import { withConnections } from "../../sending/sender-connection.ts";
import { launchRefusal, reasonNotToSend } from "../../sending/sender-readiness.ts";
import { assertStoredStepsHaveBookingLink } from "../campaigns/campaign-booking-link.ts";
import { assertStoredStepsCanLaunch } from "../campaigns/campaign-merge-tags.ts";
import type { FeatureDeps } from "../feature-deps.ts";

/** How long a launch's answer waits for the worker's first round (it never waits for more). */
export const LAUNCH_REPORT_WAIT_MS = 5_000;

export const INCOMPLETE_CAMPAIGN = "Please complete all required fields before launching the campaign.";
export const NO_CONTACTS = "No contacts found. Please upload contacts before launching the campaign.";

export type QueuedLaunch = {
  campaign: { id: string; name: string };
  first: FirstStepResult;
  launchedAt: Date;
};

/**
 * Checks that every sender of the campaign can send; throws the refusal
 * naming each one that cannot. Run before the launch's transaction (it may
 * resolve host names). A campaign's sender imported from a saved one sends
 * through the saved one's connection.
 */
export async function assertSendersCanSend(
  deps: Pick<FeatureDeps, "db" | "config" | "secrets">,
  senders: SenderAccountRow[],
): Promise<void> {
  if (deps.config.mailDelivery === "capture") return;
  const checked = await Promise.all(
    (await withConnections(deps.db, senders)).map(async ({ sender, connection }) => ({
      email: sender.email,
      reason: await reasonNotToSend(connection, deps),
    })),
  );
  const blocked = checked.filter((c): c is { email: string; reason: string } => c.reason !== null);
  if (blocked.length > 0) throw new AppError("bad_request", `${launchRefusal(blocked)} Then launch again.`);
}

/**
 * Inside the caller's transaction: checks the campaign is a complete draft
 * of this user's (FOR UPDATE: two launches at once queue it once), queues
 * step 1 and sets it active.
 */
export async function queueLaunch(tx: Tx, o: { userId: string; campaignId: string; now: Date }): Promise<QueuedLaunch> {
  const { userId, campaignId } = o;
  const [campaign] = isUuid(campaignId)
    ? await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
        .for("update")
    : [];
  if (!campaign) throw new AppError("not_found", "Campaign not found");
  if (campaign.status !== "draft" || campaign.launchedAt) {
    throw new AppError("conflict", "This campaign has already been launched");
  }
  const [senders] = await tx
    .select({ n: count() })
    .from(senderAccounts)
    .where(eq(senderAccounts.campaignId, campaignId));
  const [steps] = await tx
    .select({ n: count() })
    .from(emailSequences)
    .where(and(eq(emailSequences.campaignId, campaignId), eq(emailSequences.stepNumber, 1)));
  if (!campaign.name.trim() || !senders?.n || !steps?.n) throw new AppError("bad_request", INCOMPLETE_CAMPAIGN);
  const [people] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.campaignId, campaignId));
  if (!people?.n) throw new AppError("bad_request", NO_CONTACTS);
  await assertStoredStepsHaveBookingLink(tx, campaign);
  await assertStoredStepsCanLaunch(tx, userId, campaignId);

  const settings = await loadSendingSettings(tx, userId);
  const first = await scheduleFirstStep(tx, { campaignId, userId, now: o.now, rules: sendingRules(settings) });
  await tx
    .update(campaigns)
    .set({ status: "active", launchedAt: o.now, updatedAt: o.now })
    .where(eq(campaigns.id, campaignId));
  // In the launch's transaction: told once the launch is, and never holding it up (the sweep sends it).
  await queueLaunchNotification(tx, { userId, campaign, launchedAt: o.now, emailCount: first.scheduled });
  return { campaign: { id: campaign.id, name: campaign.name }, first, launchedAt: o.now };
}

export function createLaunchService(deps: FeatureDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** After the launch's commit: the worker is woken, the answer waits for it (bounded). */
  async function report(queued: QueuedLaunch): Promise<LaunchResult> {
    const woken = deps.sendSignal?.wake() ?? Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      woken.catch((err: unknown) => log.warn({ err }, "waking the send worker failed")),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deps.launchReportWaitMs ?? LAUNCH_REPORT_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    return { ...(await stepOneSoFar(db, queued.campaign.id)), ...queued.first };
  }

  return {
    async launch(userId: string, campaignId: string): Promise<LaunchResult> {
      const senders = isUuid(campaignId)
        ? await db
            .select()
            .from(senderAccounts)
            .innerJoin(campaigns, eq(campaigns.id, senderAccounts.campaignId))
            .where(and(eq(senderAccounts.campaignId, campaignId), eq(campaigns.userId, userId)))
        : [];
      await assertSendersCanSend(
        deps,
        senders.map((s) => s.sender_accounts),
      );
      const queued = await db.transaction((tx) => queueLaunch(tx, { userId, campaignId, now: now() }));
      return report(queued);
    },
    report,
  };
}

/**
 * What step 1 of a campaign launched earlier has come to, for a request that
 * repeats a launch (the wizard's create-and-launch sent again with its key):
 * as the launch's own answer, with `scheduled`, `suppressed` and `blocked` read back
 * (step-1 rows queued; contacts left out as suppressed; contacts left out
 * and blocked now). Wakes nothing and
 * notifies nobody: the first request did.
 */
export async function launchSoFar(db: FeatureDeps["db"], campaignId: string): Promise<LaunchResult> {
  const [row] = await queryRows<{ scheduled: number; suppressed: number; blocked: number }>(
    db,
    sql`
    select (select count(*)::int from scheduled_emails se
            join email_sequences es on es.id = se.sequence_id and es.step_number = 1
            where se.campaign_id = ${campaignId}::uuid) as scheduled,
           (select count(*)::int from contacts ct
            where ct.campaign_id = ${campaignId}::uuid and ct.status in ('unsubscribed', 'bounced')
              and not exists (select 1 from scheduled_emails se where se.contact_id = ct.id)) as suppressed,
           (select count(*)::int from contacts ct
            where ct.campaign_id = ${campaignId}::uuid and ct.status = 'active' and ct.replied_at is null
              and not exists (select 1 from scheduled_emails se where se.contact_id = ct.id)
              and ${isBlocked(sql`ct.user_id`, sql`ct.email`)}) as blocked`,
  );
  return {
    ...(await stepOneSoFar(db, campaignId)),
    scheduled: row?.scheduled ?? 0,
    suppressed: row?.suppressed ?? 0,
    blocked: row?.blocked ?? 0,
  };
}

/**
 * What step 1 of the campaign has come to, in one statement: delivered,
 * failed for good (an unknown outcome counts as failed until the user
 * decides), failed temporarily and waiting for its retry, still queued.
 */
async function stepOneSoFar(
  db: FeatureDeps["db"],
  campaignId: string,
): Promise<Pick<LaunchResult, "emailsSent" | "emailsFailed" | "emailsRetrying" | "emailsQueued">> {
  const [row] = await queryRows<{ sent: number; failed: number; retrying: number; queued: number }>(
    db,
    sql`
    select count(*) filter (where se.status = 'sent')::int as sent,
           count(*) filter (where se.status in ('failed', 'unknown'))::int as failed,
           count(*) filter (where se.status = 'scheduled' and se.attempts > 0)::int as retrying,
           count(*) filter (where se.status = 'sending' or (se.status = 'scheduled' and se.attempts = 0))::int as queued
    from scheduled_emails se
    join email_sequences es on es.id = se.sequence_id and es.step_number = 1
    where se.campaign_id = ${campaignId}::uuid`,
  );
  return {
    emailsSent: row?.sent ?? 0,
    emailsFailed: row?.failed ?? 0,
    emailsRetrying: row?.retrying ?? 0,
    emailsQueued: row?.queued ?? 0,
  };
}
