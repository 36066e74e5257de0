// A sequence as the editor holds it (the wizard draft, the edit page): steps
// with a local id and `delay`, and the conversions to and from the API's
// SequenceStepInput (templates, campaign create/update).
import { z } from "zod";
import { bodyFormats, delayUnits, sendFormats } from "../db-enums.ts";
import type { SequenceStepInput } from "./sequence.schemas.ts";
import { stepVariantSchema } from "./step-variants.ts";

/** The time a follow-up on a fixed date goes out unless the user picks another (docs/product.md §9.6). */
export const DEFAULT_SCHEDULED_TIME = "09:00";

export const sequenceDraftStepSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  bodyFormat: z.enum(bodyFormats),
  delay: z.number().int().min(0),
  delayUnit: z.enum(delayUnits),
  /** YYYY-MM-DD; later steps only. */
  scheduledDate: z.string().nullable(),
  /** HH:MM; with scheduledDate. */
  scheduledTime: z.string().nullable(),
  /** How this step is sent; null or absent (drafts saved before the option): as the campaign. */
  sendAs: z.enum(sendFormats).nullable().optional(),
  /** Click tracking for this step; null or absent (drafts saved before the option): as the campaign. */
  trackClicks: z.boolean().nullable().optional(),
  /** A/B variants B–E (step-variants.ts); absent (drafts saved before them): none. */
  variants: z.array(stepVariantSchema).optional(),
});
export type SequenceDraftStep = z.infer<typeof sequenceDraftStepSchema>;

/** False for a step whose stored shape is broken (old or hand-edited draft data). */
export function isValidDraftStep(step: unknown): step is SequenceDraftStep {
  return sequenceDraftStepSchema.safeParse(step).success;
}

/**
 * The delay a new follow-up starts with. The spec's draft default is 0 ("Sent
 * right after the previous email"), which nobody wants for a follow-up; two
 * days is what outreach tools start with (issue 28).
 */
export const FOLLOW_UP_DEFAULT_DELAY_DAYS = 2;

/** A blank step; the first one goes out at launch, so its delay is unused. */
export function emptyDraftStep(id: string): SequenceDraftStep {
  return {
    id,
    subject: "",
    body: "",
    bodyFormat: "text",
    delay: 0,
    delayUnit: "days",
    scheduledDate: null,
    scheduledTime: null,
    sendAs: null,
    trackClicks: null,
  };
}

/** A blank step added after others: sent FOLLOW_UP_DEFAULT_DELAY_DAYS days after the previous email. */
export function followUpDraftStep(id: string): SequenceDraftStep {
  return { ...emptyDraftStep(id), delay: FOLLOW_UP_DEFAULT_DELAY_DAYS };
}

/**
 * Draft → API. The first step goes out at launch, so it has no delay and no
 * date; a later step on a date gets 09:00 unless a time was chosen.
 */
export function toSequenceInput(steps: readonly SequenceDraftStep[]): SequenceStepInput[] {
  return steps.map((step, index) => {
    const first = index === 0;
    const date = first ? null : step.scheduledDate || null;
    return {
      subject: step.subject,
      body: step.body,
      bodyFormat: step.bodyFormat,
      delayAmount: first || date ? 0 : step.delay,
      delayUnit: step.delayUnit,
      scheduledDate: date,
      scheduledTime: date ? step.scheduledTime || DEFAULT_SCHEDULED_TIME : null,
      sendAs: step.sendAs ?? null,
      trackClicks: step.trackClicks ?? null,
      ...(step.variants?.length ? { variants: step.variants } : {}),
    };
  });
}

/** API → draft, each step under a new id (loading a template replaces the sequence). */
export function fromSequenceInput(steps: readonly SequenceStepInput[], newId: () => string): SequenceDraftStep[] {
  return steps.map((step) => ({
    id: newId(),
    subject: step.subject,
    body: step.body,
    bodyFormat: step.bodyFormat,
    delay: step.delayAmount,
    delayUnit: step.delayUnit,
    scheduledDate: step.scheduledDate,
    scheduledTime: step.scheduledTime,
    sendAs: step.sendAs ?? null,
    trackClicks: step.trackClicks ?? null,
    ...(step.variants?.length ? { variants: step.variants } : {}),
  }));
}
