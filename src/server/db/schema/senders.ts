/**
 * Sender accounts: the mailboxes campaigns send from.
 *
 * A row with campaign_id NULL is a saved sender (the Senders page). A row with a
 * campaign_id belongs to that campaign and is deleted with it. A campaign sender
 * imported from a saved sender points at it through source_sender_id and sends
 * through that saved sender's connection, so credentials live in one place;
 * deleting the saved sender only clears the link (SET NULL).
 *
 * Unique addresses are case-insensitive (lower(email)) and counted separately
 * for saved senders (per user) and for each campaign's senders: the same
 * mailbox may appear once among the saved senders and once per campaign.
 *
 * Secrets (passwords, Gmail refresh token) are stored encrypted by the service;
 * rows never leave the server as they are.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { senderProviders, smtpSecurityModes } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, isOneOf, lower, timestamptz, updatedAt } from "./columns.ts";

export const senderAccounts = pgTable(
  "sender_accounts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    sourceSenderId: uuid("source_sender_id").references((): AnyPgColumn => senderAccounts.id, {
      onDelete: "set null",
    }),
    email: text("email").notNull(),
    provider: text("provider", { enum: senderProviders }).notNull().default("gmail"),
    dailyLimit: integer("daily_limit").notNull().default(50),

    smtpHost: text("smtp_host"),
    smtpPort: integer("smtp_port"),
    smtpSecurity: text("smtp_security", { enum: smtpSecurityModes }),
    smtpUsername: text("smtp_username"),
    smtpPasswordEncrypted: text("smtp_password_encrypted"),
    imapHost: text("imap_host"),
    imapPort: integer("imap_port"),
    imapUsername: text("imap_username"),
    imapPasswordEncrypted: text("imap_password_encrypted"),

    gmailSyncEnabled: boolean("gmail_sync_enabled").notNull().default(false),
    gmailRefreshTokenEncrypted: text("gmail_refresh_token_encrypted"),
    lastSyncError: text("last_sync_error"),
    lastSyncedAt: timestamptz("last_synced_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sender_accounts_saved_email_unique").on(t.userId, lower(t.email)).where(sql`${t.campaignId} is null`),
    // Also serves lookups by campaign_id (and the cascade from campaigns).
    uniqueIndex("sender_accounts_campaign_email_unique")
      .on(t.campaignId, lower(t.email))
      .where(sql`${t.campaignId} is not null`),
    index("sender_accounts_user_created_idx").on(t.userId, descending(t.createdAt)),
    // A user's senders with an address, saved or campaign copies (sender profile, Scheduled Today).
    index("sender_accounts_user_email_idx").on(t.userId, lower(t.email)),
    // For the SET NULL when a saved sender is deleted.
    index("sender_accounts_source_sender_idx").on(t.sourceSenderId).where(sql`${t.sourceSenderId} is not null`),
    check("sender_accounts_provider_check", isOneOf(t.provider, senderProviders)),
    check("sender_accounts_daily_limit_check", sql`${t.dailyLimit} between 1 and 500`),
    check("sender_accounts_smtp_security_check", isOneOf(t.smtpSecurity, smtpSecurityModes)),
    check("sender_accounts_smtp_port_check", sql`${t.smtpPort} between 1 and 65535`),
    check("sender_accounts_imap_port_check", sql`${t.imapPort} between 1 and 65535`),
  ],
);

export type SenderAccount = typeof senderAccounts.$inferSelect;
