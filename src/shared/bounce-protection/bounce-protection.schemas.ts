// The bounce-protection API contract: the Settings fields (part of the
// settings object), a sender's own thresholds, and the pauses with what
// resumes them. The rule itself: protection-rule.ts.
import { z } from "zod";
import { senderPauseReasons } from "../db-enums.ts";
import { senderEmailSchema } from "../senders/senders.schemas.ts";
import { protectionDefaults } from "./protection-rule.ts";

export const PROTECTION_MIN_SENDS_MAX = 100_000;
export const PROTECTION_WINDOW_DAYS_MAX = 90;
export const PROTECTION_SPAM_MIN_MAX = 1_000;

/** A percentage from 0.01 to 100, with at most two decimals (the rule compares in basis points). */
const percentField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0.01, `${label} must be at least 0.01%`)
    .max(100, `${label} must be at most 100%`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} may have at most two decimals`);

const wholeField = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max.toLocaleString("en-US")}${unit}`)
    .max(max, `${label} must be between ${min} and ${max.toLocaleString("en-US")}${unit}`);

const minSendsField = () => wholeField("Minimum sends", 1, PROTECTION_MIN_SENDS_MAX);

/** Settings › Bounce protection: spread into the settings object (flat, as the settings form's fields are). */
export const bounceProtectionSettingsShape = {
  /** On by default: a new user's senders are protected without opening Settings. */
  bounceProtectionEnabled: z.boolean({ error: "Bounce protection must be true or false" }),
  bounceRatePercent: percentField("Hard-bounce rate"),
  bounceMinSends: minSendsField(),
  bounceWindowDays: wholeField("Window", 1, PROTECTION_WINDOW_DAYS_MAX, " days"),
  spamComplaintsMin: wholeField("Spam complaints", 1, PROTECTION_SPAM_MIN_MAX),
  spamRatePercent: percentField("Spam rate"),
  unsubscribeRatePercent: percentField("Unsubscribe rate"),
};

export type BounceProtectionSettings = {
  [K in keyof typeof bounceProtectionSettingsShape]: z.infer<(typeof bounceProtectionSettingsShape)[K]>;
};

export const bounceProtectionSettingsDefaults: BounceProtectionSettings = {
  bounceProtectionEnabled: true,
  bounceRatePercent: protectionDefaults.bounceRatePercent,
  bounceMinSends: protectionDefaults.minSends,
  bounceWindowDays: protectionDefaults.windowDays,
  spamComplaintsMin: protectionDefaults.spamMin,
  spamRatePercent: protectionDefaults.spamRatePercent,
  unsubscribeRatePercent: protectionDefaults.unsubscribeRatePercent,
};

/** The rule's thresholds from the settings' fields. */
export function thresholdsOf(s: BounceProtectionSettings) {
  return {
    bounceRatePercent: s.bounceRatePercent,
    minSends: s.bounceMinSends,
    windowDays: s.bounceWindowDays,
    spamMin: s.spamComplaintsMin,
    spamRatePercent: s.spamRatePercent,
    unsubscribeRatePercent: s.unsubscribeRatePercent,
  };
}

/** A mailbox's own thresholds; null: the user's settings. */
export const senderProtectionInputSchema = z
  .object({
    email: senderEmailSchema,
    bounceRatePercent: percentField("Hard-bounce rate").nullable(),
    minSends: minSendsField().nullable(),
  })
  .meta({ id: "SenderProtectionInput" });
export type SenderProtectionInput = z.infer<typeof senderProtectionInputSchema>;

export const pauseReasonSchema = z.enum(senderPauseReasons);

export const pauseSchema = z
  .object({
    reason: pauseReasonSchema,
    /** The figure that paused it, in words ("3 hard bounces in 52 sends (5.8%) in the last 7 days"). */
    detail: z.string(),
    pausedAt: z.string(),
  })
  .meta({ id: "ProtectionPause" });
export type ProtectionPause = z.infer<typeof pauseSchema>;

export const senderProtectionSchema = z
  .object({
    /** The mailbox address, lower-cased. */
    email: z.string(),
    bounceRatePercent: z.number().nullable(),
    minSends: z.number().int().nullable(),
    /** Set while bounce protection holds the mailbox: it sends nothing, in any campaign. */
    pause: pauseSchema.nullable(),
  })
  .meta({ id: "SenderProtection" });
export type SenderProtection = z.infer<typeof senderProtectionSchema>;

export const campaignPauseSchema = z
  .object({
    campaignId: z.string(),
    campaignName: z.string(),
    pause: pauseSchema,
  })
  .meta({ id: "CampaignProtectionPause" });
export type CampaignPause = z.infer<typeof campaignPauseSchema>;

export const bounceProtectionStateSchema = z
  .object({
    /** The user's Settings › Bounce protection, as the sender cards state them. */
    settings: z.object({
      enabled: z.boolean(),
      bounceRatePercent: z.number(),
      minSends: z.number().int(),
      windowDays: z.number().int(),
    }),
    /** Every mailbox with a pause or thresholds of its own. */
    senders: z.array(senderProtectionSchema),
    /** Campaigns bounce protection paused (until resumed). */
    campaigns: z.array(campaignPauseSchema),
  })
  .meta({ id: "BounceProtectionState" });
export type BounceProtectionState = z.infer<typeof bounceProtectionStateSchema>;

export const resumeSenderInputSchema = z.object({ email: senderEmailSchema }).meta({ id: "ResumeSenderInput" });

export const resumedSchema = z
  .object({
    /** From this moment on the figures count again: what came back before does not pause it again. */
    countsFrom: z.string(),
  })
  .meta({ id: "ProtectionResumed" });
