// When a step's A/B test has a winner (issue 30 §1; the rule and its figures:
// docs/decisions/023-ab-variants.md).
//
// The rule: every variant has at least `minSends` sends; the variant with the
// best reply rate (the first of equals) is compared with each other variant by
// a two-sided two-proportion z-test (pooled); it wins when every comparison's
// p-value is below 1 − confidence. The verdict carries the sentence the
// campaign page shows, whichever way it went.
import { z } from "zod";
import { variantLetter } from "./step-variants.ts";

export const DEFAULT_AB_MIN_SENDS = 50;
export const DEFAULT_AB_CONFIDENCE = 95;
export const MAX_AB_MIN_SENDS = 100_000;
export const MIN_AB_CONFIDENCE = 80;
export const MAX_AB_CONFIDENCE = 99;

/** A campaign's automatic-winner settings (campaigns.ab_auto_winner, ab_min_sends, ab_confidence). */
export const abSettingsSchema = z
  .object({
    autoWinner: z.boolean({ error: "Pick winner automatically must be true or false" }),
    minSends: z
      .number({ error: "Minimum sends must be a number" })
      .int("Minimum sends must be a whole number")
      .min(1, "Minimum sends must be at least 1")
      .max(MAX_AB_MIN_SENDS, `Minimum sends can be at most ${MAX_AB_MIN_SENDS.toLocaleString("en-US")}`),
    confidence: z
      .number({ error: "Confidence must be a number" })
      .int("Confidence must be a whole percentage")
      .min(MIN_AB_CONFIDENCE, `Confidence must be between ${MIN_AB_CONFIDENCE}% and ${MAX_AB_CONFIDENCE}%`)
      .max(MAX_AB_CONFIDENCE, `Confidence must be between ${MIN_AB_CONFIDENCE}% and ${MAX_AB_CONFIDENCE}%`),
  })
  .meta({ id: "AbSettings" });
export type AbSettings = z.infer<typeof abSettingsSchema>;

/** The settings as a form holds them (the wizard's draft, the Edit Campaign tab): the numbers as typed. */
export type AbSettingsForm = { autoWinner: boolean; minSends: string; confidence: string };

/** A stored form (a wizard draft restored from the browser) that has the form's shape. */
export function isAbSettingsForm(value: unknown): value is AbSettingsForm {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.autoWinner === "boolean" && typeof v.minSends === "string" && typeof v.confidence === "string";
}

export function abSettingsForm(settings: AbSettings): AbSettingsForm {
  return {
    autoWinner: settings.autoWinner,
    minSends: String(settings.minSends),
    confidence: String(settings.confidence),
  };
}

/** What a campaign starts with: off, 50 sends, 95%. */
export const defaultAbSettings: AbSettings = {
  autoWinner: false,
  minSends: DEFAULT_AB_MIN_SENDS,
  confidence: DEFAULT_AB_CONFIDENCE,
};

/** The form's values checked by the API's rules (a blank number reads as 0, so it is refused). */
export function parseAbSettingsForm(form: AbSettingsForm) {
  return abSettingsSchema.safeParse({
    autoWinner: form.autoWinner,
    minSends: Number(form.minSends),
    confidence: Number(form.confidence),
  });
}

/**
 * The standard normal distribution function Φ(x), from the complementary
 * error function by W. J. Cody's rational Chebyshev approximation as given in
 * Numerical Recipes (erfc with fractional error below 1.2e-7 everywhere).
 */
const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587, -0.82215223,
  0.17087277,
];

export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  // Horner's rule over the coefficients, highest power first.
  let poly = 0;
  for (let i = ERFC_COEFFICIENTS.length - 1; i >= 0; i--) poly = ERFC_COEFFICIENTS[i]! + t * poly;
  const erfc = t * Math.exp(-z * z + poly);
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * Two-sided two-proportion z-test with the pooled proportion: successes `x1`
 * of `n1` against `x2` of `n2`. No difference to test (no sends, or every or
 * no send a success on both sides) gives z 0 and p 1.
 */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  if (n1 <= 0 || n2 <= 0) return { z: 0, p: 1 };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

export type VariantFigures = { sent: number; replied: number };

export type AbVerdict =
  | { kind: "single"; reason: null }
  | { kind: "waiting"; reason: string }
  | { kind: "no_difference"; p: number; reason: string }
  | { kind: "winner"; winner: number; p: number; reason: string };

/** "12.0%" */
export function formatRate(replied: number, sent: number): string {
  return `${(sent > 0 ? (100 * replied) / sent : 0).toFixed(1)}%`;
}

/** Two significant digits: 0.21, 0.012. */
function formatP(p: number): string {
  return p >= 0.995 ? "1" : String(Number(p.toPrecision(2)));
}

/**
 * The verdict for one step's variants (index 0 is A) under `settings`:
 * - 'not enough sends yet: 32 of 50' (the fewest sends of any variant);
 * - 'no significant difference yet (p = 0.21, needs < 0.05)' (the largest p of the best against each other);
 * - 'Variant B wins: 12.0% vs 6.5% replies (95% confidence)' (against the next best).
 */
export function abVerdict(
  variants: readonly VariantFigures[],
  settings: Pick<AbSettings, "minSends" | "confidence">,
): AbVerdict {
  if (variants.length < 2) return { kind: "single", reason: null };
  const fewest = Math.min(...variants.map((v) => v.sent));
  if (fewest < settings.minSends) {
    return { kind: "waiting", reason: `not enough sends yet: ${fewest} of ${settings.minSends}` };
  }
  const rate = (v: VariantFigures) => (v.sent > 0 ? v.replied / v.sent : 0);
  let best = 0;
  for (const [i, v] of variants.entries()) if (rate(v) > rate(variants[best]!)) best = i;
  const top = variants[best]!;
  let p = 0;
  let runnerUp = -1;
  for (const [i, v] of variants.entries()) {
    if (i === best) continue;
    p = Math.max(p, twoProportionTest(top.replied, top.sent, v.replied, v.sent).p);
    if (runnerUp === -1 || rate(v) > rate(variants[runnerUp]!)) runnerUp = i;
  }
  const alpha = (100 - settings.confidence) / 100;
  if (!(p < alpha)) {
    return {
      kind: "no_difference",
      p,
      reason: `no significant difference yet (p = ${formatP(p)}, needs < ${Number(alpha.toFixed(4))})`,
    };
  }
  const second = variants[runnerUp]!;
  return {
    kind: "winner",
    winner: best,
    p,
    reason: `Variant ${variantLetter(best)} wins: ${formatRate(top.replied, top.sent)} vs ${formatRate(second.replied, second.sent)} replies (${settings.confidence}% confidence)`,
  };
}

/** What the campaign page says of a winner picked by hand. */
export function pickedByHandReason(index: number): string {
  return `Variant ${variantLetter(index)} picked by hand`;
}
