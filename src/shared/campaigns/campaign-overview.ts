// The figures of a Campaigns overview card (docs/product.md §4.3), from the
// campaign's counters.
import { barPercent, openRate } from "../reporting/rates.ts";

export type CampaignCounters = {
  status: string;
  /** The status every screen shows (displayCampaignStatus, derived by the server). */
  displayStatus: string;
  updatedAt: string;
  scheduledCount: number;
  sentCount: number;
  failedCount: number;
  pendingCount: number;
  openedCount: number;
  /** False when the campaign's messages carry no open pixel: its open figures are not known. */
  opensTracked: boolean;
};

/** All of the campaign's sends, whatever their outcome: sent + failed + pending. */
export const totalEmails = (c: Pick<CampaignCounters, "sentCount" | "failedCount" | "pendingCount">) =>
  c.sentCount + c.failedCount + c.pendingCount;

/** The end date: the campaign's last update when its stored status is completed, else none. */
export function campaignEndedAt(c: Pick<CampaignCounters, "status" | "updatedAt">): string | null {
  return c.status === "completed" ? c.updatedAt : null;
}

export type CampaignOverviewFigures = {
  /** The badge: the campaign's displayStatus, as on the dashboard and the Edit page. */
  status: string;
  totalEmails: number;
  sent: number;
  /** null: opens are not tracked for this campaign. */
  opened: number | null;
  /** opened / sent, whole percent; null: opens are not tracked. */
  openRate: number | null;
  /** The open-rate bar's width: the open rate, never above 100. */
  openBar: number;
  endedAt: string | null;
};

export function campaignOverviewFigures(c: CampaignCounters): CampaignOverviewFigures {
  const total = totalEmails(c);
  return {
    status: c.displayStatus,
    totalEmails: total,
    sent: c.sentCount,
    opened: c.opensTracked ? c.openedCount : null,
    openRate: c.opensTracked ? openRate({ opened: c.openedCount, sent: c.sentCount }) : null,
    openBar: c.opensTracked ? barPercent(c.openedCount, c.sentCount) : 0,
    endedAt: campaignEndedAt(c),
  };
}
