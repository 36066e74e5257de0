// The failure panel's recent failures: the failure category's label and a
// one-line summary of the error, read from the error-detail JSON of the send
// (src/shared/sending/send-error-message.ts) or, for older or foreign rows,
// from the raw text.
import type { FailureCategory } from "../db-enums.ts";
import { breakdownCategories } from "../reporting/failure-breakdown.ts";
import { parseSendErrorMessage } from "../sending/send-error-message.ts";

export const RECENT_FAILURES_LIMIT = 10;
export const ERROR_SUMMARY_MAX = 200;

const hiddenCategoryLabels: Partial<Record<FailureCategory, string>> = {
  domain_issue: "Domain Issue",
  content_filtered: "Content Filtered",
  other: "Unknown",
};

/** Every category's label: the breakdown's eight, then the three it counts but does not show. */
export function failureCategoryLabel(category: FailureCategory | null | undefined): string {
  if (!category) return "Unknown";
  return breakdownCategories.find((c) => c.category === category)?.label ?? hiddenCategoryLabels[category] ?? "Unknown";
}

/** Collapses whitespace and shortens to `max` characters with an ellipsis. */
export function clip(text: string, max = ERROR_SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * What went wrong, in one line: the `error` of the JSON details, or the raw
 * text when it is not that JSON; null when there is no message.
 */
export function errorSummary(errorMessage: string | null | undefined): string | null {
  if (!errorMessage?.trim()) return null;
  const details = parseSendErrorMessage(errorMessage);
  return clip(details ? details.error : errorMessage);
}
