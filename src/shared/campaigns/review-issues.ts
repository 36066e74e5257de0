// The Review & Launch readiness check: the spec's issue messages, in order.
// Launch stays disabled while any issue is listed.
import { type AbSettingsForm, parseAbSettingsForm } from "../sequences/ab-winner.ts";
import { stepBodySizeProblem } from "../sequences/body-size.ts";
import { unknownMergeTagIssues, usesBookingLink } from "../sequences/merge-tags.ts";
import { type StepLike, sequenceSpintaxProblems, stepTexts } from "../sequences/step-texts.ts";
import { extraVariantsSchema, sequenceVariantProblem } from "../sequences/step-variants.ts";

export type ReviewInput = {
  name: string;
  senderCount: number;
  contactCount: number;
  steps: { subject: unknown; body: unknown; bodyFormat?: unknown; variants?: unknown }[];
  /**
   * The columns the contacts will be stored with (their custom fields' names):
   * a step's tag none of them nor a built-in fills is an issue. Left out: not checked.
   */
  columns?: readonly string[];
  /** Campaign senders that could not send in live mode (no working connection). */
  sendersWithoutConnection?: string[];
  /** Whether the campaign has chosen a scheduling link for {{bookingLink}}. */
  hasBookingLink?: boolean;
  /** The automatic A/B winner's settings as typed (the wizard's sequence step); left out: not checked. */
  abSettings?: AbSettingsForm;
};

/**
 * 'Step 2 uses {{bookingLink}} but the campaign has no scheduling link', for
 * each such step: its messages would go out without the link. The launch and
 * activation refuse with these too (launch.service.ts).
 */
export function bookingLinkIssues(steps: readonly StepLike[], hasBookingLink: boolean): string[] {
  if (hasBookingLink) return [];
  // Any text of the step, a variant's included (step-texts.ts).
  return steps.flatMap((s, i) =>
    stepTexts(s, i).some((t) => usesBookingLink(t.text))
      ? [`Step ${i + 1} uses {{bookingLink}} but the campaign has no scheduling link`]
      : [],
  );
}

export function reviewIssues(input: ReviewInput): string[] {
  const issues: string[] = [];
  if (!input.name.trim()) issues.push("Campaign name is required");
  if (input.senderCount === 0) issues.push("At least one sender account is required");
  if (input.contactCount === 0) issues.push("Contact list is required");
  if (input.steps.length === 0) issues.push("Email sequence is required");
  else if (input.steps.some((s) => !isText(s.subject) || !isText(stripTags(String(s.body ?? ""))))) {
    issues.push("All email steps must have subject and body");
  }
  for (const [i, step] of input.steps.entries()) {
    const tooLarge = typeof step.body === "string" ? stepBodySizeProblem(step.body, i + 1) : null;
    if (tooLarge) issues.push(tooLarge);
  }
  // Each 'Step 2 subject: Empty choice in {Hi||Hey} at position 1', variants' texts too (the API refuses the same).
  issues.push(...sequenceSpintaxProblems(input.steps).map((p) => p.message));
  if (input.columns) issues.push(...unknownMergeTagIssues(input.steps, input.columns));
  // A/B variants: the API's own check ('Step 2, variant B: a subject is required'), on what a draft can hold.
  const variants = sequenceVariantProblem(
    input.steps.map((s) => ({ variants: extraVariantsSchema.safeParse(s.variants ?? []).data ?? [] })),
  );
  if (variants) issues.push(variants.message);
  // 'Minimum sends must be at least 1': the API refuses the same.
  if (input.abSettings)
    issues.push(...(parseAbSettingsForm(input.abSettings).error?.issues.map((i) => i.message) ?? []));
  issues.push(...bookingLinkIssues(input.steps, input.hasBookingLink ?? false));
  for (const email of input.sendersWithoutConnection ?? []) {
    issues.push(`No sending connection for ${email}: set it up in Senders`);
  }
  return issues;
}

/** Non-blank text. A step restored from a damaged draft may hold anything. */
function isText(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/** A rich-text body of only empty paragraphs counts as empty. */
function stripTags(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, "img")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ");
}
