// Connection defaults per provider, so a Gmail or Outlook sender needs only
// its address and (app) password. Custom SMTP has no defaults: the user enters
// the host, port and security their provider documents.
import type { SenderProvider, SmtpSecurityMode } from "../db-enums.ts";

export type SmtpPreset = { host: string; port: number; security: SmtpSecurityMode };
export type ImapPreset = { host: string; port: number };

export const smtpPresets: Partial<Record<SenderProvider, SmtpPreset>> = {
  // Gmail over SMTP needs 2-step verification and an app password.
  gmail: { host: "smtp.gmail.com", port: 465, security: "tls" },
  outlook: { host: "smtp.office365.com", port: 587, security: "starttls" },
};

export const imapPresets: Partial<Record<SenderProvider, ImapPreset>> = {
  gmail: { host: "imap.gmail.com", port: 993 },
  outlook: { host: "outlook.office365.com", port: 993 },
};

/** The usual port for each security mode, offered when the user switches mode. */
export const defaultSmtpPorts: Record<SmtpSecurityMode, number> = { tls: 465, starttls: 587, none: 25 };

export const smtpSecurityLabels: Record<SmtpSecurityMode, string> = {
  tls: "SSL/TLS",
  starttls: "STARTTLS",
  none: "None (unencrypted)",
};
