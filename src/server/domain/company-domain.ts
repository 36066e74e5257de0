// The company behind an address: its domain, unless the domain is a free or
// public mail provider (gmail.com, outlook.com, web.de, …), where two
// addresses have nothing in common. The provider list is the email-providers
// package's (about 8,700 domains, updated monthly upstream), kept on the
// server: the web bundle has no use for it.
import providers from "email-providers/all.json" with { type: "json" };

const freeMail = new Set<string>(providers);

/** The lower-cased domain of `email` when it names a company; null for free mail or no domain. */
export function companyDomainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  if (!domain || freeMail.has(domain)) return null;
  return domain;
}
