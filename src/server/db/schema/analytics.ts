/**
 * Per-campaign counters for the dashboard and the campaigns overview, so a list
 * of campaigns is read in one query instead of counting email_sends and
 * scheduled_emails per campaign. Every event that changes a count (queueing,
 * sending, failing, an open, a reply) updates this row in the same transaction,
 * so the counters never drift from the rows they summarise.
 * user_id is denormalised so the dashboard reads them by owner directly.
 */
import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { descending, timestamptz, updatedAt } from "./columns.ts";
import { contacts } from "./contacts.ts";

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

// ---------------------------------------------------------------------------
// Reporting counters (docs/decisions/002-reporting-counters.md). Unlike
// campaign_stats, which the queue's statements maintain, these are kept by
// statement-level triggers on email_sends and contacts (migration 0001), so
// every write path — campaign sends, direct compose, bulk, opens, deletes by
// cascade — moves them in the same transaction, set-based.
// ---------------------------------------------------------------------------

const counter = (name: string) => integer(name).notNull().default(0);

/** All of a user's sends (campaign and direct): the dashboard and the failure panel read one row. */
export const userSendStats = pgTable("user_send_stats", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  total: counter("total"),
  sent: counter("sent"),
  failed: counter("failed"),
  pending: counter("pending"),
  opened: counter("opened"),
  // Failed sends by failure category.
  invalidAddress: counter("invalid_address"),
  bounced: counter("bounced"),
  rejected: counter("rejected"),
  blocked: counter("blocked"),
  spam: counter("spam"),
  rateLimited: counter("rate_limited"),
  authentication: counter("authentication"),
  network: counter("network"),
  domainIssue: counter("domain_issue"),
  contentFiltered: counter("content_filtered"),
  other: counter("other"),
  // Contacts (rows, as the spec counts them): active ones, and those of them that replied.
  activeContacts: counter("active_contacts"),
  activeReplied: counter("active_replied"),
  /** Entries of the Contacts page: rows of contact_addresses (distinct lower(email)). */
  contactAddresses: counter("contact_addresses"),
});

/**
 * Per user and local day (the user's timezone when the event happened): the
 * dashboard's 30-day chart. Sends count on their sent_at day, failures on the
 * day the send was created, opens on their opened_at day, replies on the
 * contact's replied_at day.
 */
export const userActivityDaily = pgTable(
  "user_activity_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sent: counter("sent"),
    failed: counter("failed"),
    opened: counter("opened"),
    replied: counter("replied"),
  },
  (t) => [primaryKey({ name: "user_activity_daily_pk", columns: [t.userId, t.day] })],
);

/**
 * Per user, sender address (lowercased from_email) and local day: the
 * Senders page's today / 7 days / month figures and the sender profile. Keyed
 * by address because a campaign's senders are copies of the saved sender.
 */
export const senderActivityDaily = pgTable(
  "sender_activity_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    senderEmail: text("sender_email").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sent: counter("sent"),
    failed: counter("failed"),
    opened: counter("opened"),
  },
  (t) => [primaryKey({ name: "sender_activity_daily_pk", columns: [t.userId, t.senderEmail, t.day] })],
);

/** Per contact row: its sends, for the Contacts page and the Inbox without counting email_sends. */
export const contactSendStats = pgTable(
  "contact_send_stats",
  {
    contactId: uuid("contact_id")
      .primaryKey()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sends: counter("sends"),
    sent: counter("sent"),
    failed: counter("failed"),
    opened: counter("opened"),
    lastSendAt: timestamptz("last_send_at"),
  },
  (t) => [index("contact_send_stats_user_last_idx").on(t.userId, descending(t.lastSendAt))],
);

/**
 * Per user and address (lower(email)): the Contacts page's entries, so a page is
 * an index range instead of grouping all the user's contacts
 * (docs/decisions/003-contact-addresses.md). Kept by statement-level triggers
 * on contacts (migration 0003). added_at is the earliest created_at of the
 * address's contact rows, rows how many there are; the entry goes when the
 * last row does. The index matches the page's order and keyset cursor.
 */
export const contactAddresses = pgTable(
  "contact_addresses",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailKey: text("email_key").notNull(),
    addedAt: timestamptz("added_at").notNull(),
    rows: integer("rows").notNull(),
  },
  (t) => [
    primaryKey({ name: "contact_addresses_pk", columns: [t.userId, t.emailKey] }),
    index("contact_addresses_user_added_idx").on(t.userId, descending(t.addedAt), descending(t.emailKey)),
  ],
);

/**
 * Per user and recipient address (lower(to_email)) of the sends without a
 * contact (Compose, Email in Bulk, and the sends of a contact since removed from
 * its campaign: decision 016): the Inbox's groups of direct sends with
 * their counters, kept by the statement-level triggers on email_sends
 * (migration 0005), the way contact_send_stats keeps a contact's. A page of
 * the Inbox is then a range of this index instead of a walk over the user's
 * direct sends, and a search reads the address trigram index of a table with
 * one row per address. last_send_at is the newest send's created_at.
 */
export const directRecipients = pgTable(
  "direct_recipients",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    sends: counter("sends"),
    sent: counter("sent"),
    failed: counter("failed"),
    opened: counter("opened"),
    lastSendAt: timestamptz("last_send_at"),
  },
  (t) => [
    primaryKey({ name: "direct_recipients_pk", columns: [t.userId, t.address] }),
    index("direct_recipients_user_last_idx").on(t.userId, descending(t.lastSendAt), descending(t.address)),
    index("direct_recipients_address_trgm_idx").using("gin", t.address.op("gin_trgm_ops")),
  ],
);
