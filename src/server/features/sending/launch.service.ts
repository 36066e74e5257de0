// Launch (spec part 2 §8): in ONE transaction, check the campaign can send,
// queue step 1 for every contact (round-robin senders, suppressed addresses
// skipped), set it active, and claim the first batch; then deliver that batch
// within the request so the wizard can say how many went out. The rest of the
// queue is the worker's.
import { and, count, eq, inArray } from "drizzle-orm";
import type { LaunchResult } from "#shared/sending/launch.schemas.ts";
import { campaigns, contacts, emailSequences, senderAccounts } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import { scheduleFirstStep } from "../../jobs/campaign-queue.ts";
import type { SendWorker } from "../../jobs/send-worker.ts";
import { loadSendingSettings, sendingRules } from "../../jobs/sending-settings.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { canSendThrough } from "../senders/sender-dto.ts";
import { sendLaunchNotification } from "./launch-notification.ts";

/** Deliveries inside the launch request; the worker sends the rest within seconds. */
export const LAUNCH_BATCH_LIMIT = 100;

export const INCOMPLETE_CAMPAIGN = "Please complete all required fields before launching the campaign.";
export const NO_CONTACTS = "No contacts found. Please upload contacts before launching the campaign.";

export function createLaunchService(deps: FeatureDeps, worker: SendWorker) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async launch(userId: string, campaignId: string): Promise<LaunchResult> {
      const prepared = await db.transaction(async (tx) => {
        // FOR UPDATE: two launch clicks at once queue the campaign once.
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
        const senders = await tx.select().from(senderAccounts).where(eq(senderAccounts.campaignId, campaignId));
        const [steps] = await tx
          .select({ n: count() })
          .from(emailSequences)
          .where(and(eq(emailSequences.campaignId, campaignId), eq(emailSequences.stepNumber, 1)));
        if (!campaign.name.trim() || senders.length === 0 || !steps?.n) {
          throw new AppError("bad_request", INCOMPLETE_CAMPAIGN);
        }
        const [people] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.campaignId, campaignId));
        if (!people?.n) throw new AppError("bad_request", NO_CONTACTS);
        await assertSendersCanSend(tx, senders, config.mailDelivery);

        const settings = await loadSendingSettings(tx, userId);
        const launchedAt = now();
        const first = await scheduleFirstStep(tx, {
          campaignId,
          userId,
          now: launchedAt,
          rules: sendingRules(settings),
        });
        await tx
          .update(campaigns)
          .set({ status: "active", launchedAt, updatedAt: launchedAt })
          .where(eq(campaigns.id, campaignId));
        // Claimed in the same transaction, so the background worker cannot take
        // the first batch away from the request that reports on it.
        const batch = await worker.claim(tx, { userId, campaignId, limit: LAUNCH_BATCH_LIMIT });
        return { campaign, first, batch, launchedAt };
      });

      const delivered = await worker.deliver(prepared.batch);
      // Never awaited: a slow or failing notification must not hold or fail the launch.
      void sendLaunchNotification(deps, {
        userId,
        campaign: prepared.campaign,
        launchedAt: prepared.launchedAt,
        emailCount: prepared.first.scheduled,
      }).catch((err: unknown) => log.warn({ err, campaignId }, "launch notification failed"));

      return {
        emailsSent: delivered.sent,
        // An unknown outcome is a failure to the user until they decide about it;
        // a send given back unsent is queued again, like a retry.
        emailsFailed: delivered.failed + delivered.unknown,
        emailsRetrying: delivered.retrying + delivered.released,
        scheduled: prepared.first.scheduled,
        suppressed: prepared.first.suppressed,
      };
    },
  };
}

type SenderRow = typeof senderAccounts.$inferSelect;

/**
 * In live mode every sender needs a working connection (its own, or the saved
 * sender's it was imported from); in capture mode any sender can send.
 */
async function assertSendersCanSend(
  tx: Pick<FeatureDeps["db"], "select">,
  senders: SenderRow[],
  mailDelivery: "capture" | "live",
): Promise<void> {
  if (mailDelivery === "capture") return;
  const sourceIds = senders.map((s) => s.sourceSenderId).filter((id): id is string => Boolean(id));
  const sources = sourceIds.length
    ? await tx.select().from(senderAccounts).where(inArray(senderAccounts.id, sourceIds))
    : [];
  const byId = new Map(sources.map((s) => [s.id, s]));
  const blocked = senders.filter((s) => {
    const connection = (s.sourceSenderId && byId.get(s.sourceSenderId)) || s;
    return !canSendThrough(connection, mailDelivery);
  });
  if (blocked.length > 0) {
    throw new AppError(
      "bad_request",
      `Sender account ${blocked.map((s) => s.email).join(", ")} has no SMTP connection. Add it on the Senders page, then launch again.`,
    );
  }
}
