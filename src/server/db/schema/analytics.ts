/**
 * Per-campaign counters for the dashboard and the campaigns overview, so a list
 * of campaigns is read in one query instead of counting email_sends and
 * scheduled_emails per campaign. Every event that changes a count (queueing,
 * sending, failing, an open, a reply) updates this row in the same transaction,
 * so the counters never drift from the rows they summarise.
 * user_id is denormalised so the dashboard reads them by owner directly.
 */
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { updatedAt } from "./columns.ts";

export const campaignStats = pgTable("campaign_stats", {
  campaignId: uuid("campaign_id")
    .primaryKey()
    .references(() => campaigns.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  sent: integer("sent").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  opened: integer("opened").notNull().default(0),
  replied: integer("replied").notNull().default(0),
  scheduled: integer("scheduled").notNull().default(0),
  updatedAt: updatedAt(),
});

export type CampaignStats = typeof campaignStats.$inferSelect;
