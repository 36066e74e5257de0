// How a campaign's status is shown (spec part 1 §4).
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

/**
 * The status to display. The dashboard shows an active campaign with nothing
 * left scheduled and at least one email sent as completed; the overview does so
 * for an active campaign with any send and nothing scheduled. A send whose
 * delivery is unknown waits for the user's Send anyway or Skip, and the
 * contact's later steps with it: a campaign with one is not completed (the
 * spec's rule predates unknown sends).
 */
export function displayCampaignStatus(
  c: { status: string; scheduledCount: number; sentCount: number; sendCount?: number; unknownCount?: number },
  screen: "dashboard" | "overview",
): string {
  if (c.status !== "active" || c.scheduledCount > 0 || (c.unknownCount ?? 0) > 0) return c.status;
  const sent = screen === "dashboard" ? c.sentCount : (c.sendCount ?? c.sentCount);
  return sent > 0 ? "completed" : c.status;
}

/** Which toggle a campaign row offers: Pause for active, Activate for paused or draft, none for completed. */
export function statusToggle(status: string): "pause" | "activate" | null {
  if (status === "active") return "pause";
  if (status === "paused" || status === "draft") return "activate";
  return null;
}
