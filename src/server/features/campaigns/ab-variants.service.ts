// A campaign's A/B variants: the figures per step and variant, the verdict,
// picking a winner by hand and the automatic winner's settings. Every query is
// scoped to the user through the campaign.
import { and, eq } from "drizzle-orm";
import type { CampaignVariants } from "#shared/sequences/ab-variants.schemas.ts";
import type { AbSettings } from "#shared/sequences/ab-winner.ts";
import { variantCount, variantLetter } from "#shared/sequences/step-variants.ts";
import { campaigns, emailSequences, userSettings } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import {
  campaignStepFigures,
  evaluateAutoWinners,
  pickWinnerByHand,
  type StepFigures,
  verdictOf,
} from "../../domain/ab-winners.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

function toStepDto(step: StepFigures, opensTracked: boolean): CampaignVariants["steps"][number] {
  const texts = [{ subject: step.subject, body: null }, ...step.variants];
  const verdict = verdictOf(step);
  return {
    stepId: step.stepId,
    stepNumber: step.stepNumber,
    variants: step.counts.map((c, index) => ({
      index,
      letter: variantLetter(index),
      subject: texts[index]?.subject ?? "",
      ownBody: index === 0 || Boolean(texts[index]?.body),
      sent: c.sent,
      opened: opensTracked ? c.opened : null,
      replied: c.replied,
      replyRate: c.sent > 0 ? c.replied / c.sent : 0,
    })),
    winner:
      step.winner !== null && step.winnerMode && step.winnerAt
        ? {
            index: step.winner,
            letter: variantLetter(step.winner),
            mode: step.winnerMode,
            at: step.winnerAt.toISOString(),
            reason: step.winnerReason ?? "",
          }
        : null,
    verdict: { kind: verdict.kind, reason: verdict.reason },
    unsent: step.unsent,
  };
}

export function createAbVariantsService({ db, now: clock }: FeatureDeps) {
  const now = clock ?? (() => new Date());

  async function owned(userId: string, campaignId: string) {
    const [row] = isUuid(campaignId)
      ? await db
          .select({
            id: campaigns.id,
            trackOpens: campaigns.trackOpens,
            settingTrackOpens: userSettings.trackOpens,
            autoWinner: campaigns.abAutoWinner,
            minSends: campaigns.abMinSends,
            confidence: campaigns.abConfidence,
          })
          .from(campaigns)
          .leftJoin(userSettings, eq(userSettings.userId, campaigns.userId))
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
      : [];
    if (!row) throw new AppError("not_found", "Campaign not found");
    return row;
  }

  async function get(userId: string, campaignId: string): Promise<CampaignVariants> {
    const campaign = await owned(userId, campaignId);
    const opensTracked = campaign.trackOpens ?? campaign.settingTrackOpens ?? true;
    const steps = await campaignStepFigures(db, campaignId);
    return {
      settings: { autoWinner: campaign.autoWinner, minSends: campaign.minSends, confidence: campaign.confidence },
      opensTracked,
      steps: steps.map((s) => toStepDto(s, opensTracked)),
    };
  }

  return {
    get,

    /** Pick as winner: the step's unsent rows get the variant, from now on. */
    async pickWinner(userId: string, campaignId: string, stepId: string, variant: number): Promise<CampaignVariants> {
      await owned(userId, campaignId);
      const [step] = isUuid(stepId)
        ? await db
            .select({ stepNumber: emailSequences.stepNumber, variants: emailSequences.variants })
            .from(emailSequences)
            .where(and(eq(emailSequences.id, stepId), eq(emailSequences.campaignId, campaignId)))
        : [];
      if (!step) throw new AppError("not_found", "Step not found");
      const count = variantCount(step);
      if (count < 2) {
        throw new AppError("bad_request", `Step ${step.stepNumber} has no A/B variants`, {
          fields: { variant: `Step ${step.stepNumber} has no A/B variants` },
        });
      }
      if (variant >= count) {
        const message = `Step ${step.stepNumber} has no variant ${variantLetter(variant)}`;
        throw new AppError("bad_request", message, { fields: { variant: message } });
      }
      await db.transaction((tx) => pickWinnerByHand(tx, { campaignId, stepId, winner: variant, now: now() }));
      return get(userId, campaignId);
    },

    /** The automatic winner's settings; turned on, the rule is applied at once to what was sent so far. */
    async saveSettings(userId: string, campaignId: string, settings: AbSettings): Promise<CampaignVariants> {
      await owned(userId, campaignId);
      await db.transaction(async (tx) => {
        await tx
          .update(campaigns)
          .set({
            abAutoWinner: settings.autoWinner,
            abMinSends: settings.minSends,
            abConfidence: settings.confidence,
            updatedAt: now(),
          })
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
        if (settings.autoWinner) await evaluateAutoWinners(tx, now(), campaignId);
      });
      return get(userId, campaignId);
    },
  };
}
