// The failure-rate panel's summary banner (docs/product.md §3.3): its
// tone, headline and advice for each band. The spec names the bands and what
// they call for (monitor, immediate attention); the wording is ours.
import type { FailureBand } from "../reporting/failure-breakdown.ts";

export type BannerTone = "neutral" | "success" | "warning" | "danger";

export type FailureBanner = { tone: BannerTone; title: string; description: string };

export const NO_EMAILS_TITLE = "No emails sent yet";
export const NO_EMAILS_DESCRIPTION = "Launch your first campaign to see email delivery statistics here.";
export const PERFECT_TITLE = "Perfect Delivery!";

/** The banner for a band and the (rounded) failure rate the panel shows. */
export function failureBanner(band: FailureBand, failureRatePercent: number): FailureBanner {
  switch (band) {
    case "none":
      return { tone: "neutral", title: NO_EMAILS_TITLE, description: NO_EMAILS_DESCRIPTION };
    case "perfect":
      return {
        tone: "success",
        title: PERFECT_TITLE,
        description: "No delivery failures: every email sent so far was delivered.",
      };
    case "good":
      return {
        tone: "success",
        title: "Good delivery health",
        description: `${failureRatePercent}% of your emails failed, within the healthy range of 5% or less.`,
      };
    case "moderate":
      return {
        tone: "warning",
        title: "Moderate failure rate: monitor your sending",
        description: `${failureRatePercent}% of your emails failed. Keep an eye on it: check the breakdown below and remove invalid or bouncing addresses before it grows.`,
      };
    case "high":
      return {
        tone: "danger",
        title: "High failure rate: needs immediate attention",
        description: `${failureRatePercent}% of your emails failed, above 15%. Pause your campaigns, check your sender accounts and clean your contact list before sending more.`,
      };
  }
}
