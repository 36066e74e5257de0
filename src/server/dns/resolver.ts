// The DNS lookups of email verification, domain health and tracking hosts, through one
// resolver: the system's servers, or DNS_SERVERS (tests point it at a local
// DNS server, tests/support/dns-server.ts). Every lookup is bounded in time,
// so one slow domain cannot stall a batch.
import { Resolver } from "node:dns/promises";

export type MxRecord = { exchange: string; priority: number };

export type DnsResolver = {
  mx(domain: string): Promise<MxRecord[]>;
  a(domain: string): Promise<string[]>;
  aaaa(domain: string): Promise<string[]>;
  /** TXT records, each joined from its strings (SPF, DKIM, DMARC). */
  txt(domain: string): Promise<string[]>;
  /** The CNAME target of a name (a tracking host's). */
  cname(name: string): Promise<string[]>;
};

/** "No such record" answers, as opposed to failures (timeouts, refused servers). */
export const NO_RECORD_CODES = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

export function createDnsResolver(
  opts: { servers?: readonly string[]; timeoutMs?: number; tries?: number } = {},
): DnsResolver {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3_000, tries: opts.tries ?? 2 });
  if (opts.servers && opts.servers.length > 0) resolver.setServers([...opts.servers]);
  return {
    mx: (domain) => resolver.resolveMx(domain),
    a: (domain) => resolver.resolve4(domain),
    aaaa: (domain) => resolver.resolve6(domain),
    txt: async (domain) => (await resolver.resolveTxt(domain)).map((parts) => parts.join("")),
    cname: (name) => resolver.resolveCname(name),
  };
}
