// A/B variants of a sequence step (issue 30 §1, docs/features.md "A/B variants").
//
// A step's own subject and body are variant A, so every step stored before
// variants existed (and every saved template) is a step with one variant. The
// other variants (B–E) are kept in the step's `variants` list: each has its own
// subject and, optionally, its own body; without one it uses the step's body
// ("subject only").
//
// The split: each contact carries its rank in the campaign (0, 1, 2, … in the
// order step 1 was queued for them: the order the contacts were added), fixed
// when step 1 is queued and carried on every later queue row. A step with n
// variants gives a contact variant rank mod n, so any n consecutive contacts
// get each variant once: the split is exactly even (counts differ by at most
// one), the same contact always gets the same variant, and a retry re-sends
// the variant its queue row already carries. Once the step has a winner, rows
// not yet sent get the winner. src/server/domain/step-variants-sql.ts applies
// the same rule in SQL.
import { z } from "zod";
import { stepBodySizeProblem } from "./body-size.ts";

/** A/B variants a step holds at most, its own subject and body (A) included. */
export const MAX_STEP_VARIANTS = 5;

export const TOO_MANY_VARIANTS = `A step has at most ${MAX_STEP_VARIANTS} variants`;

export const stepVariantSchema = z.object({
  subject: z.string().max(998, "Subjects are limited to 998 characters"),
  /** Null (or empty): the variant uses the step's body. */
  body: z.string().nullable(),
});
export type StepVariant = z.infer<typeof stepVariantSchema>;

/** The variants after A (B–E), as a step stores them. */
export const extraVariantsSchema = z
  .array(stepVariantSchema)
  .max(MAX_STEP_VARIANTS - 1, `${TOO_MANY_VARIANTS}: A and ${MAX_STEP_VARIANTS - 1} more`);

/** 0 → "A", 1 → "B", … */
export function variantLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** How many variants a step has: A plus its extra ones. */
export function variantCount(step: { variants?: readonly StepVariant[] | null }): number {
  return 1 + (step.variants?.length ?? 0);
}

/**
 * The split rule: the variant (0-based) a contact of rank `rank` gets at a
 * step of `count` variants, or the winner once the step has one.
 */
export function variantFor(rank: number, count: number, winner: number | null = null): number {
  if (winner !== null && winner >= 0 && winner < count) return winner;
  if (count <= 1) return 0;
  return ((rank % count) + count) % count;
}

/**
 * The subject and body variant `index` sends: A is the step's own; another
 * variant's subject, and its body when it has one (else the step's). An index
 * the step no longer has (a variant removed after the row was queued) sends A.
 */
export function stepTextForVariant<T extends { subject: string; body: string }>(
  step: T,
  variants: readonly StepVariant[] | null | undefined,
  index: number | null | undefined,
): T {
  const variant = index ? variants?.[index - 1] : undefined;
  if (!variant) return step;
  return { ...step, subject: variant.subject, body: variant.body?.trim() ? variant.body : step.body };
}

/** Null-or-empty bodies stored as null, so "uses the step's body" has one form. */
export function normaliseVariants(variants: readonly StepVariant[] | null | undefined): StepVariant[] {
  return (variants ?? []).map((v) => ({ subject: v.subject, body: v.body?.trim() ? v.body : null }));
}

export type VariantProblem = { stepIndex: number; variantIndex: number; field: "subject" | "body"; message: string };

/**
 * The first problem of a sequence's variants (0-based step, 0-based index in
 * `variants`, so variant B is 0), with a message naming the step and variant:
 * a subject is required, and a body of its own weighs as much as a step's may.
 */
export function sequenceVariantProblem(
  steps: readonly { variants?: readonly StepVariant[] | null }[],
): VariantProblem | null {
  for (const [stepIndex, step] of steps.entries()) {
    for (const [variantIndex, variant] of (step.variants ?? []).entries()) {
      const name = `Step ${stepIndex + 1}, variant ${variantLetter(variantIndex + 1)}`;
      if (!variant.subject.trim()) {
        return { stepIndex, variantIndex, field: "subject", message: `${name}: a subject is required` };
      }
      const tooLarge = variant.body ? stepBodySizeProblem(variant.body, stepIndex + 1) : null;
      if (tooLarge) return { stepIndex, variantIndex, field: "body", message: `${name}: ${tooLarge}` };
    }
  }
  return null;
}
