/**
 * The suppression list: addresses a user must not email again (unsubscribed
 * through the one-click link, hard-bounced, complained, or added by hand).
 * One row per user and address, case-insensitively, so "is this address
 * suppressed?" is a single unique-index lookup before every send.
 */
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { suppressionReasons } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, lower } from "./columns.ts";

export const suppressions = pgTable(
  "suppressions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reason: text("reason", { enum: suppressionReasons }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("suppressions_user_email_unique").on(t.userId, lower(t.email)),
    check("suppressions_reason_check", isOneOf(t.reason, suppressionReasons)),
  ],
);

export type Suppression = typeof suppressions.$inferSelect;
