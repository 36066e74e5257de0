/**
 * Email verification results (Deliverability page), newest first per user.
 * verification_result is the verdict; is_valid (syntax and domain) and
 * is_deliverable (the mailbox accepts mail) are kept separately because a
 * catch-all or unknown result can be valid without being known deliverable.
 */
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { verificationResults } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { descending, id, isOneOf, timestamptz } from "./columns.ts";

export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    verificationResult: text("verification_result", { enum: verificationResults }).notNull(),
    isValid: boolean("is_valid").notNull(),
    isDeliverable: boolean("is_deliverable").notNull(),
    verifiedAt: timestamptz("verified_at").notNull().defaultNow(),
    suggestedCorrection: text("suggested_correction"),
    flags: text("flags").array().notNull().default([]),
    executionTimeMs: integer("execution_time_ms").notNull(),
  },
  (t) => [
    index("email_verifications_user_verified_idx").on(t.userId, descending(t.verifiedAt)),
    check("email_verifications_result_check", isOneOf(t.verificationResult, verificationResults)),
  ],
);

export type EmailVerification = typeof emailVerifications.$inferSelect;
