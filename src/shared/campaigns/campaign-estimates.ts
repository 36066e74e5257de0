// Review & Launch figures (docs/product.md §9.8).
import type { DelayUnit } from "../db-enums.ts";

/** Days needed to send step 1 to everyone: ceil(contacts / sum of sender daily limits). */
export function estimateSendDays(contactCount: number, dailyLimits: number[]): number {
  const capacity = dailyLimits.reduce((sum, limit) => sum + Math.max(0, limit), 0);
  if (contactCount <= 0 || capacity <= 0) return 0;
  return Math.ceil(contactCount / capacity);
}

export type DurationStep = { delayAmount: number; delayUnit: DelayUnit; scheduledDate: string | null };

/** A delay in whole days: hours / 24 and minutes / 1440, each rounded up. */
export function delayInDays(amount: number, unit: DelayUnit): number {
  if (amount <= 0) return 0;
  if (unit === "days") return amount;
  return Math.ceil(amount / (unit === "hours" ? 24 : 1440));
}

const DAY_MS = 86_400_000;

/**
 * Sequence duration in days: the days between the earliest and latest scheduled
 * dates when steps have dates, else the sum of the later steps' delays.
 */
export function sequenceDurationDays(steps: DurationStep[]): number {
  const dates = steps
    .map((s) => s.scheduledDate)
    .filter((d): d is string => Boolean(d))
    .map((d) => Date.parse(`${d}T00:00:00Z`))
    .filter((t) => Number.isFinite(t));
  if (dates.length > 0) return Math.round((Math.max(...dates) - Math.min(...dates)) / DAY_MS);
  return steps.slice(1).reduce((sum, s) => sum + delayInDays(s.delayAmount, s.delayUnit), 0);
}

export function formatDays(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}
