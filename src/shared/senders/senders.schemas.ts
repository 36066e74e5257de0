// Sender accounts API contract. Secrets go in (password fields) but never come
// out: responses only say whether a password is stored.
import { z } from "zod";
import { senderProviders, smtpSecurityModes } from "../db-enums.ts";

export const SENDER_DAILY_LIMIT_MIN = 1;
export const SENDER_DAILY_LIMIT_MAX = 500;
export const SENDER_DAILY_LIMIT_DEFAULT = 50;

export const senderDailyLimitSchema = z
  .number({ error: "Daily limit must be a number" })
  .int("Daily limit must be a whole number")
  .min(SENDER_DAILY_LIMIT_MIN, "Daily limit must be between 1 and 500")
  .max(SENDER_DAILY_LIMIT_MAX, "Daily limit must be between 1 and 500");

const host = z.string().trim().min(1, "Enter the server's host name").max(255);
const port = z
  .number({ error: "Port must be a number" })
  .int()
  .min(1, "Port must be 1 to 65535")
  .max(65535, "Port must be 1 to 65535");

/** Outgoing mail. `password` omitted on update keeps the stored one. */
export const smtpConnectionInputSchema = z.object({
  host,
  port,
  security: z.enum(smtpSecurityModes),
  username: z.string().trim().min(1, "Enter the SMTP username").max(320),
  password: z.string().min(1).max(1024).optional(),
});

/** Incoming mail for reply sync (optional). */
export const imapConnectionInputSchema = z.object({
  host,
  port,
  username: z.string().trim().max(320).optional(),
  password: z.string().min(1).max(1024).optional(),
});

export const senderInputSchema = z
  .object({
    email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
    provider: z.enum(senderProviders),
    dailyLimit: senderDailyLimitSchema,
    smtp: smtpConnectionInputSchema.nullable().optional(),
    imap: imapConnectionInputSchema.nullable().optional(),
  })
  .meta({ id: "SenderInput" });
export type SenderInput = z.infer<typeof senderInputSchema>;

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

export const senderSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    provider: z.enum(senderProviders),
    dailyLimit: z.number(),
    /** null for a saved sender (Senders page); set for a campaign's copy. */
    campaignId: z.string().nullable(),
    connection: senderConnectionSchema,
    /** True when live mode could send through this sender (SMTP with a password, or Gmail OAuth). */
    canSend: z.boolean(),
    gmailSyncEnabled: z.boolean(),
    /** Emails sent so far (Active Senders have more than 0). */
    sentCount: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: "Sender" });
export type Sender = z.infer<typeof senderSchema>;

export const senderListSchema = z.object({ senders: z.array(senderSchema) }).meta({ id: "SenderList" });

export const connectionTestResultSchema = z
  .object({
    ok: z.boolean(),
    /** A failure category (authentication, network, …) when ok is false. */
    category: z.string().nullable(),
    message: z.string(),
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

/** The wizard's and the Senders page's rule: a non-numeric limit falls back to 50. */
export function parseDailyLimit(raw: string | number): number {
  const n = typeof raw === "number" ? raw : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.trunc(n) : SENDER_DAILY_LIMIT_DEFAULT;
}
