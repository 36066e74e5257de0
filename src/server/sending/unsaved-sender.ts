import type { SenderAccountRow } from "./outgoing.ts";

/**
 * A sender row for an address that is not a saved sender account (direct
 * compose allows any From). It has no connection: in capture mode the capture
 * server takes it; in live mode the transport fails with 'No sending connection'.
 */
export function unsavedSenderRow(userId: string, email: string, at = new Date()): SenderAccountRow {
  return {
    id: `unsaved:${email}`,
    userId,
    campaignId: null,
    sourceSenderId: null,
    email,
    provider: "custom",
    dailyLimit: 50,
    smtpHost: null,
    smtpPort: null,
    smtpSecurity: null,
    smtpUsername: null,
    smtpPasswordEncrypted: null,
    imapHost: null,
    imapPort: null,
    imapUsername: null,
    imapPasswordEncrypted: null,
    gmailSyncEnabled: false,
    gmailRefreshTokenEncrypted: null,
    lastSyncError: null,
    lastSyncedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}
