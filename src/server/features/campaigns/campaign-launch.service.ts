// The wizard's Launch in one request (issue 26 §1). Storing a campaign and
// launching it used to be two requests, and the browser held the campaign's
// fate between them: the draft was discarded after the first, so a tab closed
// or a connection lost before the second left a stored draft the user never
// saw launched, and a Launch clicked again after a lost answer stored the
// campaign twice. Now:
// 1. a repeated request (same user, same launch key) finds the campaign the
//    first one stored and answers with it: nothing is stored or queued again;
// 2. every sender must be able to send (before the transaction: it may
//    resolve host names), else 400 naming each, nothing stored;
// 3. ONE transaction stores the campaign under the key and queues step 1
//    (queueLaunch). Two requests at once with the same key: the unique index
//    (user_id, launch_key) makes the second insert wait for the first to
//    commit and insert nothing; it then answers as a repeat;
// 4. the answer waits for the worker's first round (bounded), as Launch does.

import { and, eq, inArray, isNull } from "drizzle-orm";
import type { CampaignLaunchResult, CreateAndLaunchInput } from "#shared/campaigns/campaign-launch.schemas.ts";
import type { CampaignSenderInput } from "#shared/campaigns/campaigns.schemas.ts";
import type { SequenceStepInput } from "#shared/sequences/sequence.schemas.ts";
import { senderAccounts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { SenderAccountRow } from "../../sending/outgoing.ts";
import { unsavedSenderRow } from "../../sending/unsaved-sender.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { assertSendersCanSend, createLaunchService, launchSoFar, queueLaunch } from "../sending/launch.service.ts";
import { createCampaignsService } from "./campaigns.service.ts";

export function createCampaignLaunchService(
  deps: FeatureDeps,
  sanitize: (steps: SequenceStepInput[]) => SequenceStepInput[],
) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const campaigns = createCampaignsService(deps, sanitize);
  const launches = createLaunchService(deps);

  async function repeated(campaignId: string): Promise<CampaignLaunchResult> {
    return { campaignId, ...(await launchSoFar(db, campaignId)) };
  }

  /**
   * The campaign's senders as they would send: a copy of a saved sender
   * sends through the saved one's connection; one added by hand has none (in
   * live mode it cannot send). Saved senders must be this user's.
   */
  async function sendersAsTheyWouldSend(userId: string, senders: CampaignSenderInput[]): Promise<SenderAccountRow[]> {
    const savedIds = [...new Set(senders.map((s) => s.savedSenderId).filter((id): id is string => Boolean(id)))];
    const saved = savedIds.length
      ? await db
          .select()
          .from(senderAccounts)
          .where(
            and(
              inArray(senderAccounts.id, savedIds),
              eq(senderAccounts.userId, userId),
              isNull(senderAccounts.campaignId),
            ),
          )
      : [];
    // The message of the campaigns service's own check (it runs again in the transaction).
    if (saved.length !== savedIds.length) throw new AppError("bad_request", "Sender account not found");
    const byId = new Map(saved.map((s) => [s.id, s]));
    const at = now();
    return senders.map((s) => {
      const email = s.email.trim().toLowerCase();
      const source = s.savedSenderId ? byId.get(s.savedSenderId) : undefined;
      if (source) return { ...source, email };
      // Not saved yet: no connection of its own (in live mode it cannot send).
      return { ...unsavedSenderRow(userId, email, at), id: "", provider: s.provider, dailyLimit: s.dailyLimit };
    });
  }

  return {
    /** POST /api/campaigns/launch: store the campaign and launch it, once per launch key. */
    async createAndLaunch(userId: string, input: CreateAndLaunchInput): Promise<CampaignLaunchResult> {
      const { launchKey, ...campaign } = input;
      const earlier = await campaigns.campaignOfLaunchKey(db, userId, launchKey);
      if (earlier) return repeated(earlier);

      await assertSendersCanSend(deps, await sendersAsTheyWouldSend(userId, campaign.senderAccounts));

      const outcome = await db.transaction(async (tx) => {
        const campaignId = await campaigns.insertCampaign(tx, userId, campaign, launchKey);
        if (!campaignId) {
          return { kind: "repeat" as const, campaignId: await campaigns.campaignOfLaunchKey(tx, userId, launchKey) };
        }
        return { kind: "queued" as const, queued: await queueLaunch(tx, { userId, campaignId, now: now() }) };
      });
      if (outcome.kind === "queued") {
        return { campaignId: outcome.queued.campaign.id, ...(await launches.report(outcome.queued)) };
      }
      // The key's campaign was deleted between the insert that lost and this read: nothing is stored under it.
      if (!outcome.campaignId)
        throw new AppError("conflict", "This launch was just handled by another request. Launch again.");
      return repeated(outcome.campaignId);
    },

    /** GET /api/campaigns/launched/{launchKey}: the campaign a launch with this key stored, if any. */
    async launched(userId: string, launchKey: string): Promise<{ campaignId: string }> {
      const campaignId = await campaigns.campaignOfLaunchKey(db, userId, launchKey);
      // As for any object: another user's key is indistinguishable from one never used.
      if (!campaignId) throw new AppError("not_found", "No campaign was launched with this key");
      return { campaignId };
    },
  };
}
