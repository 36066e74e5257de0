// Role accounts: addresses of a function, not a person (RFC 2142's mailbox
// names plus the common business ones). Mail to them reaches a shared inbox
// or a ticket system, replies are rare and complaints likelier, so they are
// flagged (never refused: they can exist and receive mail).

/** RFC 2142 §3–5 (abuse, noc, security, postmaster, hostmaster, usenet, news, webmaster, www, uucp, ftp, info, marketing, sales, support) and common business roles. */
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  // RFC 2142
  "abuse",
  "noc",
  "security",
  "postmaster",
  "hostmaster",
  "usenet",
  "news",
  "webmaster",
  "www",
  "uucp",
  "ftp",
  "info",
  "marketing",
  "sales",
  "support",
  // Automated senders
  "noreply",
  "no-reply",
  "donotreply",
  "do-not-reply",
  "mailer-daemon",
  "bounce",
  "bounces",
  // Shared business inboxes
  "admin",
  "administrator",
  "contact",
  "hello",
  "help",
  "billing",
  "accounts",
  "accounting",
  "finance",
  "office",
  "team",
  "jobs",
  "careers",
  "hr",
  "press",
  "media",
  "legal",
  "privacy",
  "compliance",
  "enquiries",
  "inquiries",
  "feedback",
  "service",
  "customerservice",
  "orders",
  "newsletter",
  "it",
  "devnull",
  "root",
]);

/** Whether the local part (case-insensitive, ignoring a +tag) is a role name. */
export function isRoleAccount(local: string): boolean {
  const base = local.toLowerCase().split("+")[0] ?? "";
  return ROLE_LOCAL_PARTS.has(base);
}
