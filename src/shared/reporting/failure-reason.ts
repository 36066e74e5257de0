// The Recent Failures panel of Failed emails (docs/product.md §15: category,
// reason and technical error): the reason is what the category means in the
// user's words — the breakdown's hint for its eight categories, a hint of the
// same kind for the three it does not show — and, for a bounce, whether it was
// hard (the address is suppressed) or soft (it may work later).
import type { BounceType, FailureCategory } from "../db-enums.ts";
import { breakdownCategories } from "./failure-breakdown.ts";

const unshownHints: Partial<Record<FailureCategory, string>> = {
  domain_issue: "Domain or DNS problem",
  content_filtered: "Content refused",
  other: "Unexpected error",
};

const bounceTypeText: Record<BounceType, string> = {
  hard: "hard bounce: the address was suppressed",
  soft: "soft bounce: it may work later",
};

export function failureReason(category: FailureCategory, bounceType: BounceType | null): string {
  const hint =
    breakdownCategories.find((c) => c.category === category)?.hint ?? unshownHints[category] ?? "Unexpected error";
  return bounceType ? `${hint} (${bounceTypeText[bounceType]})` : hint;
}
