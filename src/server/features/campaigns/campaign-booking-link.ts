// The campaign's scheduling link, behind its {{bookingLink}} merge tag: it
// must be one of the owner's own links (another user's link id is as unknown
// as a missing one), and a campaign whose steps use the tag cannot start
// sending without one: each such message would go out without its link.
import { and, asc, eq } from "drizzle-orm";
import { bookingLinkNotFound } from "#shared/campaigns/campaigns.schemas.ts";
import { bookingLinkIssues } from "#shared/campaigns/review-issues.ts";
import type { StepLike } from "#shared/sequences/step-texts.ts";
import type { Db } from "../../db/client.ts";
import { emailSequences, schedulingLinks } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** 400 unless `linkId` (when given) is one of the user's scheduling links. */
export async function assertOwnBookingLink(tx: Db | Tx, userId: string, linkId: string | null | undefined) {
  if (!linkId) return;
  const [link] = isUuid(linkId)
    ? await tx
        .select({ id: schedulingLinks.id })
        .from(schedulingLinks)
        .where(and(eq(schedulingLinks.id, linkId), eq(schedulingLinks.userId, userId)))
    : [];
  if (!link) throw new AppError("bad_request", bookingLinkNotFound, { field: "bookingLinkId" });
}

/** 400 naming each step that uses {{bookingLink}} when the campaign has no scheduling link. */
export function assertBookingLinkForSteps(steps: readonly StepLike[], bookingLinkId: string | null) {
  const issues = bookingLinkIssues(steps, bookingLinkId !== null);
  if (issues.length > 0) throw new AppError("bad_request", issues.join(". "), { issues });
}

/** The same check on the campaign's stored steps (launch, activate). */
export async function assertStoredStepsHaveBookingLink(
  tx: Db | Tx,
  campaign: { id: string; bookingLinkId: string | null },
) {
  if (campaign.bookingLinkId) return;
  const steps = await tx
    .select({ subject: emailSequences.subject, body: emailSequences.body, variants: emailSequences.variants })
    .from(emailSequences)
    .where(eq(emailSequences.campaignId, campaign.id))
    .orderBy(asc(emailSequences.stepNumber));
  assertBookingLinkForSteps(steps, null);
}
