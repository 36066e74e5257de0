// The failure-rate panel (docs/product.md §3.3): which failure categories it
// shows, with their labels and hints, and the band its summary banner is in.
import type { FailureCategory } from "../db-enums.ts";
import { failureRate, percent, successRate } from "./rates.ts";

/** Per-category failure counts; categories never seen may be missing. */
export type FailureCounts = Partial<Record<FailureCategory, number>>;

export type FailureStats = {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  byCategory: FailureCounts;
};

/** The eight categories the breakdown shows, in the spec's order. Domain issues, content filtered and other are counted but not shown. */
export const breakdownCategories: readonly { category: FailureCategory; label: string; hint: string }[] = [
  { category: "invalid_address", label: "Invalid Address", hint: "Wrong email format" },
  { category: "bounced", label: "Bounced", hint: "Mailbox issues" },
  { category: "rejected", label: "Rejected", hint: "Server rejection" },
  { category: "blocked", label: "Blocked", hint: "IP/domain blocked" },
  { category: "spam", label: "Spam", hint: "Marked as spam" },
  { category: "rate_limited", label: "Rate Limited", hint: "Quota exceeded" },
  { category: "authentication", label: "Auth Error", hint: "Credential issue" },
  { category: "network", label: "Network", hint: "Connection issue" },
];

/** The breakdown's cells: only categories with a count above 0. */
export function failureBreakdown(counts: FailureCounts) {
  return breakdownCategories.map((c) => ({ ...c, count: counts[c.category] ?? 0 })).filter((c) => c.count > 0);
}

export type FailureBand = "none" | "perfect" | "good" | "moderate" | "high";

/**
 * The summary banner's band: nothing sent yet, 0% perfect, up to 5% good, up
 * to 15% moderate (monitor), above 15% high (immediate attention). Decided on
 * the rounded rate the panel shows, so the banner and the figure agree.
 */
export function failureBand(stats: Pick<FailureStats, "total" | "failed">): FailureBand {
  if (stats.total === 0) return "none";
  const rate = failureRate(stats);
  if (stats.failed === 0) return "perfect";
  if (rate <= 5) return "good";
  if (rate <= 15) return "moderate";
  return "high";
}

/** The panel's four figures. */
export function failureFigures(stats: FailureStats) {
  return {
    overallFailureRate: failureRate(stats),
    successRate: successRate(stats),
    bounceRate: percent(stats.byCategory.bounced ?? 0, stats.total),
    rejectionRate: percent(stats.byCategory.rejected ?? 0, stats.total),
  };
}
