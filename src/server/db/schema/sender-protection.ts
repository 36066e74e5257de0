/**
 * Bounce protection of a sender mailbox, per user and address (lower-cased,
 * as sender_pacing): a paused mailbox sends nothing in any campaign until the
 * user resumes it, and its queued sends wait.
 *
 * - paused_at, pause_reason, pause_detail: set when the mailbox was paused
 *   automatically; pause_detail is the figure that did it, in the user's
 *   words ('3 hard bounces in 52 sends (5.8%) in the last 7 days');
 * - counts_from: Resume sets it to the moment of the resume; what came back
 *   before it does not pause the mailbox again;
 * - bounce_rate_percent, min_sends: this mailbox's own thresholds (null: the
 *   user's settings).
 * No row: never paused, the user's thresholds.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, real, text } from "drizzle-orm/pg-core";
import { senderPauseReasons } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { isOneOf, timestamptz, updatedAt } from "./columns.ts";

export const senderProtection = pgTable(
  "sender_protection",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The mailbox's address, lower-cased. */
    email: text("email").notNull(),
    pausedAt: timestamptz("paused_at"),
    pauseReason: text("pause_reason", { enum: senderPauseReasons }),
    pauseDetail: text("pause_detail"),
    countsFrom: timestamptz("counts_from"),
    bounceRatePercent: real("bounce_rate_percent"),
    minSends: integer("min_sends"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.email] }),
    check("sender_protection_pause_reason_check", isOneOf(t.pauseReason, senderPauseReasons)),
    check("sender_protection_rate_check", sql`${t.bounceRatePercent} > 0 and ${t.bounceRatePercent} <= 100`),
    check("sender_protection_min_sends_check", sql`${t.minSends} between 1 and 100000`),
  ],
);
