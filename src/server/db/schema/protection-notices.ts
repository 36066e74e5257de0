/**
 * The emails bounce protection owes: one row per pause (of a sender mailbox
 * or of a campaign), written by the statement that paused it when the user's
 * Campaign notifications are on, sent by the worker's sweep off the request
 * path (features/bounce-protection/pause-notices.ts). claimed_at is the
 * sweep's lease, attempts its tries, sent_at set once the mail went.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { senderPauseReasons } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, id, isOneOf, timestamptz } from "./columns.ts";

export const protectionNotices = pgTable(
  "protection_notices",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The paused mailbox's address (lower-cased), or null for a campaign. */
    senderEmail: text("sender_email"),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: senderPauseReasons }).notNull(),
    detail: text("detail").notNull(),
    pausedAt: timestamptz("paused_at").notNull(),
    claimedAt: timestamptz("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("protection_notices_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
    check("protection_notices_reason_check", isOneOf(t.reason, senderPauseReasons)),
    check("protection_notices_subject_check", sql`(${t.senderEmail} is null) <> (${t.campaignId} is null)`),
  ],
);
