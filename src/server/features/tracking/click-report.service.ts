// A campaign's click figures: the campaign's, per step, per step and variant,
// and per link, in one aggregate (grouping sets over its sent sends and their
// clicks), scoped to the user through the campaign.
import { and, eq, sql } from "drizzle-orm";
import { variantLetter } from "#shared/sequences/step-variants.ts";
import type { CampaignClicks, ClickFigures, StepClicks } from "#shared/tracking/click-report.schemas.ts";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../../db/schema/index.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

type Row = {
  /** grouping(sequence_id, variant, url): 7 the campaign, 3 a step, 1 a step's variant, 6 a link. */
  g: number;
  sequence_id: string | null;
  step_number: number | null;
  variant: number | null;
  url: string | null;
  sent: number;
  clicked: number;
  clicks: number;
};

const TOTAL = 7;
const STEP = 3;
const VARIANT = 1;
const LINK = 6;

const figures = (r: Row | undefined): ClickFigures => ({
  sent: r?.sent ?? 0,
  clicked: r?.clicked ?? 0,
  clicks: r?.clicks ?? 0,
});

export function createClickReportService({ db }: { db: Db }) {
  return {
    async get(userId: string, campaignId: string): Promise<CampaignClicks> {
      const [campaign] = isUuid(campaignId)
        ? await db
            .select({
              clicksTracked: sql<boolean>`${campaigns.trackClicks} or exists (
                select 1 from email_sequences q where q.campaign_id = ${campaigns.id} and q.track_clicks)`,
            })
            .from(campaigns)
            .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
        : [];
      if (!campaign) throw new AppError("not_found", "Campaign not found");
      const rows = await queryRows<Row>(
        db,
        sql`
        with s as (
          select es.id, es.sequence_id, coalesce(es.variant_index, 0)::int as variant
          from email_sends es
          where es.campaign_id = ${campaignId}::uuid and es.user_id = ${userId} and es.status = 'sent'
        )
        select grouping(s.sequence_id, s.variant, lc.url)::int as g,
          s.sequence_id, q.step_number, s.variant, lc.url,
          count(distinct s.id)::int as sent,
          count(distinct lc.email_send_id)::int as clicked,
          count(lc.id)::int as clicks
        from s
        left join link_clicks lc on lc.email_send_id = s.id
        left join email_sequences q on q.id = s.sequence_id
        group by grouping sets ((), (s.sequence_id, q.step_number), (s.sequence_id, q.step_number, s.variant), (lc.url))`,
      );
      const steps = rows
        .filter((r) => r.g === STEP)
        .sort((a, b) => (a.step_number ?? Number.MAX_SAFE_INTEGER) - (b.step_number ?? Number.MAX_SAFE_INTEGER))
        .map(
          (step): StepClicks => ({
            stepId: step.sequence_id,
            stepNumber: step.step_number,
            ...figures(step),
            variants: rows
              .filter((r) => r.g === VARIANT && r.sequence_id === step.sequence_id)
              .sort((a, b) => (a.variant ?? 0) - (b.variant ?? 0))
              .map((r) => ({ index: r.variant ?? 0, letter: variantLetter(r.variant ?? 0), ...figures(r) })),
          }),
        );
      const links = rows
        // The sends without a click group under no URL.
        .filter((r) => r.g === LINK && r.url !== null)
        .map((r) => ({ url: r.url!, clicks: r.clicked }))
        .sort((a, b) => b.clicks - a.clicks || a.url.localeCompare(b.url));
      return {
        clicksTracked: campaign.clicksTracked,
        ...figures(rows.find((r) => r.g === TOTAL)),
        steps,
        links,
      };
    },
  };
}
