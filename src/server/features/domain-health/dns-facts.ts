// The DNS side of domain health: every lookup through the shared bounded
// resolver, "no such record" told apart from a failed lookup (a timeout is
// "could not be checked", never an error of the request).
import { createPublicKey } from "node:crypto";
import type { Answer } from "#shared/domain-health/checks.ts";
import { isSpfRecord, parseSpf, type SpfNode, termDomain } from "#shared/domain-health/spf.ts";
import { type DnsResolver, NO_RECORD_CODES } from "../../dns/resolver.ts";

/** The records of a lookup; [] when there are none; null when the lookup failed. */
export async function lookup<T>(query: () => Promise<T[]>): Promise<Answer<T[]>> {
  try {
    return await query();
  } catch (error) {
    return NO_RECORD_CODES.has((error as NodeJS.ErrnoException).code ?? "") ? [] : null;
  }
}

/** The IPv4 and IPv6 addresses of a host ([] when it has none or the lookup failed). */
export async function addressesOf(dns: DnsResolver, host: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([lookup(() => dns.a(host)), lookup(() => dns.aaaa(host))]);
  return [...(v4 ?? []), ...(v6 ?? [])];
}

/** Bounds the tree against include loops and records that fan out without end. */
const MAX_DEPTH = 5;
const MAX_NODES = 40;

/**
 * Resolves an SPF record's includes and redirect (recursively) and the
 * addresses its a and mx terms name, so the pure rules can count lookups and
 * match the sending server.
 */
export async function resolveSpfTree(dns: DnsResolver, domain: string, record: string): Promise<SpfNode> {
  let budget = MAX_NODES;
  const build = async (name: string, spf: string | null, depth: number, error?: string): Promise<SpfNode> => {
    const node: SpfNode = { domain: name, record: spf, children: [], addresses: [], ...(error ? { error } : {}) };
    if (!spf) return node;
    const terms = parseSpf(spf).terms;
    const childNames = terms
      .filter((t) => (t.kind === "mechanism" ? t.name === "include" : t.name === "redirect"))
      .map((t) => termDomain(t, name))
      .filter((d): d is string => !!d && !d.includes("%"));
    const hosts = new Set<string>();
    for (const term of terms) {
      if (term.kind !== "mechanism" || (term.name !== "a" && term.name !== "mx")) continue;
      const target = termDomain(term, name);
      if (!target || target.includes("%")) continue;
      if (term.name === "a") hosts.add(target);
      else for (const mx of (await lookup(() => dns.mx(target))) ?? []) hosts.add(mx.exchange);
    }
    const [addresses, children] = await Promise.all([
      Promise.all([...hosts].slice(0, 10).map((h) => addressesOf(dns, h))).then((lists) => lists.flat()),
      Promise.all(
        childNames.map(async (child) => {
          budget -= 1;
          if (depth >= MAX_DEPTH || budget < 0)
            return { domain: child, record: null, children: [], addresses: [], error: "not followed" };
          const txt = await lookup(() => dns.txt(child));
          const childRecord = txt?.find(isSpfRecord) ?? null;
          return build(
            child,
            childRecord,
            depth + 1,
            txt === null ? "lookup failed" : childRecord ? undefined : "no SPF record",
          );
        }),
      ),
    ]);
    node.addresses = addresses;
    node.children = children;
    return node;
  };
  return build(domain, record, 0);
}

/** Whether a DKIM p= value is a public key node:crypto can load (SPKI DER, or PKCS#1 for RSA). */
export function publicKeyDer(p: string): string | null {
  const der = Buffer.from(p.replace(/\s+/g, ""), "base64");
  if (der.length === 0) return null;
  for (const type of ["spki", "pkcs1"] as const) {
    try {
      return createPublicKey({ key: der, format: "der", type })
        .export({ format: "der", type: "spki" })
        .toString("base64");
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** The public key (base64 SPKI DER, as a DKIM record's p=) of a PEM private key. */
export function publicKeyOfPrivate(pem: string): string {
  return createPublicKey(pem).export({ format: "der", type: "spki" }).toString("base64");
}
