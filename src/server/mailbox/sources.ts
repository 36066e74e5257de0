// Which sources a mailbox is read from: in capture mode the capture store
// (where replies to captured mail land), and the sender's own mailbox when it
// has one: IMAP (its IMAP host, signing in with its SMTP credentials unless it
// has IMAP ones) and/or the Gmail API for a Gmail-connected sender.
import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import { secretPurposes } from "../crypto/secret-purposes.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { createCaptureSource } from "./capture-source.ts";
import { createGmailSource } from "./gmail-source.ts";
import { createImapSource } from "./imap-source.ts";
import { type MailboxSource, MailboxSourceError } from "./mailbox-source.ts";
import type { MailboxRow } from "./mailbox-sync.ts";

export type MailboxSources = {
  sourcesFor(mailbox: MailboxRow): MailboxSource[];
  /** The source that holds a message (for Restore), if the mailbox still has it. */
  sourceForFolder(mailbox: MailboxRow, folder: string, sourceKey?: string): MailboxSource | undefined;
};

/** A mailbox that cannot be read at all (its password cannot be opened): every sync fails with the reason. */
function failingSource(reason: string): MailboxSource {
  return {
    sync: () => Promise.reject(new MailboxSourceError(reason)),
    restore: () => Promise.reject(new MailboxSourceError(reason)),
    close: async () => {},
  };
}

export function createMailboxSources(opts: {
  db: Db;
  config: Config;
  secrets: SecretBox;
  log: Logger;
}): MailboxSources {
  const capture = (m: MailboxRow) => createCaptureSource({ db: opts.db, senderEmail: m.email });

  function imap(m: MailboxRow): MailboxSource | undefined {
    if (!m.imap_host) return undefined;
    // The Add Sender form says it: IMAP signs in with the SMTP credentials unless IMAP ones were given.
    const sealed = m.imap_password_encrypted ?? m.smtp_password_encrypted;
    const purpose = m.imap_password_encrypted ? secretPurposes.imapPassword : secretPurposes.smtpPassword;
    if (!sealed) return failingSource(`IMAP login for ${m.email} needs a password: add it to the sender`);
    let password: string;
    try {
      password = opts.secrets.decrypt(sealed, purpose);
    } catch {
      return failingSource(`The stored password of ${m.email} cannot be read (APP_SECRET changed?): enter it again`);
    }
    const port = m.imap_port ?? 993;
    return createImapSource({
      host: m.imap_host,
      port,
      secure: port === 993,
      user: m.imap_username ?? m.smtp_username ?? m.email,
      password,
      addressPolicy: { allowPrivate: opts.config.smtpAllowPrivate },
      log: opts.log,
    });
  }

  function gmail(m: MailboxRow): MailboxSource | undefined {
    if (!m.gmail_sync_enabled || !m.gmail_refresh_token_encrypted) return undefined;
    const google = opts.config.google;
    if (!google) return failingSource("Gmail sync needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on this server");
    let refreshToken: string;
    try {
      refreshToken = opts.secrets.decrypt(m.gmail_refresh_token_encrypted, secretPurposes.gmailRefreshToken);
    } catch {
      return failingSource(`The Gmail authorization of ${m.email} cannot be read (APP_SECRET changed?): reconnect it`);
    }
    return createGmailSource({
      senderEmail: m.email,
      refreshToken,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      apiBaseUrl: opts.config.gmailApiBaseUrl,
      tokenUrl: opts.config.googleEndpoints.tokenUrl,
    });
  }

  return {
    sourcesFor(m) {
      const list: MailboxSource[] = [];
      if (opts.config.mailDelivery === "capture") list.push(capture(m));
      for (const source of [imap(m), gmail(m)]) if (source) list.push(source);
      return list;
    },
    sourceForFolder(m, folder, sourceKey) {
      if (folder === "capture") return capture(m);
      if (sourceKey?.startsWith("gmail:")) return gmail(m);
      return imap(m);
    },
  };
}
