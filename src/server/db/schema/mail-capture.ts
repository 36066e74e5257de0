/**
 * The capture-mode outbox (MAIL_DELIVERY=capture): every message the app's own
 * SMTP server receives, kept whole (raw) and with the parsed parts the outbox
 * page shows. Not owned by a user: it holds system mail (sign-up confirmations)
 * as well as campaign mail, and exists only for local and demo installs.
 * from_address is the envelope sender and may be empty (bounces use MAIL FROM:<>).
 */
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { descending, id, timestamptz } from "./columns.ts";

export const capturedEmails = pgTable(
  "captured_emails",
  {
    id: id(),
    messageId: text("message_id"),
    fromAddress: text("from_address").notNull(),
    toAddresses: text("to_addresses").array().notNull(),
    subject: text("subject").notNull().default(""),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    raw: text("raw").notNull(),
    headers: jsonb("headers").$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (t) => [index("captured_emails_received_idx").on(descending(t.receivedAt))],
);

export type CapturedEmail = typeof capturedEmails.$inferSelect;
