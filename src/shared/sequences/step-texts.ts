// Every text a step sends: its own subject and body (variant A) and each
// variant's subject and own body. The API's spintax refusal, the review's
// issues, the launch's refusal and the editor's inline flags all read a step
// through this list, so a check added for one text reaches every variant too.
import { parseSpintax, type SpintaxError, type SpintaxFormat } from "./spintax.ts";
import { variantLetter } from "./step-variants.ts";

/** A step as any caller may hold it: a stored step, an API input, or a draft restored from storage. */
export type StepLike = { subject: unknown; body: unknown; bodyFormat?: unknown; variants?: unknown };

export type StepText = {
  /** 0-based step. */
  stepIndex: number;
  /** 0 is A (the step's own), 1 is B, … */
  variant: number;
  field: "subject" | "body";
  text: string;
  format: SpintaxFormat;
  /** Who sends it: 'Step 2' for A, 'Step 2, variant B' for another. */
  owner: string;
  /** 'Step 2 subject', 'Step 2, variant B body'. */
  label: string;
  /** Where the API's refusal points: [1, "subject"] or [1, "variants", 0, "body"]. */
  path: (string | number)[];
};

/** 'Step 2' or 'Step 2, variant B'. */
export function textOwner(stepIndex: number, variant: number): string {
  return variant === 0 ? `Step ${stepIndex + 1}` : `Step ${stepIndex + 1}, variant ${variantLetter(variant)}`;
}

/**
 * The texts of one step, in reading order: subject and body of A, then of B,
 * C, …. A variant without a body of its own (null or blank) sends the step's,
 * so it adds only its subject. Values that are not strings (a damaged draft)
 * are left out: the other checks name those.
 */
export function stepTexts(step: StepLike, stepIndex: number): StepText[] {
  const format: SpintaxFormat = step.bodyFormat === "html" ? "html" : "text";
  const texts: StepText[] = [];
  const add = (variant: number, field: "subject" | "body", text: unknown, path: (string | number)[]) => {
    if (typeof text !== "string") return;
    const owner = textOwner(stepIndex, variant);
    texts.push({
      stepIndex,
      variant,
      field,
      text,
      format: field === "body" ? format : "text",
      owner,
      label: `${owner} ${field}`,
      path,
    });
  };
  add(0, "subject", step.subject, [stepIndex, "subject"]);
  add(0, "body", step.body, [stepIndex, "body"]);
  const variants = Array.isArray(step.variants) ? step.variants : [];
  for (const [i, v] of variants.entries()) {
    if (!v || typeof v !== "object") continue;
    const { subject, body } = v as { subject?: unknown; body?: unknown };
    add(i + 1, "subject", subject, [stepIndex, "variants", i, "subject"]);
    if (typeof body === "string" && body.trim()) add(i + 1, "body", body, [stepIndex, "variants", i, "body"]);
  }
  return texts;
}

/** The texts one variant of a step sends (0: A, the step's own). */
export function textsOf(texts: readonly StepText[], variant: number): StepText[] {
  return texts.filter((t) => t.variant === variant);
}

/** The texts of every step of a sequence. */
export function sequenceTexts(steps: readonly StepLike[]): StepText[] {
  return steps.flatMap((step, i) => stepTexts(step, i));
}

/** A text's spintax errors (positions in that text). */
export function textSpintaxErrors(text: Pick<StepText, "text" | "format">): SpintaxError[] {
  const parsed = parseSpintax(text.text, text.format);
  return parsed.ok ? [] : parsed.errors;
}

export type TextProblem = { path: (string | number)[]; message: string };

/**
 * 'Step 2 subject: Empty choice in {Hi||Hey} at position 3' or 'Step 2,
 * variant B body: …', for each problem of each text (the API's refusal, the
 * review's issues, the launch's refusal).
 */
export function sequenceSpintaxProblems(steps: readonly StepLike[]): TextProblem[] {
  return sequenceTexts(steps).flatMap((t) =>
    textSpintaxErrors(t).map((e) => ({ path: t.path, message: `${t.label}: ${e.message}` })),
  );
}

/** The texts grouped by who sends them (A, B, … of each step), in order: what a merge-tag issue names. */
export function textsByOwner(steps: readonly StepLike[]): { owner: string; texts: StepText[] }[] {
  const groups = new Map<string, StepText[]>();
  for (const t of sequenceTexts(steps)) {
    const group = groups.get(t.owner);
    if (group) group.push(t);
    else groups.set(t.owner, [t]);
  }
  return [...groups].map(([owner, texts]) => ({ owner, texts }));
}
