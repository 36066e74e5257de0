// Rows → API shapes for campaigns and their sequence steps.
import { type CampaignStatusFacts, displayCampaignStatus } from "#shared/campaigns/campaign-status.ts";
import type { Campaign } from "#shared/campaigns/campaigns.schemas.ts";
import type { SequenceStep } from "#shared/sequences/sequence.schemas.ts";
import type { campaigns, emailSequences } from "../../db/schema/index.ts";

/** The counters the displayed status is derived from (campaign_stats and the unknown sends). */
export type CampaignStatusCounters = Omit<CampaignStatusFacts, "status">;

/**
 * `settingTrackOpens` is the user's 'Track opens' setting: a campaign without
 * its own choice (null, as every campaign made before the option) follows it.
 * `counters` give the status every screen shows.
 */
export function toCampaignDto(
  row: typeof campaigns.$inferSelect,
  settingTrackOpens: boolean,
  counters: CampaignStatusCounters,
): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    displayStatus: displayCampaignStatus({ status: row.status, ...counters }),
    emailColumn: row.emailColumn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    launchedAt: row.launchedAt?.toISOString() ?? null,
    trackOpens: row.trackOpens,
    opensTracked: row.trackOpens ?? settingTrackOpens,
    trackClicks: row.trackClicks,
    sendAs: row.sendAs,
    bookingLinkId: row.bookingLinkId,
    dailyNewContactsLimit: row.dailyNewContactsLimit,
    stopOnCompanyReply: row.stopOnCompanyReply,
  };
}

export function toStepDto(row: typeof emailSequences.$inferSelect): SequenceStep {
  return {
    id: row.id,
    stepNumber: row.stepNumber,
    subject: row.subject,
    body: row.body,
    bodyFormat: row.bodyFormat,
    sendAs: row.sendAs,
    trackClicks: row.trackClicks,
    delayAmount: row.delayAmount,
    delayUnit: row.delayUnit,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    variants: row.variants,
  };
}
