/**
 * Campaigns. A campaign owns its sender accounts, contacts, sequence steps, queue
 * and sends: deleting it cascades to all of them.
 *
 * status is stored as the user set it (draft on creation); "completed", shown on
 * every screen for an active campaign with nothing left to send, is derived, not
 * stored (displayStatus: src/shared/campaigns/campaign-status.ts). email_column
 * is the imported file's column that holds the address.
 *
 * track_opens overrides the user's 'Track opens' setting; null (every campaign
 * made before the option existed) follows the setting. send_as is the default
 * for the campaign's steps (a step may override it): see sendFormats.
 * track_clicks rewrites the links of its messages to signed redirects (off
 * by default; a step may override it): docs/decisions/031-tracking-hosts-and-click-tracking.md.
 *
 * launch_key is the idempotency key of the wizard's single create-and-launch
 * request, made with the draft in the browser: the same request sent twice (a
 * double click, a retry after a lost answer) finds the campaign the first one
 * stored instead of storing a second. Unique per user, so two requests at once
 * store one campaign; null for campaigns created otherwise.
 *
 * booking_link_id is the scheduling link the campaign's {{bookingLink}} merge
 * tag points at, personal to each contact (a signed token for the contact:
 * docs/decisions/018-personal-booking-links.md). Deleting the link clears it.
 *
 * ab_auto_winner, ab_min_sends and ab_confidence (a percentage) are the
 * automatic A/B winner's settings for the campaign's steps with variants
 * (#shared/sequences/ab-winner.ts, docs/decisions/023-ab-variants.md).
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { campaignStatuses, senderPauseReasons, sendFormats } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, descending, id, isOneOf, timestamptz, updatedAt } from "./columns.ts";
import { schedulingLinks } from "./scheduling.ts";

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    emailColumn: text("email_column").notNull().default("email"),
    trackOpens: boolean("track_opens"),
    sendAs: text("send_as", { enum: sendFormats }).notNull().default("html"),
    trackClicks: boolean("track_clicks").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    launchedAt: timestamptz("launched_at"),
    launchKey: uuid("launch_key"),
    /** The scheduling link {{bookingLink}} points at (one of the owner's); null: none chosen. */
    bookingLinkId: uuid("booking_link_id").references(() => schedulingLinks.id, { onDelete: "set null" }),
    abAutoWinner: boolean("ab_auto_winner").notNull().default(false),
    abMinSends: integer("ab_min_sends").notNull().default(50),
    abConfidence: smallint("ab_confidence").notNull().default(95),
    /** At most this many contacts get step 1 per day (the user's calendar day); null: no cap. */
    dailyNewContactsLimit: integer("daily_new_contacts_limit"),
    /** Contacts the claim started (took step 1 for) on new_contacts_day, the user's calendar day, on its clock. */
    newContactsDay: date("new_contacts_day", { mode: "string" }),
    newContactsStarted: integer("new_contacts_started").notNull().default(0),
    /** A reply from one address at a company domain stops the campaign's other contacts at that domain. */
    stopOnCompanyReply: boolean("stop_on_company_reply").notNull().default(false),
    /**
     * Bounce protection paused the campaign (status paused, its queued rows
     * held as a Pause holds them): when, why, and the figure in words. Cleared
     * when it is activated again, which sets protection_counts_from: what came
     * back before that moment does not pause it again.
     */
    autoPausedAt: timestamptz("auto_paused_at"),
    autoPauseReason: text("auto_pause_reason", { enum: senderPauseReasons }),
    autoPauseDetail: text("auto_pause_detail"),
    protectionCountsFrom: timestamptz("protection_counts_from"),
  },
  (t) => [
    index("campaigns_user_created_idx").on(t.userId, descending(t.createdAt)),
    uniqueIndex("campaigns_user_launch_key_unique").on(t.userId, t.launchKey),
    check("campaigns_status_check", isOneOf(t.status, campaignStatuses)),
    check("campaigns_send_as_check", isOneOf(t.sendAs, sendFormats)),
    check("campaigns_ab_min_sends_check", sql`${t.abMinSends} between 1 and 100000`),
    check("campaigns_ab_confidence_check", sql`${t.abConfidence} between 80 and 99`),
    check("campaigns_auto_pause_reason_check", isOneOf(t.autoPauseReason, senderPauseReasons)),
    check("campaigns_daily_new_contacts_limit_check", sql`${t.dailyNewContactsLimit} between 1 and 10000`),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
