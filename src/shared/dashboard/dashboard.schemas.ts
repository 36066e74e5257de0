// Dashboard API contract (docs/product.md §3: figures, failure-rate
// panel, mail-sync card; issue 6's 30-day chart). Figures come from the reporting
// counters; rates are whole percents by src/shared/reporting/rates.ts.
import { z } from "zod";
import { failureCategories, failureReasons } from "../db-enums.ts";
import { skippedMessagesSchema } from "../mailbox/skipped-messages.schemas.ts";
import { mailSyncStates } from "./mail-sync-status.ts";

const count = z.number().int().min(0);
const percent = z.number().int().min(0);

export const dashboardSummarySchema = z
  .object({
    /** The user's campaigns. */
    totalCampaigns: count,
    /** Sends with status sent (campaign and direct sends). */
    emailsSent: count,
    /** All sends: sent, failed and pending. */
    totalEmails: count,
    openedEmails: count,
    failedEmails: count,
    /** Contacts with status active, and those of them that replied. */
    activeContacts: count,
    repliedContacts: count,
    /** opened / sent */
    openRate: percent,
    /** replied active contacts / active contacts */
    replyRate: percent,
    /** failed / all sends */
    failureRate: percent,
  })
  .meta({ id: "DashboardSummary" });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

const failureCategorySchema = z.enum(failureCategories);

export const recentFailureSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    /** The failure category (a failure without one counts as other). */
    category: failureCategorySchema,
    categoryLabel: z.string(),
    /** The classified reason (email_sends.failure_reason); null for failures recorded before reasons. */
    failureReason: z.enum(failureReasons).nullable(),
    /** Why, in the user's words (the reason's sentence, else the category's meaning; hard or soft for a bounce). */
    reason: z.string(),
    /** One line: the error from the send's error details, or its raw text; null when there is none. */
    errorSummary: z.string().nullable(),
    createdAt: z.string(),
    /** The contact's address, or the recipient of a direct send. */
    contactEmail: z.string(),
    /** null for a direct send (no campaign). */
    campaignName: z.string().nullable(),
  })
  .meta({ id: "RecentFailure" });
export type RecentFailure = z.infer<typeof recentFailureSchema>;

export const failureBandSchema = z.enum(["none", "perfect", "good", "moderate", "high"]);

export const failureStatsSchema = z
  .object({
    total: count,
    sent: count,
    failed: count,
    pending: count,
    /** Failed sends per category, all eleven (zeros included). */
    byCategory: z.record(failureCategorySchema, count),
    overallFailureRate: percent,
    successRate: percent,
    bounceRate: percent,
    rejectionRate: percent,
    /** The summary banner's band (docs/product.md §3.3). */
    band: failureBandSchema,
    /** The Failure Breakdown grid: only the spec's eight categories, only counts above 0, in the spec's order. */
    breakdown: z.array(
      z.object({ category: failureCategorySchema, label: z.string(), hint: z.string(), count: count }),
    ),
    /** The 10 newest failed sends, newest first. */
    recentFailures: z.array(recentFailureSchema),
  })
  .meta({ id: "FailureStats" });
export type FailureStatsResponse = z.infer<typeof failureStatsSchema>;

export const activityPointSchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string(),
  sent: count,
  opened: count,
  replied: count,
});

export const dashboardActivitySchema = z
  .object({
    /** First and last UTC day of the window (30 days ending today). */
    from: z.string(),
    to: z.string(),
    /** One point per day, oldest first, zero-filled. */
    days: z.array(activityPointSchema),
    totals: z.object({ sent: count, opened: count, replied: count }),
  })
  .meta({ id: "DashboardActivity" });
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

export const mailSyncStatusSchema = z
  .object({
    state: z.enum(mailSyncStates),
    /** Sender accounts with Gmail sync switched on. */
    syncEnabledSenders: count,
    /** Of those, the ones connected (holding a refresh token). */
    connectedSenders: count,
    /** Sends with an error message among the newest 100 of the last 7 days. */
    recentErrors: count,
    /** Mailboxes the mailbox sync reads (IMAP or Gmail). */
    syncedMailboxes: count,
    /** Failed sync runs since each mailbox's last successful one, summed: the 'n recent sync errors'. */
    syncErrors: count,
    /** The latest successful sync of any of the user's mailboxes. */
    lastSyncedAt: z.string().nullable(),
    /** The newest error of a mailbox that has failed since its last success: what, when, which mailbox. */
    lastError: z.object({ message: z.string(), at: z.string(), mailbox: z.string() }).nullable(),
    /** Each mailbox the sync reads, whatever its kind: working, or has issues (failed since its last success). */
    mailboxes: z.array(
      z.object({
        email: z.string(),
        kind: z.enum(["imap", "gmail"]),
        state: z.enum(["working", "errors"]),
        lastSyncedAt: z.string().nullable(),
      }),
    ),
    /** Messages of the user's mailboxes the sync could not apply, in the last 7 days, by reason. */
    skipped: skippedMessagesSchema,
  })
  .meta({ id: "MailSyncStatus" });
export type MailSyncStatus = z.infer<typeof mailSyncStatusSchema>;
