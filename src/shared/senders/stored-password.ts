// When a sender's stored password may be used with edited connection settings
// (saving without a password, "Test connection" of a saved sender). A stored
// password goes only where it went before: the same host, over security at
// least as strong. Otherwise an edit (or a stolen session) could send it to
// another server, or in clear text to the same one, just by changing the
// settings and pressing "Test connection". The server enforces this; the form
// uses the same rule to ask for the password before sending anything.
import type { SmtpSecurityMode } from "../db-enums.ts";
import { smtpSecurityLabels } from "./provider-presets.ts";

/** none < starttls < tls (SSL/TLS from the first byte). */
export const smtpSecurityStrength: Readonly<Record<SmtpSecurityMode, number>> = { none: 0, starttls: 1, tls: 2 };

export type SmtpEndpoint = { host: string; port: number; security: SmtpSecurityMode };
/** IMAP's security is not stored: its port is all that says whether TLS is used. */
export type ImapEndpoint = { host: string; port: number };

export const storedPasswordMessages = {
  smtpHost: "Enter the password for the new SMTP host",
  smtpSecurity: (saved: SmtpSecurityMode) =>
    `Enter the password again to connect with less security than ${smtpSecurityLabels[saved]}`,
  imapHost: "Enter the password for the new IMAP host",
  imapPort: "Enter the password again for the new IMAP port",
} as const;

const sameHost = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Null when the password stored for `saved` may be used with `next`; else why
 * it must be entered again (the message for the password field). Another
 * port on the same host is fine as long as the security is as strong.
 */
export function smtpPasswordNeededAgain(saved: SmtpEndpoint, next: SmtpEndpoint): string | null {
  if (!sameHost(saved.host, next.host)) return storedPasswordMessages.smtpHost;
  if (smtpSecurityStrength[next.security] < smtpSecurityStrength[saved.security]) {
    return storedPasswordMessages.smtpSecurity(saved.security);
  }
  return null;
}

/** The IMAP rule: the same host and port (a port change may drop TLS: 993 → 143). */
export function imapPasswordNeededAgain(saved: ImapEndpoint, next: ImapEndpoint): string | null {
  if (!sameHost(saved.host, next.host)) return storedPasswordMessages.imapHost;
  if (saved.port !== next.port) return storedPasswordMessages.imapPort;
  return null;
}

/**
 * Reply sync without an IMAP password of its own signs in with the stored SMTP
 * password, so that password must not follow the IMAP settings to a host it was
 * never typed for either: an IMAP server added or moved (host or port) needs
 * the password typed again. `saved`: where IMAP pointed when the password was
 * stored (null: nowhere); `next`: where it is to point (null: nowhere).
 */
export function borrowedPasswordNeededAgain(saved: ImapEndpoint | null, next: ImapEndpoint | null): string | null {
  if (!next) return null;
  if (!saved) return storedPasswordMessages.imapHost;
  return imapPasswordNeededAgain(saved, next);
}
