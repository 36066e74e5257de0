// A campaign's status as every screen shows it (docs/product.md §4.1), derived once:
// the server puts it in each campaign it returns (displayStatus), and the
// dashboard row, the Campaigns overview and the Edit page show that, with the
// toggle that goes with it.
import type { CampaignStatus } from "../db-enums.ts";

const labels: Record<CampaignStatus, string> = {
  draft: "Draft",
  active: "Active",
  completed: "Completed",
  paused: "Paused",
};

/** The badge text; an unknown status shows as its raw text. */
export function campaignStatusLabel(status: string): string {
  return labels[status as CampaignStatus] ?? status;
}

/** What the derivation reads: the stored status and the campaign's counters. */
export type CampaignStatusFacts = {
  status: CampaignStatus;
  /** Queued sends: scheduled, paused or being sent. */
  scheduledCount: number;
  sentCount: number;
  failedCount: number;
  pendingCount: number;
  /** Sends whose delivery is unknown, waiting for the user's Send anyway or Skip. */
  unknownCount: number;
};

/**
 * The status to show. An active campaign with nothing left queued, no send
 * waiting for the user's decision and at least one send (sent or failed) has
 * done all it will do: it shows as completed. The spec gives two rules here
 * (the dashboard counts only sent emails, the overview any send), so a campaign
 * whose every send failed showed Active with Pause on one screen and Completed
 * on the other; this one rule is the overview's. A send whose delivery is
 * unknown holds the contact's later steps until the user decides, so a
 * campaign with one is not completed (the spec's rule predates unknown sends).
 * Paused, draft and a stored completed are shown as stored.
 */
export function displayCampaignStatus(c: CampaignStatusFacts): CampaignStatus {
  if (c.status !== "active" || c.scheduledCount > 0 || c.unknownCount > 0) return c.status;
  return c.sentCount + c.failedCount + c.pendingCount > 0 ? "completed" : "active";
}

/**
 * The toggle beside a shown status: Pause for active, Activate for paused or
 * draft, none for completed (nothing is left to pause or start).
 */
export function statusToggle(displayStatus: string): "pause" | "activate" | null {
  if (displayStatus === "active") return "pause";
  if (displayStatus === "paused" || displayStatus === "draft") return "activate";
  return null;
}
