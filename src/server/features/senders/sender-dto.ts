// Sender rows → API shape. Passwords and tokens stay behind: the DTO only says
// whether one is stored.
import type { Sender, SenderMailboxSync } from "#shared/senders/senders.schemas.ts";
import type { SenderAccount } from "../../db/schema/senders.ts";
import { sendingConnectionOf } from "../../sending/delivery/transports.ts";
import { type ReadinessConfig, reasonAsSentence, storedReasonNotToSend } from "../../sending/sender-readiness.ts";

/**
 * Whether mail can go out through this sender now. In capture mode every
 * message goes to the app's own SMTP server, so any sender can. In live mode it
 * needs a connection: SMTP with a password, or a Gmail refresh token.
 */
export function canSendThrough(row: SenderAccount, mailDelivery: "capture" | "live"): boolean {
  if (mailDelivery === "capture") return true;
  // The same rule the transports use to pick a connection.
  return sendingConnectionOf(row) !== null;
}

/**
 * Why a launch would refuse this sender, from what is stored (no network), as
 * a sentence of its own; null when nothing stored stops it. The launch also
 * resolves host names, so a sender may still be refused with no reason here.
 */
export function cannotSendReasonOf(row: SenderAccount, config: ReadinessConfig): string | null {
  const reason = storedReasonNotToSend(row, config);
  return reason === null ? null : reasonAsSentence(reason);
}

export function toSenderDto(
  row: SenderAccount,
  sentCount: number,
  config: ReadinessConfig,
  mailboxSync: SenderMailboxSync | null = null,
): Sender {
  const smtp =
    row.smtpHost && row.smtpPort && row.smtpSecurity
      ? {
          host: row.smtpHost,
          port: row.smtpPort,
          security: row.smtpSecurity,
          username: row.smtpUsername ?? "",
          hasPassword: row.smtpPasswordEncrypted !== null,
        }
      : null;
  const imap =
    row.imapHost && row.imapPort
      ? {
          host: row.imapHost,
          port: row.imapPort,
          username: row.imapUsername,
          hasPassword: row.imapPasswordEncrypted !== null,
        }
      : null;
  return {
    id: row.id,
    email: row.email,
    provider: row.provider,
    dailyLimit: row.dailyLimit,
    campaignId: row.campaignId,
    connection: { smtp, imap },
    canSend: canSendThrough(row, config.mailDelivery),
    cannotSendReason: cannotSendReasonOf(row, config),
    gmailSyncEnabled: row.gmailSyncEnabled,
    mailboxSync,
    sentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A mailbox_syncs row as the sender's panel shows it (null: the mailbox is not synced). */
export function toMailboxSyncDto(
  row: { lastSyncedAt: Date | null; lastError: string | null; lastErrorAt: Date | null; errorCount: number } | null,
  skipped: SenderMailboxSync["skipped"] = [],
): SenderMailboxSync | null {
  if (!row) return null;
  return {
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    errorCount: row.errorCount,
    skipped,
  };
}
