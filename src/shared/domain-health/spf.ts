// SPF records (RFC 7208): parsing, the DNS-lookup count (at most 10, §4.6.4)
// and whether a record can authorise given addresses. Pure: the server
// resolves includes, redirects and a/mx names into an SpfNode tree.

export type SpfQualifier = "+" | "-" | "~" | "?";
export type SpfMechanismName = "all" | "include" | "a" | "mx" | "ptr" | "ip4" | "ip6" | "exists";
export type SpfTerm =
  | { kind: "mechanism"; qualifier: SpfQualifier; name: SpfMechanismName; value: string | null }
  | { kind: "modifier"; name: string; value: string };

export type SpfRecord = { terms: SpfTerm[]; errors: string[] };

const MECHANISMS = new Set<string>(["all", "include", "a", "mx", "ptr", "ip4", "ip6", "exists"]);
/** The mechanisms and modifier that cost a DNS lookup (RFC 7208 §4.6.4). */
const LOOKUP_TERMS = new Set(["include", "a", "mx", "ptr", "exists", "redirect"]);
export const SPF_LOOKUP_LIMIT = 10;

export const isSpfRecord = (txt: string) => /^v=spf1(\s|$)/i.test(txt.trim());

export function parseSpf(record: string): SpfRecord {
  const [version, ...rest] = record.trim().split(/\s+/);
  const errors: string[] = [];
  if (version?.toLowerCase() !== "v=spf1") errors.push("The record does not start with v=spf1");
  const terms: SpfTerm[] = [];
  for (const raw of rest) {
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(raw);
    if (modifier) {
      terms.push({ kind: "modifier", name: (modifier[1] ?? "").toLowerCase(), value: modifier[2] ?? "" });
      continue;
    }
    const match = /^([+\-~?]?)([a-z0-9]+)(?:[:/](.*))?$/i.exec(raw);
    const name = match?.[2]?.toLowerCase() ?? "";
    if (!match || !MECHANISMS.has(name)) {
      errors.push(`Unknown term "${raw}"`);
      continue;
    }
    // "a/24" keeps its prefix length as the value; "a:host/24" the host and length.
    const value = raw.includes(":")
      ? raw.slice(raw.indexOf(":") + 1)
      : raw.includes("/")
        ? raw.slice(raw.indexOf("/"))
        : null;
    terms.push({
      kind: "mechanism",
      qualifier: (match[1] || "+") as SpfQualifier,
      name: name as SpfMechanismName,
      value,
    });
  }
  return { terms, errors };
}

/** The domain an include, exists, a or mx term names (a and mx default to the record's domain). */
export function termDomain(term: SpfTerm, ownDomain: string): string | null {
  if (term.kind === "modifier") return term.name === "redirect" ? term.value : null;
  if (term.name === "a" || term.name === "mx") {
    const host = term.value && !term.value.startsWith("/") ? term.value.split("/")[0] : "";
    return host || ownDomain;
  }
  if (term.name === "include" || term.name === "exists") return term.value;
  return null;
}

/** The last `all` of a record (the one that decides), or null. */
export function allTerm(record: SpfRecord) {
  for (const term of [...record.terms].reverse()) if (term.kind === "mechanism" && term.name === "all") return term;
  return null;
}

/** A record as the server resolved it: its includes and redirect, and the addresses its a/mx terms name. */
export type SpfNode = {
  domain: string;
  /** The SPF record found, null when none (or the lookup failed: `error`). */
  record: string | null;
  error?: string;
  /** Resolved include: and redirect= targets, in order. */
  children: SpfNode[];
  /** The IP addresses of this record's a and mx terms. */
  addresses: string[];
};

/** DNS-querying terms across the record and everything it includes (RFC 7208 §4.6.4). */
export function countLookups(node: SpfNode): number {
  if (!node.record) return 0;
  const own = parseSpf(node.record).terms.filter((t) =>
    t.kind === "mechanism" ? LOOKUP_TERMS.has(t.name) : t.name === "redirect",
  ).length;
  return own + node.children.reduce((sum, child) => sum + countLookups(child), 0);
}

/** Every domain included (or redirected to) anywhere in the tree. */
export function includedDomains(node: SpfNode): string[] {
  return node.children.flatMap((child) => [child.domain.toLowerCase(), ...includedDomains(child)]);
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    n = n * 256 + Number(part);
  }
  return n;
}

/** Whether `ip` falls in an ip4/ip6 mechanism's value ("1.2.3.0/24", "2001:db8::1"). */
export function ipMatches(value: string, ip: string): boolean {
  const [base = "", lengthText] = value.split("/");
  const v4Base = ipv4ToInt(base);
  const v4Ip = ipv4ToInt(ip);
  if (v4Base !== null && v4Ip !== null) {
    const length = lengthText === undefined ? 32 : Number(lengthText);
    if (!Number.isInteger(length) || length < 0 || length > 32) return false;
    const mask = length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
    return (v4Base & mask) >>> 0 === (v4Ip & mask) >>> 0;
  }
  // IPv6: exact addresses only (prefix matching of v6 ranges is left to the receiving servers).
  return lengthText === undefined && base.toLowerCase() === ip.toLowerCase();
}

/** Whether a pass-qualified term of the tree authorises one of `ips`. */
export function authorisesIps(node: SpfNode, ips: readonly string[]): boolean {
  if (!node.record || ips.length === 0) return false;
  const terms = parseSpf(node.record).terms;
  for (const term of terms) {
    if (term.kind !== "mechanism" || term.qualifier !== "+") continue;
    if ((term.name === "ip4" || term.name === "ip6") && term.value && ips.some((ip) => ipMatches(term.value ?? "", ip)))
      return true;
  }
  const usesAOrMx = terms.some(
    (t) => t.kind === "mechanism" && t.qualifier === "+" && (t.name === "a" || t.name === "mx"),
  );
  if (usesAOrMx && node.addresses.some((a) => ips.includes(a))) return true;
  return node.children.some((child) => authorisesIps(child, ips));
}
