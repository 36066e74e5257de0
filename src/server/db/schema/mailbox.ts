/**
 * What the mailbox sync finds in the senders' mailboxes: replies and spam.
 *
 * replies: unique (user_id, message_id) when the Message-ID is known, so a sync
 * that runs again (or two workers racing) records a reply once. Deleting the
 * campaign or the contact removes its replies; deleting the send they answer
 * only clears email_send_id.
 *
 * spam_emails: the same once-per-Message-ID rule for the same reason.
 */
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, lower, timestamptz } from "./columns.ts";
import { contacts } from "./contacts.ts";
import { emailSends } from "./sending.ts";

export const replies = pgTable(
  "replies",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    emailSendId: uuid("email_send_id").references(() => emailSends.id, { onDelete: "set null" }),
    contactEmail: text("contact_email").notNull(),
    senderEmail: text("sender_email").notNull(),
    subject: text("subject"),
    replyContent: text("reply_content").notNull(),
    messageId: text("message_id"),
    repliedAt: timestamptz("replied_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
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
  },
  (t) => [
    index("spam_emails_user_received_idx").on(t.userId, descending(t.receivedAt)),
    uniqueIndex("spam_emails_user_message_id_unique").on(t.userId, t.messageId).where(sql`${t.messageId} is not null`),
  ],
);

export type Reply = typeof replies.$inferSelect;
export type SpamEmail = typeof spamEmails.$inferSelect;
