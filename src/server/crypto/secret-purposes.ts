/**
 * The secret box binds each stored secret to its column: a value encrypted for
 * one purpose cannot be decrypted as another. One list, so writers and readers
 * never disagree.
 */
export const secretPurposes = {
  smtpPassword: "sender.smtp_password",
  imapPassword: "sender.imap_password",
  gmailRefreshToken: "sender.gmail_refresh_token",
  dkimPrivateKey: "dkim_key.private_key",
} as const;
