// Sender accounts API contract. Secrets go in (password fields) but never come
// out: responses only say whether a password is stored.
import { z } from "zod";
import { senderProviders, smtpSecurityModes } from "../db-enums.ts";
import { skippedMessagesSchema } from "../mailbox/skipped-messages.schemas.ts";

export const SENDER_DAILY_LIMIT_MIN = 1;
export const SENDER_DAILY_LIMIT_MAX = 500;
export const SENDER_DAILY_LIMIT_DEFAULT = 50;

export const senderDailyLimitSchema = z
  .number({ error: "Daily limit must be a number" })
  .int("Daily limit must be a whole number")
  .min(SENDER_DAILY_LIMIT_MIN, "Daily limit must be between 1 and 500")
  .max(SENDER_DAILY_LIMIT_MAX, "Daily limit must be between 1 and 500");

export const senderEmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(320, "Email must be at most 320 characters.")
  .pipe(z.email("Enter a valid email address"));

export const senderProviderSchema = z.enum(senderProviders, { error: "Choose a provider" });

const host = z
  .string({ error: "Enter the server's host name" })
  .trim()
  .min(1, "Enter the server's host name")
  .max(255, "Host must be at most 255 characters.");
const port = z
  .number({ error: "Port must be a number" })
  .int("Port must be 1 to 65535")
  .min(1, "Port must be 1 to 65535")
  .max(65535, "Port must be 1 to 65535");
// Passwords are taken as typed (no trimming): spaces can be part of them.
const password = z.string().min(1, "Enter the password").max(1024, "Password must be at most 1,024 characters.");

/**
 * Outgoing mail. `password` omitted on update keeps the stored one, if the
 * host is the same and the security as strong (stored-password.ts).
 */
export const smtpConnectionInputSchema = z.object({
  host,
  port,
  security: z.enum(smtpSecurityModes, { error: "Security must be tls, starttls or none" }),
  /** Empty or left out: the sender's email address (stored as the username when the sender is saved). */
  username: z
    .string({ error: "The SMTP username must be text" })
    .trim()
    .max(320, "Username must be at most 320 characters.")
    .default(""),
  password: password.optional(),
});
export type SmtpConnectionInput = z.infer<typeof smtpConnectionInputSchema>;

/**
 * Incoming mail for reply sync (optional). Username and password may be left
 * out: most mailboxes sign in to IMAP with their SMTP credentials.
 */
export const imapConnectionInputSchema = z.object({
  host,
  port,
  username: z.string().trim().max(320).optional(),
  password: password.optional(),
});
export type ImapConnectionInput = z.infer<typeof imapConnectionInputSchema>;

/**
 * Create and update (PUT) body. On update: `smtp`/`imap` omitted keeps the
 * stored connection, `null` removes it, an object replaces it (its password
 * omitted keeps the stored password). A sender without an SMTP connection is
 * allowed: it can be used in capture mode and connected later.
 */
export const senderInputSchema = z
  .object({
    email: senderEmailSchema,
    provider: senderProviderSchema,
    dailyLimit: senderDailyLimitSchema,
    smtp: smtpConnectionInputSchema.nullable().optional(),
    imap: imapConnectionInputSchema.nullable().optional(),
  })
  .meta({ id: "SenderInput" });
export type SenderInput = z.infer<typeof senderInputSchema>;

/** POST /api/senders/test: form values that are not saved yet, so the password is needed. */
export const connectionTestInputSchema = z
  .object({
    /** The sender's address, the username when smtp.username is empty. */
    email: senderEmailSchema.optional(),
    smtp: smtpConnectionInputSchema.extend({
      password: z
        .string({ error: "Enter the SMTP password" })
        .min(1, "Enter the SMTP password")
        .max(1024, "Password must be at most 1,024 characters."),
    }),
  })
  .meta({ id: "ConnectionTestInput" });

/** Said on the username when neither it nor the email address it defaults to is given. */
export const USERNAME_OR_EMAIL_NEEDED = "Enter the email address or an SMTP username";
export type ConnectionTestInput = z.infer<typeof connectionTestInputSchema>;

/**
 * POST /api/senders/{id}/test: no body tests the stored connection; `smtp`
 * tests edited values, with the stored password when none is given.
 */
export const savedConnectionTestInputSchema = z
  .object({ smtp: smtpConnectionInputSchema.optional() })
  .meta({ id: "SavedConnectionTestInput" });
export type SavedConnectionTestInput = z.infer<typeof savedConnectionTestInputSchema>;

export const senderConnectionSchema = z.object({
  smtp: z
    .object({
      host: z.string(),
      port: z.number(),
      security: z.enum(smtpSecurityModes),
      username: z.string(),
      hasPassword: z.boolean(),
    })
    .nullable(),
  imap: z
    .object({ host: z.string(), port: z.number(), username: z.string().nullable(), hasPassword: z.boolean() })
    .nullable(),
});
export type SenderConnection = z.infer<typeof senderConnectionSchema>;

/** What the mailbox sync records of a sender's mailbox (mailbox_syncs). */
export const senderMailboxSyncSchema = z
  .object({
    /** The last successful sync. */
    lastSyncedAt: z.string().nullable(),
    /** The newest error and when it happened; errorCount counts the failed runs since the last success. */
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    errorCount: z.number().int().min(0),
    /** Messages of this mailbox the sync could not apply, in the last 7 days, by reason. */
    skipped: skippedMessagesSchema,
  })
  .meta({ id: "SenderMailboxSync" });
export type SenderMailboxSync = z.infer<typeof senderMailboxSyncSchema>;

export const senderSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    provider: z.enum(senderProviders),
    dailyLimit: z.number(),
    /** null for a saved sender (Senders page); set for a campaign's copy. */
    campaignId: z.string().nullable(),
    connection: senderConnectionSchema,
    /** True when this sender can send now: always in capture mode; in live mode, SMTP with a password. */
    canSend: z.boolean(),
    /**
     * Why a launch would refuse it, from what is stored (live mode: no
     * connection, Gmail without Google OAuth on the server, an SMTP host the
     * address policy refuses), as a sentence; null when nothing stored stops it.
     */
    cannotSendReason: z.string().nullable(),
    gmailSyncEnabled: z.boolean(),
    /** Where the mailbox sync of this sender's mailbox stands; null while its mailbox is not synced. */
    mailboxSync: senderMailboxSyncSchema.nullable(),
    /** Emails sent from its address, campaign copies included, all time (Active Senders have more than 0). */
    sentCount: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Sender" });
export type Sender = z.infer<typeof senderSchema>;

export const senderListSchema = z.object({ senders: z.array(senderSchema) }).meta({ id: "SenderList" });

/** Why a connection test failed: a subset of the send failure categories. */
export const connectionTestCategories = ["authentication", "network", "domain_issue", "other"] as const;
export type ConnectionTestCategory = (typeof connectionTestCategories)[number];

export const connectionTestResultSchema = z
  .object({
    ok: z.boolean(),
    /** Set when ok is false. */
    category: z.enum(connectionTestCategories).nullable(),
    message: z.string(),
    /**
     * True when the server is in capture mode and did not connect (a private
     * or local host it may not reach): mail from this sender is captured, so
     * it is ready to use; the message says what a live test would need.
     */
    captured: z.boolean().optional(),
  })
  .meta({ id: "ConnectionTestResult" });
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

/** "custom" is shown as Custom SMTP; "smtp" is the same kind of connection. */
export const providerLabels: Record<(typeof senderProviders)[number], string> = {
  gmail: "Gmail",
  outlook: "Outlook",
  smtp: "Custom SMTP",
  custom: "Custom SMTP",
};

/** The wizard's and the Senders page's rule: a non-numeric limit falls back to 50 (range is checked after). */
export function parseDailyLimit(raw: string | number): number {
  const n = typeof raw === "number" ? raw : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.trunc(n) : SENDER_DAILY_LIMIT_DEFAULT;
}
