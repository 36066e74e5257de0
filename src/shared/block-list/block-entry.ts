// What a block list entry is and what it matches (docs/decisions/030-block-list.md):
// - an address: blocks that address alone, case-insensitively;
// - a domain (`example.com`, `@example.com` or `*@example.com`): blocks every
//   address at the domain and at each of its subdomains (`a@mail.example.com`),
//   and nothing else (`a@notexample.com`, `a@example.com.evil.test`).
// Values are stored normalised: lower-cased, the domain in its ASCII (punycode)
// form, so a blocked `bücher.example` matches a contact at `xn--bcher-kva.example`
// and the database compares plain strings. The syntax is the project's address
// rule (verification/email-syntax.ts, on email-addresses); a domain is checked
// by the same label rules and converted by the WHATWG URL parser's IDNA
// (UTS #46) processing, which Node and the browsers share. No scheme, path,
// port or user part: a domain is a host name and nothing more.
import type { BlockKind } from "../db-enums.ts";
import { checkEmailSyntax, MAX_DOMAIN_LENGTH } from "../verification/email-syntax.ts";

export type BlockEntry = { kind: BlockKind; value: string };

/** Why a line or an entry was not added ("duplicate" and "already_blocked" are decided over a whole request). */
export type EntryProblem = "empty" | "invalid_address" | "invalid_domain";

export type ParsedEntry = { ok: true; entry: BlockEntry } | { ok: false; reason: EntryProblem };

// A host name holds none of these: they would start a scheme, a port, a path,
// a query, a fragment, a user part or an IP literal, and the URL parser would
// read them as such instead of refusing the text.
const NOT_IN_A_HOST = /[\s/\\:?#@[\]%]/u;

/**
 * The domain in the ASCII form mail servers and the stored values use
 * (`Bücher.Example.` → `xn--bcher-kva.example`), or null when it is not a
 * domain an address could be at (one label, an IP address, a scheme or path).
 */
export function asciiDomain(input: string): string | null {
  let domain = input.trim().toLowerCase();
  // A fully qualified name's final dot names the same domain.
  if (domain.endsWith(".")) domain = domain.slice(0, -1);
  if (domain === "" || NOT_IN_A_HOST.test(domain)) return null;
  if (!checkEmailSyntax(`x@${domain}`).ok) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  // The conversion may map characters (full-width letters) or yield an IPv4 address from a numeric form.
  if (ascii.length > MAX_DOMAIN_LENGTH || !checkEmailSyntax(`x@${ascii}`).ok) return null;
  return ascii;
}

/** The address as the block list stores and compares it: lower-cased, its domain in ASCII; null when it is not an address. */
export function addressKey(input: string): string | null {
  const checked = checkEmailSyntax(input);
  if (!checked.ok) return null;
  const domain = asciiDomain(checked.domain);
  return domain === null ? null : `${checked.local.toLowerCase()}@${domain}`;
}

/** Our export prefixes formula-looking cells with ' (contacts-csv.ts); reading its file back takes it off. */
const EXPORTED_AS_TEXT = /^'(?=[=+\-@\t\r])/;

/** One line or entry as typed: an address, or a domain written `example.com`, `@example.com` or `*@example.com`. */
export function parseBlockEntry(input: string): ParsedEntry {
  const text = input.trim().replace(EXPORTED_AS_TEXT, "").trim();
  if (text === "") return { ok: false, reason: "empty" };
  const domainForm = text.startsWith("@") ? text.slice(1) : text.startsWith("*@") ? text.slice(2) : null;
  if (domainForm !== null || !text.includes("@")) {
    const value = asciiDomain(domainForm ?? text);
    return value === null ? { ok: false, reason: "invalid_domain" } : { ok: true, entry: { kind: "domain", value } };
  }
  const value = addressKey(text);
  return value === null ? { ok: false, reason: "invalid_address" } : { ok: true, entry: { kind: "address", value } };
}

/**
 * Every stored value that blocks `address`: the address itself and its domain
 * with each parent domain of two labels or more (`a@x.mail.example.com` →
 * `a@x.mail.example.com`, `x.mail.example.com`, `mail.example.com`,
 * `example.com`). Empty when it is not an address. The SQL test of the
 * database (server/domain/block-list.ts) builds the same list.
 */
export function matchCandidates(address: string): string[] {
  const key = addressKey(address);
  if (key === null) return [];
  const labels = key.slice(key.lastIndexOf("@") + 1).split(".");
  const domains = labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
  return [key, ...domains];
}

/** Whether the entry blocks the address (an entry as stored: parseBlockEntry's value). */
export function entryMatches(entry: BlockEntry, address: string): boolean {
  const candidates = matchCandidates(address);
  return entry.kind === "address" ? candidates[0] === entry.value : candidates.slice(1).includes(entry.value);
}
