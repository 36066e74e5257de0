// Email sequence steps as the API takes and returns them (stored in
// email_sequences). Order in the array is the step number (1-based).
import { z } from "zod";
import { isStorableDate } from "../api/storable-dates.ts";
import { bodyFormats, delayUnits, sendFormats } from "../db-enums.ts";
import { sequenceBodySizeProblem } from "./body-size.ts";
import { sequenceSpintaxProblems } from "./step-texts.ts";
import { extraVariantsSchema, sequenceVariantProblem } from "./step-variants.ts";

export const MAX_SEQUENCE_STEPS = 20;

export const sequenceStepInputSchema = z.object({
  subject: z.string().max(998, "Subjects are limited to 998 characters"),
  /** At most MAX_STEP_BODY_BYTES with its inline images (body-size.ts; checked where the step's number is known). */
  body: z.string(),
  bodyFormat: z.enum(bodyFormats),
  /** How this step is sent; null or left out: as the campaign's sendAs. */
  sendAs: z.enum(sendFormats, { error: "Send as must be html or plain_text" }).nullable().optional(),
  /** Whether this step's links go out as click redirects; null or left out: as the campaign's trackClicks. */
  trackClicks: z.boolean({ error: "Track clicks must be true, false or null" }).nullable().optional(),
  delayAmount: z
    .number()
    .int()
    .min(0, "Delay cannot be negative")
    .max(365 * 24 * 60),
  delayUnit: z.enum(delayUnits),
  /** YYYY-MM-DD; only for steps after the first. */
  scheduledDate: z.iso.date().refine(isStorableDate, "Choose a date between the years 1 and 9999").nullable(),
  /** HH:MM */
  scheduledTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the 24-hour HH:MM format")
    .nullable(),
  /** A/B variants B–E (the step's own subject and body are A): step-variants.ts. Left out: none. */
  variants: extraVariantsSchema.optional(),
});
export type SequenceStepInput = z.infer<typeof sequenceStepInputSchema>;

export const sequenceStepSchema = sequenceStepInputSchema.extend({ id: z.string(), stepNumber: z.number() });
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

/**
 * Steps whose bodies each fit in a message (body-size.ts): the refusal names
 * the first step that does not, with its size and the limit.
 */
export const withBodySizeCheck = <T extends z.ZodType<{ body: string }[]>>(steps: T) =>
  steps.superRefine((value, ctx) => {
    const problem = sequenceBodySizeProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [problem.index, "body"] });
  });

/**
 * Steps whose every text (step-texts.ts: the subjects and bodies of the step
 * and of its variants) holds valid spintax (spintax.ts): each problem is
 * refused at its field, 'Step 2 subject: Empty choice in {Hi||Hey} at
 * position 1', 'Step 2, variant B body: …'.
 */
export const withSpintaxCheck = <T extends z.ZodType<{ subject: string; body: string; bodyFormat: string }[]>>(
  steps: T,
) =>
  steps.superRefine((value, ctx) => {
    for (const problem of sequenceSpintaxProblems(value)) {
      ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
    }
  });

export const sequenceInputSchema = withSpintaxCheck(
  withBodySizeCheck(
    z
      .array(sequenceStepInputSchema)
      .min(1, "Email sequence is required")
      .max(MAX_SEQUENCE_STEPS, `A sequence has at most ${MAX_SEQUENCE_STEPS} steps`)
      .refine(
        (steps) => steps.every((s) => s.subject.trim() && s.body.trim()),
        "All email steps must have subject and body",
      )
      .superRefine((steps, ctx) => {
        const problem = sequenceVariantProblem(steps);
        if (problem) {
          const path = [problem.stepIndex, "variants", problem.variantIndex, problem.field];
          ctx.addIssue({ code: "custom", message: problem.message, path });
        }
      }),
  ),
);
