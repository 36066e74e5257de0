/**
 * Clicks on tracked links: one row per send and link URL, the first click
 * (later clicks on the same link of the same message add nothing). The
 * campaign's click reports aggregate these with its sends (step, variant).
 * Deleting the send (its campaign, its user) deletes its clicks.
 */
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { id, timestamptz } from "./columns.ts";
import { emailSends } from "./sending.ts";

export const linkClicks = pgTable(
  "link_clicks",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    emailSendId: uuid("email_send_id")
      .notNull()
      .references(() => emailSends.id, { onDelete: "cascade" }),
    /** The link as it was in the message (the redirect's destination). */
    url: text("url").notNull(),
    firstClickedAt: timestamptz("first_clicked_at").defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex("link_clicks_send_url_unique").on(t.emailSendId, t.url),
    index("link_clicks_campaign_idx").on(t.campaignId),
  ],
);

export type LinkClick = typeof linkClicks.$inferSelect;
