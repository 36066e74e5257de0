// Address syntax as mail servers accept it (RFC 5321 §4.1.2 / §4.5.3.1, RFC
// 5322 addr-spec, RFC 6531/6532 for UTF-8): a bare address, no display name,
// no comments. Quoted local parts are checked by email-addresses' RFC 5322
// parser; the rest is checked here because the parser also accepts forms a
// server refuses (obsolete dotted local parts, dotless domains, long labels).
// Domain literals ([192.0.2.1]) are refused: nobody runs cold email to them.
// Shared by the client and the server, so no node:* imports; the server also
// converts the domain with domainToASCII (IDN rules) before any lookup.
import emailAddresses from "email-addresses";

export type SyntaxCheck = { ok: true; local: string; domain: string } | { ok: false; reason: SyntaxProblem };

export type SyntaxProblem =
  | "empty"
  | "missing_at"
  | "empty_local"
  | "empty_domain"
  | "too_long"
  | "local_too_long"
  | "domain_too_long"
  | "bad_local"
  | "bad_domain";

/** RFC 5321 §4.5.3.1: local part 64 octets, domain 255 (253 as text), path 256 (254 without the brackets). */
export const MAX_LOCAL_OCTETS = 64;
export const MAX_DOMAIN_LENGTH = 253;
export const MAX_ADDRESS_OCTETS = 254;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

// atext (RFC 5322 §3.2.3) plus any non-ASCII character (RFC 6532 §3.2).
const DOT_ATOM_LOCAL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+)*$/u;
// A label: letters (any script), marks, digits and inner hyphens (RFC 1035/5890).
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

function domainProblem(domain: string): SyntaxProblem | null {
  const labels = domain.split(".");
  // A mail domain has at least two labels; "localhost" or "intranet" is not a public address.
  if (labels.length < 2) return "bad_domain";
  for (const label of labels) {
    if (label.length === 0 || label.length > 63 || !LABEL.test(label)) return "bad_domain";
  }
  // A top-level domain is never all digits (that would be an IP address).
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return "bad_domain";
  return null;
}

function quotedLocalIsValid(address: string): boolean {
  const parsed = emailAddresses.parseOneAddress({ input: address, rfc6532: true });
  return parsed !== null && parsed.type === "mailbox" && parsed.name === null;
}

export function checkEmailSyntax(input: string): SyntaxCheck {
  const address = input.trim();
  if (address === "") return { ok: false, reason: "empty" };
  const at = address.lastIndexOf("@");
  if (at < 0) return { ok: false, reason: "missing_at" };
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).toLowerCase();
  if (local === "") return { ok: false, reason: "empty_local" };
  if (domain === "") return { ok: false, reason: "empty_domain" };
  if (domain.length > MAX_DOMAIN_LENGTH) return { ok: false, reason: "domain_too_long" };
  if (utf8Length(address) > MAX_ADDRESS_OCTETS) return { ok: false, reason: "too_long" };
  if (utf8Length(local) > MAX_LOCAL_OCTETS) return { ok: false, reason: "local_too_long" };
  const quoted = local.length >= 2 && local.startsWith('"') && local.endsWith('"');
  if (quoted ? !quotedLocalIsValid(address) : !DOT_ATOM_LOCAL.test(local)) return { ok: false, reason: "bad_local" };
  const problem = domainProblem(domain);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, local, domain };
}
