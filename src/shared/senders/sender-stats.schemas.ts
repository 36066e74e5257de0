// Sender statistics API contract: per-sender figures for the Senders page, the
// sender profile, and a sender's email history (keyset-paginated).
import { z } from "zod";
import { failureCategories, failureReasons } from "../db-enums.ts";
import { senderSchema } from "./senders.schemas.ts";

export const senderActivitySchema = z
  .object({
    sent: z.number(),
    failed: z.number(),
    opened: z.number(),
    /** sent / (sent + failed), whole percent; 100 while nothing was attempted. */
    successRate: z.number(),
    /** opened / sent, whole percent; 0 while nothing was sent. */
    openRate: z.number(),
  })
  .meta({ id: "SenderActivity" });
export type SenderActivity = z.infer<typeof senderActivitySchema>;

export const senderStatsSchema = z
  .object({
    senderId: z.string(),
    /** The address the figures are counted for (lowercased). */
    address: z.string(),
    today: senderActivitySchema,
    /** Today and the 6 days before it. */
    last7Days: senderActivitySchema,
    /** Today and the 29 days before it. */
    lastMonth: senderActivitySchema,
    total: senderActivitySchema,
  })
  .meta({ id: "SenderStats" });
export type SenderStats = z.infer<typeof senderStatsSchema>;

export const senderStatsListSchema = z
  .object({
    /** Today's UTC day (YYYY-MM-DD): the counters' days are UTC days. */
    today: z.string(),
    stats: z.array(senderStatsSchema),
  })
  .meta({ id: "SenderStatsList" });
export type SenderStatsList = z.infer<typeof senderStatsListSchema>;

export const senderEmailStatuses = ["opened", "sent", "failed", "pending"] as const;

export const senderEmailSchema = z
  .object({
    id: z.string(),
    toEmail: z.string(),
    subject: z.string(),
    /** opened, else sent, else failed, else pending (the Emails screen's order). */
    status: z.enum(senderEmailStatuses),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    campaignId: z.string().nullable(),
    /** null for a direct email (compose, bulk) or a deleted campaign. */
    campaignName: z.string().nullable(),
    failureCategory: z.enum(failureCategories).nullable(),
    /** The classified reason of a failed send; null otherwise, and for older rows. */
    failureReason: z.enum(failureReasons).nullable(),
    /** Why a failed send failed, in the user's words; null unless it failed. */
    reason: z.string().nullable(),
    /** What went wrong, for a failed send: the error of the details JSON, or the raw text. */
    error: z.string().nullable(),
  })
  .meta({ id: "SenderEmail" });
export type SenderEmail = z.infer<typeof senderEmailSchema>;

export const SENDER_EMAILS_PAGE_DEFAULT = 20;
export const SENDER_EMAILS_PAGE_MAX = 100;
/** The sender profile's Recent Emails (docs/product.md §17.3). */
export const SENDER_PROFILE_RECENT_EMAILS = 10;

export const senderEmailsQuerySchema = z.object({
  /** nextCursor of the previous page; omitted for the newest emails. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce
    .number()
    .int("Limit must be a whole number")
    .min(1, `Limit must be between 1 and ${SENDER_EMAILS_PAGE_MAX}`)
    .max(SENDER_EMAILS_PAGE_MAX, `Limit must be between 1 and ${SENDER_EMAILS_PAGE_MAX}`)
    .default(SENDER_EMAILS_PAGE_DEFAULT),
});

export const senderEmailPageSchema = z
  .object({
    /** Newest first. */
    emails: z.array(senderEmailSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "SenderEmailPage" });
export type SenderEmailPage = z.infer<typeof senderEmailPageSchema>;

export const senderProfileQuerySchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(320, "Email must be at most 320 characters."),
});

export const senderProfileSchema = z
  .object({
    /** Account information: the saved sender with this address, else the newest campaign sender with it. */
    sender: senderSchema,
    /** Campaigns that have a sender with this address. */
    campaignCount: z.number(),
    /** Total Sent, Success Rate, Open Rate: every send from this address. */
    total: senderActivitySchema,
    /**
     * Queued emails (status scheduled) due today (UTC) through the campaign
     * senders with this address or copied from this saved sender.
     */
    scheduledToday: z.number(),
    /** Daily Email Activity: sent today (UTC) against the sender's daily limit. */
    dailyActivity: z.object({
      day: z.string(),
      sent: z.number(),
      dailyLimit: z.number(),
      /** sent / daily limit, whole percent, capped at 100. */
      percentOfLimit: z.number(),
    }),
    /** The 10 newest emails from this address. */
    recentEmails: z.array(senderEmailSchema),
  })
  .meta({ id: "SenderProfile" });
export type SenderProfile = z.infer<typeof senderProfileSchema>;
