/**
 * What the mailbox sync finds in the senders' mailboxes (mailbox/mailbox-sync):
 * replies, auto-replies, bounces and unsubscribe requests matched to our sends
 * (replies, by kind), and spam; and where each mailbox's sync stands.
 *
 * replies: unique (user_id, message_id) when the Message-ID is known, so a sync
 * that runs again (or two workers racing) records a reply once. Deleting the
 * campaign or the contact removes its replies; deleting the send they answer
 * only clears email_send_id.
 *
 * spam_emails: the same once-per-Message-ID rule for the same reason.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { inboundKinds, ledgerKinds, replyClasses, skipReasons } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, isOneOf, lower, timestamptz } from "./columns.ts";
import { contacts } from "./contacts.ts";
import { senderAccounts } from "./senders.ts";
import { emailSends } from "./sending.ts";

export const replies = pgTable(
  "replies",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    // A reply stays when its contact is removed from the campaign, like the sends it answers (decision 016).
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    emailSendId: uuid("email_send_id").references(() => emailSends.id, { onDelete: "set null" }),
    contactEmail: text("contact_email").notNull(),
    senderEmail: text("sender_email").notNull(),
    subject: text("subject"),
    replyContent: text("reply_content").notNull(),
    messageId: text("message_id"),
    repliedAt: timestamptz("replied_at").notNull(),
    createdAt: createdAt(),
    /** The mailbox it was read from (null: marked by hand, or the sender was deleted). */
    senderAccountId: uuid("sender_account_id").references(() => senderAccounts.id, { onDelete: "set null" }),
    /** reply, auto_reply, bounce or unsubscribe (inboundKinds); only a reply sets the contact's replied_at. */
    kind: text("kind", { enum: inboundKinds }).notNull().default("reply"),
    /** Email Classification: the class, the rule that decided it, and whether the user set it. */
    replyClass: text("reply_class", { enum: replyClasses }).notNull().default("other"),
    classRule: text("class_rule").notNull().default(""),
    classCorrected: boolean("class_corrected").notNull().default(false),
    /** The message's own In-Reply-To and References (Reply from the Inbox threads under them). */
    inReplyTo: text("in_reply_to"),
    referencesHeader: text("references_header"),
  },
  (t) => [
    check("replies_kind_check", isOneOf(t.kind, inboundKinds)),
    check("replies_reply_class_check", isOneOf(t.replyClass, replyClasses)),
    index("replies_user_class_idx").on(t.userId, t.replyClass, descending(t.repliedAt)),
    // For the SET NULL when a sender is deleted.
    index("replies_sender_account_idx").on(t.senderAccountId).where(sql`${t.senderAccountId} is not null`),
    uniqueIndex("replies_user_message_id_unique").on(t.userId, t.messageId).where(sql`${t.messageId} is not null`),
    index("replies_user_replied_idx").on(t.userId, descending(t.repliedAt)),
    index("replies_contact_idx").on(t.contactId),
    // Inbox: replies from an address emailed without a contact (direct compose).
    index("replies_user_direct_email_idx").on(t.userId, lower(t.contactEmail)).where(sql`${t.contactId} is null`),
    // For the cascade when a campaign is deleted.
    index("replies_campaign_idx").on(t.campaignId).where(sql`${t.campaignId} is not null`),
    // For the SET NULL when sends are deleted (one lookup per deleted send).
    index("replies_email_send_idx").on(t.emailSendId).where(sql`${t.emailSendId} is not null`),
  ],
);

export const spamEmails = pgTable(
  "spam_emails",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    senderEmail: text("sender_email").notNull(),
    content: text("content").notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
    messageId: text("message_id"),
    /** Where it lies, for Restore: the mailbox, its folder and the message's key there (mailbox_messages). */
    senderAccountId: uuid("sender_account_id").references(() => senderAccounts.id, { onDelete: "cascade" }),
    folder: text("folder"),
    sourceKey: text("source_key"),
  },
  (t) => [
    index("spam_emails_user_received_idx").on(t.userId, descending(t.receivedAt)),
    uniqueIndex("spam_emails_user_message_id_unique").on(t.userId, t.messageId).where(sql`${t.messageId} is not null`),
    index("spam_emails_sender_account_idx").on(t.senderAccountId).where(sql`${t.senderAccountId} is not null`),
  ],
);

/**
 * One row per mailbox that is synced: its lease (one worker at a time, like
 * the send queue), when it is due, what the user asked for, and how the last
 * run ended. Created when a sender gets a mailbox connection.
 */
export const mailboxSyncs = pgTable(
  "mailbox_syncs",
  {
    senderAccountId: uuid("sender_account_id")
      .primaryKey()
      .references(() => senderAccounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamptz("lease_expires_at"),
    nextSyncAt: timestamptz("next_sync_at").notNull().defaultNow(),
    /** A Refresh button asked for a sync now. */
    requestedAt: timestamptz("requested_at"),
    lastSyncedAt: timestamptz("last_synced_at"),
    lastError: text("last_error"),
    lastErrorAt: timestamptz("last_error_at"),
    /** Errors since the last successful run (the dashboard's "n recent sync errors"). */
    errorCount: bigint("error_count", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("mailbox_syncs_due_idx").on(t.nextSyncAt), index("mailbox_syncs_user_idx").on(t.userId)],
);

/** IMAP: where each folder's sync stopped (UIDVALIDITY + last UID); capture: a cursor. */
export const mailboxFolders = pgTable(
  "mailbox_folders",
  {
    senderAccountId: uuid("sender_account_id")
      .notNull()
      .references(() => senderAccounts.id, { onDelete: "cascade" }),
    folder: text("folder").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
    cursor: text("cursor"),
  },
  (t) => [primaryKey({ columns: [t.senderAccountId, t.folder] })],
);

/**
 * Every inbound message the sync has processed, once per mailbox and source key
 * (IMAP "folder:uidvalidity:uid", Gmail "gmail:id", capture "capture:id"): the
 * record that it must not be processed again, across restarts and workers.
 * A message that could not be applied is here too, as skipped with its reason
 * (the mail-sync card and the sender's panel count them); a bounce for nothing
 * this mailbox sent, as unmatched (docs/decisions/015-mailbox-one-bad-message.md).
 */
export const mailboxMessages = pgTable(
  "mailbox_messages",
  {
    senderAccountId: uuid("sender_account_id")
      .notNull()
      .references(() => senderAccounts.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    messageId: text("message_id"),
    kind: text("kind", { enum: ledgerKinds }).notNull(),
    /** kind skipped: why (skipReasons). */
    skipReason: text("skip_reason", { enum: skipReasons }),
    processedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.senderAccountId, t.sourceKey] }),
    // Reply matching and the "processed once" check by Message-ID across a user's mailboxes.
    index("mailbox_messages_user_message_id_idx").on(t.userId, t.messageId).where(sql`${t.messageId} is not null`),
    check("mailbox_messages_kind_check", isOneOf(t.kind, ledgerKinds)),
    check(
      "mailbox_messages_skip_reason_check",
      sql`(${t.kind} = 'skipped') = (${t.skipReason} is not null) and (${t.skipReason} is null or ${isOneOf(t.skipReason, skipReasons)})`,
    ),
    // The skipped messages of the last days, per user (mail-sync card) and per mailbox (sender's panel).
    index("mailbox_messages_skipped_idx").on(t.userId, t.processedAt).where(sql`${t.kind} = 'skipped'`),
    // Sender health: what was found in spam folders lately, per user (its sends among them by Message-ID).
    index("mailbox_messages_spam_idx").on(t.userId, t.processedAt).where(sql`${t.kind} = 'spam'`),
  ],
);

export type Reply = typeof replies.$inferSelect;
export type SpamEmail = typeof spamEmails.$inferSelect;
