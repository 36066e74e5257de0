// Mail providers whose SMTP servers send from address ranges published in an
// SPF include of their own: the sender's domain authorises them by including
// it, not by the SMTP host's own address.

export type MailProvider = { name: string; spfInclude: string; smtpHosts: string[] };

export const MAIL_PROVIDERS: readonly MailProvider[] = [
  {
    name: "Google Workspace / Gmail",
    spfInclude: "_spf.google.com",
    smtpHosts: ["smtp.gmail.com", "smtp-relay.gmail.com"],
  },
  {
    name: "Microsoft 365 / Outlook",
    spfInclude: "spf.protection.outlook.com",
    smtpHosts: ["smtp.office365.com", "smtp-mail.outlook.com"],
  },
];

/** The provider of a sender: from its SMTP host, else from its provider setting (gmail, outlook). */
export function providerOf(smtpHost: string | null, provider: string): MailProvider | null {
  const host = smtpHost?.toLowerCase() ?? null;
  if (host) {
    const byHost = MAIL_PROVIDERS.find((p) => p.smtpHosts.includes(host));
    if (byHost) return byHost;
    return null;
  }
  if (provider === "gmail") return MAIL_PROVIDERS[0] ?? null;
  if (provider === "outlook") return MAIL_PROVIDERS[1] ?? null;
  return null;
}
