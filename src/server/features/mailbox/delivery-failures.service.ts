// Failed emails → Recent Failures (docs/product.md §15): the user's 10 newest failed
// sends, each with its category, the reason in the user's words (the classified
// reason's sentence, or the category's meaning for older rows) and the
// technical error (the server's reply and troubleshooting hints, parsed as the
// Inbox shows them), and whether Retry may queue it again (issue 30 §5). One
// query down email_sends_user_status_created_idx.
import { sql } from "drizzle-orm";
import type { BounceType, EmailSendStatus, FailureCategory, FailureReason } from "#shared/db-enums.ts";
import { parseErrorDetails } from "#shared/inbox/error-details.ts";
import { failureCategoryLabel } from "#shared/inbox/inbox-labels.ts";
import { type DeliveryFailure, RECENT_DELIVERY_FAILURES } from "#shared/mailbox/mailbox.schemas.ts";
import { failureReason } from "#shared/reporting/failure-reason.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { type FailedSendFacts, reasonOf, retryFactsColumns, retryFactsJoins } from "../sending/retry-failed.service.ts";
import { iso } from "./mailbox-cursor.ts";

type FailureRow = FailedSendFacts & {
  id: string;
  status: EmailSendStatus;
  failure_category: FailureCategory | null;
  failure_reason: FailureReason | null;
  bounce_type: BounceType | null;
  error_message: string | null;
  created_at: Date | string;
  contact_email: string;
  campaign_name: string | null;
};

export function createDeliveryFailuresService({ db }: { db: Db }) {
  return {
    async recent(userId: string): Promise<DeliveryFailure[]> {
      const rows = await queryRows<FailureRow>(
        db,
        sql`
        select es.id, es.status, es.failure_category, es.failure_reason, es.error_message, es.created_at,
          coalesce(ct.email, es.to_email) as contact_email, cp.name as campaign_name,
          ${retryFactsColumns(userId)}
        from email_sends es
        left join campaigns cp on cp.id = es.campaign_id
        ${retryFactsJoins}
        where es.user_id = ${userId} and es.status = 'failed'
        order by es.created_at desc
        limit ${RECENT_DELIVERY_FAILURES}`,
      );
      return rows.map((r) => {
        const category = r.failure_category ?? "other";
        return {
          id: r.id,
          contactEmail: r.contact_email,
          campaignName: r.campaign_name,
          status: r.status,
          category,
          categoryLabel: failureCategoryLabel(category),
          reason: failureReason(category, r.bounce_type, r.failure_reason),
          failureReason: r.failure_reason,
          bounceType: r.bounce_type,
          error: parseErrorDetails(r.error_message),
          createdAt: iso(r.created_at),
          // Campaign sends only: a direct send has no step to queue again.
          retryable: r.campaign_name !== null && reasonOf(r) === null,
        };
      });
    },
  };
}
