// Rows → API shapes for campaigns and their sequence steps.
import type { Campaign } from "#shared/campaigns/campaigns.schemas.ts";
import type { SequenceStep } from "#shared/sequences/sequence.schemas.ts";
import type { campaigns, emailSequences } from "../../db/schema/index.ts";

export function toCampaignDto(row: typeof campaigns.$inferSelect): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    emailColumn: row.emailColumn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    launchedAt: row.launchedAt?.toISOString() ?? null,
  };
}

export function toStepDto(row: typeof emailSequences.$inferSelect): SequenceStep {
  return {
    id: row.id,
    stepNumber: row.stepNumber,
    subject: row.subject,
    body: row.body,
    bodyFormat: row.bodyFormat,
    delayAmount: row.delayAmount,
    delayUnit: row.delayUnit,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
  };
}
