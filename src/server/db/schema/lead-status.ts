/**
 * A lead's status across campaigns: one row per user and address (lower-cased),
 * whichever campaigns hold it, and the history of every change. No row means
 * the address was never acted on: "new". `suggested` marks a status the app
 * inferred (a reply's class) and the user has not confirmed.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { leadStatuses, leadStatusSources } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, timestamptz } from "./columns.ts";

export const leadStatusesTable = pgTable(
  "lead_statuses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** lower(contacts.email) */
    email: text("email").notNull(),
    status: text("status", { enum: leadStatuses }).notNull(),
    suggested: boolean("suggested").notNull().default(false),
    /** Who set it: an automatic change never overwrites what the user set (#shared/lead-status/lead-status-rules.ts). */
    source: text("source", { enum: leadStatusSources }).notNull().default("user"),
    updatedAt: timestamptz("updated_at").defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.email] }),
    // The Inbox's and Contacts' status filter.
    index("lead_statuses_user_status_idx").on(t.userId, t.status),
    check("lead_statuses_status_check", isOneOf(t.status, leadStatuses)),
    check("lead_statuses_source_check", isOneOf(t.source, leadStatusSources)),
    check("lead_statuses_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** null: the lead had no status yet ("new"). */
    fromStatus: text("from_status", { enum: leadStatuses }),
    toStatus: text("to_status", { enum: leadStatuses }).notNull(),
    source: text("source", { enum: leadStatusSources }).notNull(),
    suggested: boolean("suggested").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("lead_status_changes_lead_idx").on(t.userId, t.email, t.createdAt),
    check("lead_status_changes_to_check", isOneOf(t.toStatus, leadStatuses)),
    check("lead_status_changes_source_check", isOneOf(t.source, leadStatusSources)),
  ],
);

export type LeadStatusRow = typeof leadStatusesTable.$inferSelect;
export type LeadStatusChange = typeof leadStatusChanges.$inferSelect;
