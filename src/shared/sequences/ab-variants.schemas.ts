// A campaign's A/B variants as the API returns them: per step with variants,
// each variant's figures, the winner (when chosen) and the verdict's sentence
// (ab-winner.ts), with the campaign's automatic-winner settings.
import { z } from "zod";
import { abWinnerModes } from "../db-enums.ts";
import { abSettingsSchema } from "./ab-winner.ts";
import { MAX_STEP_VARIANTS } from "./step-variants.ts";

export const variantFiguresSchema = z
  .object({
    /** 0 = A. */
    index: z.number().int(),
    letter: z.string(),
    subject: z.string(),
    /** False: the variant sends the step's body (subject only). */
    ownBody: z.boolean(),
    sent: z.number().int(),
    /** Null when the campaign does not track opens. */
    opened: z.number().int().nullable(),
    replied: z.number().int(),
    /** replied / sent, 0 without sends. */
    replyRate: z.number(),
  })
  .meta({ id: "VariantFigures" });
export type VariantFiguresDto = z.infer<typeof variantFiguresSchema>;

export const stepVariantsSchema = z
  .object({
    stepId: z.string(),
    stepNumber: z.number().int(),
    variants: z.array(variantFiguresSchema),
    winner: z
      .object({
        index: z.number().int(),
        letter: z.string(),
        mode: z.enum(abWinnerModes),
        at: z.string(),
        reason: z.string(),
      })
      .nullable(),
    /** Why a winner is or is not picked: the rule's sentence for the figures now. */
    verdict: z.object({
      kind: z.enum(["single", "waiting", "no_difference", "winner"]),
      reason: z.string().nullable(),
    }),
    /** Contacts queued for this step and not yet sent it: they get the winner once there is one. */
    unsent: z.number().int(),
  })
  .meta({ id: "StepVariants" });
export type StepVariantsDto = z.infer<typeof stepVariantsSchema>;

export const campaignVariantsSchema = z
  .object({
    settings: abSettingsSchema,
    opensTracked: z.boolean(),
    /** The steps with more than one variant, in step order. */
    steps: z.array(stepVariantsSchema),
  })
  .meta({ id: "CampaignVariants" });
export type CampaignVariants = z.infer<typeof campaignVariantsSchema>;

export const pickWinnerInputSchema = z
  .object({
    variant: z
      .number({ error: "Choose a variant" })
      .int("Choose a variant")
      .min(0, "Choose a variant")
      .max(MAX_STEP_VARIANTS - 1, `Choose a variant from 0 (A) to ${MAX_STEP_VARIANTS - 1} (E)`),
  })
  .meta({ id: "PickWinnerInput" });
export type PickWinnerInput = z.infer<typeof pickWinnerInputSchema>;
