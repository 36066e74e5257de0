/**
 * The sending engine's tables: the queue (scheduled_emails), the record of every
 * message sent or attempted (email_sends) and the daily counters that enforce
 * sending limits.
 *
 * scheduled_emails
 * - (contact_id, sequence_id) is unique: a contact is queued at most once per
 *   step, so scheduling a follow-up twice is a no-op, not a second email.
 * - Workers claim due rows with FOR UPDATE SKIP LOCKED through the partial index
 *   on scheduled_for WHERE status = 'scheduled', and move them to 'sending' with
 *   a lease (lease_expires_at, locked_by = the worker's id in send_workers).
 * - handed_off_at is written (committed) just before the message's data goes to
 *   the SMTP server. A row left 'sending' by a dead worker (its heartbeat is
 *   old, or the lease expired) goes back to the queue when it was never handed
 *   off, and waits for the user's decision ('unknown') when it was: only a
 *   message that may have reached a server can be a duplicate
 *   (docs/decisions/007-hand-off-and-heartbeats.md).
 *
 * email_sends
 * - The partial unique (contact_id, sequence_id) is the AT-MOST-ONCE guarantee:
 *   one row per contact and step, ever. A worker that dies between the SMTP reply
 *   and its commit cannot cause a second send, and retries update the same row.
 *   Direct sends (compose) have no contact or step and are not constrained.
 * - user_id is the owner, so direct sends (campaign_id NULL) are user-scoped too.
 * - Deleting a step, a sender or a contact keeps the history (SET NULL): what
 *   was sent to a contact removed from its campaign stays counted and listed
 *   under its address (docs/decisions/016-removed-contacts-keep-their-sends.md).
 *   Deleting the campaign (or the user) removes it.
 *
 * sender_daily_counts / user_daily_counts
 * - Messages sent per sender and per user on a day (in the user's timezone),
 *   incremented in the same transaction that records the send, so the limit
 *   check is one primary-key read instead of a count over email_sends.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  bounceTypes,
  emailSendStatuses,
  failureCategories,
  failureReasons,
  scheduledEmailStatuses,
} from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, isOneOf, lower, timestamptz, updatedAt } from "./columns.ts";
import { contacts } from "./contacts.ts";
import { senderAccounts } from "./senders.ts";
import { emailSequences } from "./sequences.ts";

export const scheduledEmails = pgTable(
  "scheduled_emails",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    sequenceId: uuid("sequence_id")
      .notNull()
      .references(() => emailSequences.id, { onDelete: "cascade" }),
    senderAccountId: uuid("sender_account_id").references(() => senderAccounts.id, { onDelete: "set null" }),
    status: text("status", { enum: scheduledEmailStatuses }).notNull().default("scheduled"),
    scheduledFor: timestamptz("scheduled_for").notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseExpiresAt: timestamptz("lease_expires_at"),
    lockedBy: text("locked_by"),
    cancelReason: text("cancel_reason"),
    errorMessage: text("error_message"),
    /**
     * The email_sends id and Message-ID of this step's send, chosen when the row
     * is first claimed (the open pixel and unsubscribe link carry the id) and
     * kept across retries. The send record itself is written once, with the
     * outcome (docs/decisions/006-send-record-with-the-outcome.md).
     */
    sendId: uuid("send_id"),
    messageId: text("message_id"),
    /** When the claim holding the row handed its message to the SMTP server (null: never, or released). */
    handedOffAt: timestamptz("handed_off_at"),
    /**
     * The contact's rank in the campaign (0, 1, …: the order step 1 was queued
     * in), fixed when step 1 is queued and carried to every later step: the A/B
     * split gives rank mod the step's variant count (#shared/sequences/step-variants.ts).
     */
    contactRank: integer("contact_rank"),
    /** The step's A/B variant this row sends (0 = A; null: queued before variants existed, sent as A). Kept across retries. */
    variantIndex: smallint("variant_index"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("scheduled_emails_contact_sequence_unique").on(t.contactId, t.sequenceId),
    index("scheduled_emails_due_idx").on(t.scheduledFor).where(sql`${t.status} = 'scheduled'`),
    index("scheduled_emails_lease_idx").on(t.leaseExpiresAt).where(sql`${t.status} = 'sending'`),
    index("scheduled_emails_campaign_status_idx").on(t.campaignId, t.status),
    // The sends waiting for the user's decision (Failed emails, a campaign's list).
    index("scheduled_emails_unknown_idx").on(t.campaignId, t.updatedAt).where(sql`${t.status} = 'unknown'`),
    index("scheduled_emails_sender_scheduled_idx").on(t.senderAccountId, t.scheduledFor),
    // The calendar: a campaign's queued emails in a time range (month counts,
    // a day's list in (scheduled_for, id) order for its keyset pages).
    index("scheduled_emails_campaign_scheduled_idx")
      .on(t.campaignId, t.scheduledFor, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    // For the cascade when a step is deleted.
    index("scheduled_emails_sequence_idx").on(t.sequenceId),
    check("scheduled_emails_status_check", isOneOf(t.status, scheduledEmailStatuses)),
    check("scheduled_emails_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

export const emailSends = pgTable(
  "email_sends",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    sequenceId: uuid("sequence_id").references(() => emailSequences.id, { onDelete: "set null" }),
    senderAccountId: uuid("sender_account_id").references(() => senderAccounts.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    fromEmail: text("from_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: emailSendStatuses }).notNull().default("pending"),
    sentAt: timestamptz("sent_at"),
    openedAt: timestamptz("opened_at"),
    repliedAt: timestamptz("replied_at"),
    failureCategory: text("failure_category", { enum: failureCategories }),
    bounceType: text("bounce_type", { enum: bounceTypes }),
    /** The actionable reason (failureReasons); null on sends failed before migration 0027. */
    failureReason: text("failure_reason", { enum: failureReasons }),
    errorMessage: text("error_message"),
    /** The Message-ID header; follow-ups reference step 1's, replies are matched by it. */
    messageId: text("message_id"),
    /** The step's A/B variant sent (the queue row's; null: sent before variants existed, or no step: A). */
    variantIndex: smallint("variant_index"),
    /** The recipient reported this message as spam (a feedback report, RFC 5965): bounce protection counts it. */
    complainedAt: timestamptz("complained_at"),
    /** The recipient unsubscribed from this message (its link, or a reply asking): bounce protection counts it. */
    unsubscribedAt: timestamptz("unsubscribed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_sends_contact_sequence_unique")
      .on(t.contactId, t.sequenceId)
      .where(sql`${t.contactId} is not null and ${t.sequenceId} is not null`),
    index("email_sends_user_created_idx").on(t.userId, descending(t.createdAt)),
    index("email_sends_user_status_created_idx").on(t.userId, t.status, descending(t.createdAt)),
    index("email_sends_campaign_status_idx").on(t.campaignId, t.status),
    index("email_sends_sender_created_idx").on(t.senderAccountId, descending(t.createdAt)),
    // A contact's sends newest first: its history and its latest send (contact status).
    index("email_sends_contact_created_idx").on(t.contactId, descending(t.createdAt)),
    // A sender address's sends newest first (Senders page history, sender profile's Recent Emails),
    // with id as the keyset tie-breaker.
    index("email_sends_user_from_created_idx").on(
      t.userId,
      lower(t.fromEmail),
      descending(t.createdAt),
      descending(t.id),
    ),
    // Inbox: sends made without a contact (Compose, Email in Bulk), by recipient address: a
    // group's history and the "was anything sent to it" probe. The groups themselves and
    // their counters are direct_recipients (migration 0005).
    index("email_sends_user_direct_to_idx")
      .on(t.userId, lower(t.toEmail), descending(t.createdAt))
      .where(sql`${t.contactId} is null`),
    // The Emails screen: a user's sends opened first, then newest first, with id as the keyset tie-breaker.
    // All keys descend, so a page's cursor is one row comparison the scan starts from.
    index("email_sends_user_list_idx").on(
      t.userId,
      sql`(${t.openedAt} is not null) desc`,
      descending(t.createdAt),
      descending(t.id),
    ),
    // The calendar: a user's sent emails by sent_at, failed ones by created_at
    // (a failed send has no sent_at; its record is written with the outcome, so
    // created_at is the attempt), with id for a day's (time, id) keyset pages.
    // A month's per-day counts are index-only scans of these.
    index("email_sends_user_sent_at_idx").on(t.userId, t.sentAt, t.id).where(sql`${t.status} = 'sent'`),
    index("email_sends_user_failed_at_idx").on(t.userId, t.createdAt, t.id).where(sql`${t.status} = 'failed'`),
    // Sender health: an address's failures with a reason (hard bounces, sender warnings) in a window.
    // Few rows: most sends never fail, and failures before migration 0027 have no reason.
    index("email_sends_user_from_failure_idx")
      .on(t.userId, lower(t.fromEmail), t.createdAt)
      .where(sql`${t.status} = 'failed' and ${t.failureReason} is not null`),
    // For the SET NULL when a step is deleted.
    index("email_sends_sequence_idx").on(t.sequenceId).where(sql`${t.sequenceId} is not null`),
    index("email_sends_message_id_idx").on(t.messageId).where(sql`${t.messageId} is not null`),
    check("email_sends_status_check", isOneOf(t.status, emailSendStatuses)),
    check("email_sends_failure_category_check", isOneOf(t.failureCategory, failureCategories)),
    check("email_sends_bounce_type_check", isOneOf(t.bounceType, bounceTypes)),
    check("email_sends_failure_reason_check", isOneOf(t.failureReason, failureReasons)),
  ],
);

/**
 * The send workers alive: each one refreshes heartbeat_at every few seconds.
 * The claims (scheduled_emails.locked_by) of a worker whose heartbeat is older
 * than WORKER_DEAD_AFTER_SECONDS are recovered by any live worker; a worker
 * that stops cleanly releases its claims and removes its row.
 */
export const sendWorkers = pgTable("send_workers", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamptz("started_at").notNull(),
  heartbeatAt: timestamptz("heartbeat_at").notNull(),
});

export const senderDailyCounts = pgTable(
  "sender_daily_counts",
  {
    senderAccountId: uuid("sender_account_id")
      .notNull()
      .references(() => senderAccounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sent: integer("sent").notNull().default(0),
  },
  (t) => [primaryKey({ name: "sender_daily_counts_pk", columns: [t.senderAccountId, t.day] })],
);

export const userDailyCounts = pgTable(
  "user_daily_counts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sent: integer("sent").notNull().default(0),
  },
  (t) => [primaryKey({ name: "user_daily_counts_pk", columns: [t.userId, t.day] })],
);

export type ScheduledEmail = typeof scheduledEmails.$inferSelect;
export type EmailSend = typeof emailSends.$inferSelect;
export type SenderDailyCount = typeof senderDailyCounts.$inferSelect;
export type UserDailyCount = typeof userDailyCounts.$inferSelect;
