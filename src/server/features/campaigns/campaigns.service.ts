// Campaigns: creation from the wizard (campaign, senders, contacts and steps in
// ONE transaction, so a failure leaves nothing half-created), the edit screen's
// save (same), status changes and deletion. Every query is scoped to the user.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { displayCampaignStatus } from "#shared/campaigns/campaign-status.ts";
import type {
  CampaignDetail,
  CampaignSenderInput,
  CampaignSummary,
  CreateCampaignInput,
  UpdateCampaignInput,
} from "#shared/campaigns/campaigns.schemas.ts";
import type { SequenceStepInput } from "#shared/sequences/sequence.schemas.ts";
import type { Db } from "../../db/client.ts";
import {
  campaignStats,
  campaigns,
  contacts,
  emailSequences,
  scheduledEmails,
  senderAccounts,
  userSettings,
} from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { variantsAfterEdit } from "../../domain/ab-winners.ts";
import {
  pauseCampaignQueue,
  resumeCampaignQueue,
  scheduleFirstStep,
  syncLaunchedQueue,
} from "../../domain/campaign-queue.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import type { Logger } from "../../logger.ts";
import { withConnections } from "../../sending/sender-connection.ts";
import { insertContacts } from "../contacts/insert-contacts.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { cannotSendReasonOf, canSendThrough } from "../senders/sender-dto.ts";
import {
  assertBookingLinkForSteps,
  assertOwnBookingLink,
  assertStoredStepsHaveBookingLink,
} from "./campaign-booking-link.ts";
import { type CampaignStatusCounters, toCampaignDto, toStepDto } from "./campaign-dto.ts";
import { campaignMergeTagColumns } from "./campaign-merge-tags.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A campaign's counters, for a query over campaigns left-joined to
 * campaign_stats (zeros without a row): the figures of its row and card, and
 * what its displayed status is derived from.
 */
const counterColumns = {
  scheduledCount: sql<number>`coalesce(${campaignStats.scheduled}, 0)::int`,
  sentCount: sql<number>`coalesce(${campaignStats.sent}, 0)::int`,
  openedCount: sql<number>`coalesce(${campaignStats.opened}, 0)::int`,
  failedCount: sql<number>`coalesce(${campaignStats.failed}, 0)::int`,
  pendingCount: sql<number>`coalesce(${campaignStats.pending}, 0)::int`,
  // A probe of the partial index of unknown sends (scheduled_emails_unknown_idx): almost always none.
  unknownCount: sql<number>`(select count(*)::int from ${scheduledEmails} where ${scheduledEmails.campaignId} = ${campaigns.id} and ${scheduledEmails.status} = 'unknown')`,
};

/** The counters of one campaign (the Edit page, a status change): one query. */
async function countersOf(tx: Pick<Db, "select">, campaignId: string): Promise<CampaignStatusCounters> {
  const [row] = await tx
    .select(counterColumns)
    .from(campaigns)
    .leftJoin(campaignStats, eq(campaignStats.campaignId, campaigns.id))
    .where(eq(campaigns.id, campaignId));
  if (!row) throw new AppError("not_found", "Campaign not found");
  return row;
}

/** Runs one step of a multi-step write, turning an unexpected failure into the spec's message for that step. */
async function step<T>(log: Logger, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err }, message);
    throw new AppError("internal_error", message);
  }
}

function stepRows(campaignId: string, sequence: SequenceStepInput[]) {
  return sequence.map((s, i) => ({
    campaignId,
    stepNumber: i + 1,
    ...s,
    trackClicks: s.trackClicks ?? null,
    variants: s.variants ?? [],
  }));
}

/** The user's 'Track opens' setting (on for a user who never saved settings). */
async function settingTrackOpens(tx: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ trackOpens: userSettings.trackOpens })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.trackOpens ?? true;
}

export function createCampaignsService(
  { db, log, config, now: clock }: FeatureDeps,
  sanitize: (steps: SequenceStepInput[]) => SequenceStepInput[],
) {
  const now = clock ?? (() => new Date());
  /** The user's campaign, or 404 (another user's campaign is indistinguishable from a missing one). */
  async function owned(tx: Db | Tx, userId: string, campaignId: string) {
    const [row] = isUuid(campaignId)
      ? await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
      : [];
    if (!row) throw new AppError("not_found", "Campaign not found");
    return row;
  }

  /**
   * A launched campaign's queue follows its edits (new contacts, removed
   * senders, deleted steps); a draft has no queue yet and a completed one
   * sends nothing more.
   */
  async function syncQueueAfterEdit(tx: Tx, userId: string, campaign: typeof campaigns.$inferSelect) {
    if (!campaign.launchedAt || (campaign.status !== "active" && campaign.status !== "paused")) return;
    const rules = sendingRules(await loadSendingSettings(tx, userId));
    await syncLaunchedQueue(tx, {
      campaignId: campaign.id,
      userId,
      now: now(),
      rules,
      paused: campaign.status === "paused",
    });
  }

  /** Campaign sender rows; imported ones point at the saved sender whose connection they use. */
  async function senderRows(tx: Tx, userId: string, campaignId: string, senders: CampaignSenderInput[]) {
    const savedIds = senders.map((s) => s.savedSenderId).filter((id): id is string => Boolean(id));
    if (savedIds.length > 0) {
      const found = await tx
        .select({ id: senderAccounts.id })
        .from(senderAccounts)
        .where(
          and(
            inArray(senderAccounts.id, savedIds),
            eq(senderAccounts.userId, userId),
            isNull(senderAccounts.campaignId),
          ),
        );
      if (found.length !== new Set(savedIds).size) throw new AppError("bad_request", "Sender account not found");
    }
    // One statement gives every row the same now(); distinct times keep the
    // order the user chose (shown in that order, and used for round-robin).
    const base = Date.now();
    return senders.map((s, i) => ({
      userId,
      campaignId,
      email: s.email.trim().toLowerCase(),
      provider: s.provider,
      dailyLimit: s.dailyLimit,
      sourceSenderId: s.savedSenderId ?? null,
      createdAt: new Date(base + i),
    }));
  }

  async function detail(tx: Db | Tx, userId: string, campaignId: string): Promise<CampaignDetail> {
    const campaign = await owned(tx, userId, campaignId);
    // Sequential: inside a transaction the queries share one connection.
    const senders = await tx
      .select()
      .from(senderAccounts)
      .where(eq(senderAccounts.campaignId, campaignId))
      .orderBy(asc(senderAccounts.createdAt), asc(senderAccounts.id));
    const steps = await tx
      .select()
      .from(emailSequences)
      .where(eq(emailSequences.campaignId, campaignId))
      .orderBy(asc(emailSequences.stepNumber));
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(eq(contacts.campaignId, campaignId));
    // An imported sender sends through its saved sender's connection.
    const withConnection = await withConnections(tx, senders);
    const tracksOpens = await settingTrackOpens(tx, userId);
    const counters = await countersOf(tx, campaignId);
    return {
      campaign: toCampaignDto(campaign, tracksOpens, counters),
      senders: withConnection.map(({ sender: s, connection }) => ({
        id: s.id,
        email: s.email,
        provider: s.provider,
        dailyLimit: s.dailyLimit,
        savedSenderId: s.sourceSenderId,
        canSend: canSendThrough(connection, config.mailDelivery),
        cannotSendReason: cannotSendReasonOf(connection, config),
      })),
      sequence: steps.map(toStepDto),
      contactCount: count?.n ?? 0,
      mergeTagColumns: await campaignMergeTagColumns(tx, userId, campaignId),
    };
  }

  async function insertCampaign(
    tx: Tx,
    userId: string,
    input: CreateCampaignInput,
    launchKey?: string,
  ): Promise<string | null> {
    const sequence = sanitize(input.sequence);
    await assertOwnBookingLink(tx, userId, input.bookingLinkId);
    const campaign = await step(log, "Failed to create campaign. Please try again.", async () => {
      const [row] = await tx
        .insert(campaigns)
        .values({
          userId,
          name: input.name,
          description: input.description || null,
          emailColumn: input.emailColumn,
          trackOpens: input.trackOpens ?? null,
          trackClicks: input.trackClicks ?? false,
          sendAs: input.sendAs ?? "html",
          launchKey: launchKey ?? null,
          bookingLinkId: input.bookingLinkId ?? null,
          dailyNewContactsLimit: input.dailyNewContactsLimit ?? null,
          stopOnCompanyReply: input.stopOnCompanyReply ?? false,
          ...(input.abSettings
            ? {
                abAutoWinner: input.abSettings.autoWinner,
                abMinSends: input.abSettings.minSends,
                abConfidence: input.abSettings.confidence,
              }
            : {}),
        })
        .onConflictDoNothing({ target: [campaigns.userId, campaigns.launchKey] })
        .returning();
      if (row) await tx.insert(campaignStats).values({ campaignId: row.id, userId });
      return row;
    });
    if (!campaign) return null;
    const senders = await senderRows(tx, userId, campaign.id, input.senderAccounts);
    await step(log, "Failed to create sender accounts. Please try again.", () =>
      tx.insert(senderAccounts).values(senders),
    );
    await step(log, "Failed to create email sequences. Please try again.", () =>
      tx.insert(emailSequences).values(stepRows(campaign.id, sequence)),
    );
    await step(log, "Failed to create contacts. Please try again.", () =>
      insertContacts(tx, userId, campaign.id, input.contacts),
    );
    return campaign.id;
  }

  return {
    async list(userId: string): Promise<CampaignSummary[]> {
      const rows = await db
        .select({
          campaign: campaigns,
          counters: counterColumns,
          settingTrackOpens: sql<boolean>`coalesce(${userSettings.trackOpens}, true)`,
          contactCount: sql<number>`(select count(*)::int from ${contacts} where ${contacts.campaignId} = ${campaigns.id})`,
        })
        .from(campaigns)
        .leftJoin(campaignStats, eq(campaignStats.campaignId, campaigns.id))
        .leftJoin(userSettings, eq(userSettings.userId, campaigns.userId))
        .where(eq(campaigns.userId, userId))
        .orderBy(desc(campaigns.createdAt));
      return rows.map((r) => ({
        ...toCampaignDto(r.campaign, r.settingTrackOpens, r.counters),
        ...r.counters,
        contactCount: r.contactCount,
      }));
    },

    get: (userId: string, campaignId: string) => detail(db, userId, campaignId),

    async create(userId: string, input: CreateCampaignInput): Promise<CampaignDetail> {
      return db.transaction(async (tx) => detail(tx, userId, (await insertCampaign(tx, userId, input))!));
    },

    /**
     * Inside the caller's transaction: stores the campaign with its senders,
     * steps and contacts, under `launchKey` when given. Returns its id, or null
     * when a campaign of this user already holds that key (stored by an earlier
     * or a concurrent request: the unique index makes the second insert wait
     * for the first to commit, then insert nothing) and nothing was stored.
     */
    insertCampaign,

    /** The id of the user's campaign stored under `launchKey`, or null. */
    async campaignOfLaunchKey(tx: Db | Tx, userId: string, launchKey: string): Promise<string | null> {
      if (!isUuid(launchKey)) return null;
      const [row] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.userId, userId), eq(campaigns.launchKey, launchKey)));
      return row?.id ?? null;
    },

    /** Save Changes: details, steps by position (update, insert new, delete surplus) and senders, atomically. */
    async update(userId: string, campaignId: string, input: UpdateCampaignInput): Promise<CampaignDetail> {
      const sequence = sanitize(input.sequence);
      return db.transaction(async (tx) => {
        const campaign = await owned(tx, userId, campaignId);
        await assertOwnBookingLink(tx, userId, input.bookingLinkId);
        // A campaign sending now must keep a link for the steps that use {{bookingLink}}.
        const bookingLinkId = input.bookingLinkId !== undefined ? input.bookingLinkId : campaign.bookingLinkId;
        if (campaign.status === "active") assertBookingLinkForSteps(sequence, bookingLinkId);
        await tx
          .update(campaigns)
          .set({
            name: input.name,
            description: input.description || null,
            ...(input.bookingLinkId !== undefined ? { bookingLinkId: input.bookingLinkId } : {}),
            ...(input.trackOpens !== undefined ? { trackOpens: input.trackOpens } : {}),
            ...(input.trackClicks !== undefined ? { trackClicks: input.trackClicks } : {}),
            ...(input.sendAs ? { sendAs: input.sendAs } : {}),
            ...(input.dailyNewContactsLimit !== undefined
              ? { dailyNewContactsLimit: input.dailyNewContactsLimit }
              : {}),
            ...(input.stopOnCompanyReply !== undefined ? { stopOnCompanyReply: input.stopOnCompanyReply } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));

        const existing = await tx
          .select({ id: emailSequences.id })
          .from(emailSequences)
          .where(eq(emailSequences.campaignId, campaignId))
          .orderBy(asc(emailSequences.stepNumber));
        for (const [i, s] of sequence.entries()) {
          const current = existing[i];
          if (current) {
            await tx
              .update(emailSequences)
              // Variants left out: none (Save Changes sends the whole sequence).
              .set({ ...s, trackClicks: s.trackClicks ?? null, variants: s.variants ?? [], updatedAt: new Date() })
              .where(eq(emailSequences.id, current.id));
          } else {
            await tx.insert(emailSequences).values({
              campaignId,
              stepNumber: i + 1,
              ...s,
              trackClicks: s.trackClicks ?? null,
              variants: s.variants ?? [],
            });
          }
        }
        const surplus = existing.slice(sequence.length).map((r) => r.id);
        if (surplus.length > 0) await tx.delete(emailSequences).where(inArray(emailSequences.id, surplus));
        // Variants added or removed: the A/B split (and a winner the step lost) follows.
        await variantsAfterEdit(tx, campaignId, new Date());

        const current = await tx
          .select({ id: senderAccounts.id })
          .from(senderAccounts)
          .where(eq(senderAccounts.campaignId, campaignId));
        const keep = new Set(input.senderAccounts.map((s) => s.id).filter(Boolean));
        const removed = current.filter((s) => !keep.has(s.id)).map((s) => s.id);
        if (removed.length > 0) await tx.delete(senderAccounts).where(inArray(senderAccounts.id, removed));
        const known = new Set(current.map((s) => s.id));
        for (const s of input.senderAccounts) {
          if (s.id && known.has(s.id)) {
            await tx
              .update(senderAccounts)
              .set({
                email: s.email.toLowerCase(),
                provider: s.provider,
                dailyLimit: s.dailyLimit,
                updatedAt: new Date(),
              })
              .where(and(eq(senderAccounts.id, s.id), eq(senderAccounts.campaignId, campaignId)));
          }
        }
        const added = input.senderAccounts.filter((s) => !s.id || !known.has(s.id));
        if (added.length > 0) await tx.insert(senderAccounts).values(await senderRows(tx, userId, campaignId, added));
        await syncQueueAfterEdit(tx, userId, campaign);
        return detail(tx, userId, campaignId);
      });
    },

    /**
     * Pause holds the campaign's queued sends; Activate releases them (none
     * earlier than the next allowed slot) or, for a draft that never ran,
     * queues step 1 for its contacts as launch does (the worker sends them).
     */
    async setStatus(userId: string, campaignId: string, status: "active" | "paused") {
      return db.transaction(async (tx) => {
        const campaign = await owned(tx, userId, campaignId);
        // Completed as shown (nothing left to send), not only as stored: no screen offers a toggle for it.
        const shown = displayCampaignStatus({ status: campaign.status, ...(await countersOf(tx, campaignId)) });
        if (shown === "completed") {
          throw new AppError("conflict", "Completed campaigns cannot be paused or activated");
        }
        if (status === "paused" && campaign.status !== "active") {
          throw new AppError("conflict", "Only active campaigns can be paused");
        }
        if (status === "active") await assertStoredStepsHaveBookingLink(tx, campaign);
        const at = now();
        if (status === "paused") {
          await pauseCampaignQueue(tx, campaignId, at);
        } else if (campaign.status !== "active") {
          const rules = sendingRules(await loadSendingSettings(tx, userId));
          if (campaign.launchedAt) await resumeCampaignQueue(tx, campaignId, at, rules);
          else await scheduleFirstStep(tx, { campaignId, userId, now: at, rules });
        }
        const [row] = await tx
          .update(campaigns)
          .set({
            status,
            updatedAt: at,
            ...(status === "active" && !campaign.launchedAt ? { launchedAt: at } : {}),
            // Activating a campaign bounce protection paused resumes it: what came back so far no longer counts.
            ...(status === "active" && campaign.autoPausedAt
              ? { autoPausedAt: null, autoPauseReason: null, autoPauseDetail: null, protectionCountsFrom: sql`now()` }
              : {}),
          })
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
          .returning();
        return toCampaignDto(row!, await settingTrackOpens(tx, userId), await countersOf(tx, campaignId));
      });
    },

    async remove(userId: string, campaignId: string): Promise<void> {
      await owned(db, userId, campaignId);
      // Senders, contacts, steps, queued and sent rows go with it (ON DELETE CASCADE).
      // A send in flight finishes; recording it finds no rows and changes nothing.
      await db.delete(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
