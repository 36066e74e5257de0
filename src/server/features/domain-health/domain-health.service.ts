// Domain health of the user's sender domains: gathers the DNS facts (MX, SPF
// with its includes, DMARC, DKIM, the senders' SMTP hosts) and hands them to
// the pure rules in #shared/domain-health. Only domains of the user's own
// saved senders are ever looked up through this user. The DKIM check looks for
// the key Coldreach signs with: the server's (DKIM_*), else the user's own
// (features/dkim-keys). Each check's SPF, DKIM and DMARC outcome is kept
// (domain_health_checks), so the Senders page's health summary and the launch
// review show the last check without querying DNS themselves.
import { isIP } from "node:net";
import { and, eq, isNull, sql } from "drizzle-orm";
import { authenticationStatus } from "#shared/domain-health/authentication-status.ts";
import {
  checkDkim,
  checkDmarc,
  checkMx,
  checkSpf,
  type DkimFacts,
  dkimHost,
  type SenderFacts,
} from "#shared/domain-health/checks.ts";
import { DEFAULT_DKIM_SELECTORS, type DomainHealth, worstStatus } from "#shared/domain-health/domain-health.schemas.ts";
import { providerOf } from "#shared/domain-health/providers.ts";
import { isSpfRecord } from "#shared/domain-health/spf.ts";
import { parseTags } from "#shared/domain-health/tags.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { dkimKeys } from "../../db/schema/dkim-keys.ts";
import { domainHealthChecks } from "../../db/schema/domain-health.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { createDnsResolver, type DnsResolver } from "../../dns/resolver.ts";
import { AppError } from "../../errors.ts";
import { addressesOf, lookup, publicKeyDer, publicKeyOfPrivate, resolveSpfTree } from "./dns-facts.ts";

type SenderRow = { email: string; provider: string; smtpHost: string | null };
/** A key Coldreach signs a domain's mail with: its selector and public key (base64 SPKI). */
type Signing = { selector: string; publicKey: string };

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export function createDomainHealthService(deps: { db: Db; config: Config; dns?: DnsResolver }) {
  // Short, single-try lookups: a panel waits for them, and a failure is a warning, not an error.
  const dns = deps.dns ?? createDnsResolver({ servers: deps.config.dnsServers, timeoutMs: 2_000, tries: 1 });
  const signing = deps.config.dkim;
  const signingKey = signing ? publicKeyOfPrivate(signing.privateKey) : null;

  async function sendersByDomain(userId: string): Promise<Map<string, SenderRow[]>> {
    const rows = await deps.db
      .select({ email: senderAccounts.email, provider: senderAccounts.provider, smtpHost: senderAccounts.smtpHost })
      .from(senderAccounts)
      .where(and(eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)));
    const byDomain = new Map<string, SenderRow[]>();
    for (const row of rows) {
      const domain = domainOf(row.email);
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), row]);
    }
    return new Map([...byDomain].sort(([a], [b]) => a.localeCompare(b)));
  }

  async function senderFacts(rows: SenderRow[]): Promise<SenderFacts[]> {
    return Promise.all(
      rows.map(async (row) => {
        const provider = providerOf(row.smtpHost, row.provider);
        const host = row.smtpHost;
        // An SMTP host given as an address is its own address.
        const smtpIps = provider || !host ? [] : isIP(host) ? [host] : await addressesOf(dns, host);
        return { email: row.email, smtpHost: row.smtpHost, smtpIps, provider };
      }),
    );
  }

  /** The key Coldreach signs the domain's mail with: the server's (DKIM_*) first, else the user's own. */
  function signingFor(domain: string, own: Signing | undefined): Signing | null {
    if (signing && signingKey && signing.domains.includes(domain))
      return { selector: signing.selector, publicKey: signingKey };
    return own ?? null;
  }

  /** The user's own DKIM keys (features/dkim-keys), by domain: one query for every domain checked. */
  async function ownKeys(userId: string): Promise<Map<string, Signing>> {
    const rows = await deps.db
      .select({ domain: dkimKeys.domain, selector: dkimKeys.selector, publicKey: dkimKeys.publicKey })
      .from(dkimKeys)
      .where(eq(dkimKeys.userId, userId));
    return new Map(rows.map((r) => [r.domain, { selector: r.selector, publicKey: r.publicKey }]));
  }

  async function dkimFacts(domain: string, selector: string | undefined, own: Signing | undefined): Promise<DkimFacts> {
    const signsDomain = signingFor(domain, own);
    const selectors = selector ? [selector] : signsDomain ? [signsDomain.selector] : [...DEFAULT_DKIM_SELECTORS];
    let lookupFailed = false;
    let found: DkimFacts["found"] = null;
    // In order: the first selector with a DKIM record is the one reported.
    const answers = await Promise.all(selectors.map((s) => lookup(() => dns.txt(dkimHost(s, domain)))));
    for (const [i, answer] of answers.entries()) {
      if (answer === null) lookupFailed = true;
      const record = answer?.find((r) => /(^|;)\s*(v=DKIM1|p=)/i.test(r));
      if (record && !found) found = { selector: selectors[i] ?? "", record };
    }
    const publishedKey = found ? publicKeyDer(parseTags(found.record).get("p") ?? "") : null;
    const signingHere = signsDomain && selectors[0] === signsDomain.selector ? signsDomain : null;
    return {
      domain,
      selectors,
      selectorKnown: Boolean(selector) || Boolean(signsDomain),
      found,
      lookupFailed,
      keyValid: found ? publishedKey !== null : null,
      signing: signingHere
        ? {
            selector: signingHere.selector,
            publicKey: signingHere.publicKey,
            matches: found ? publishedKey === signingHere.publicKey : null,
          }
        : null,
    };
  }

  async function check(
    domain: string,
    rows: SenderRow[],
    own: Signing | undefined,
    selector?: string,
  ): Promise<DomainHealth> {
    const [mx, txt, dmarc, senders, dkim] = await Promise.all([
      lookup(() => dns.mx(domain)),
      lookup(() => dns.txt(domain)),
      lookup(() => dns.txt(`_dmarc.${domain}`)),
      senderFacts(rows),
      dkimFacts(domain, selector, own),
    ]);
    const spfRecords = txt?.filter(isSpfRecord) ?? [];
    const tree = spfRecords.length === 1 ? await resolveSpfTree(dns, domain, spfRecords[0] ?? "") : null;
    const checks = [
      checkMx(domain, mx === null ? null : mx.map((m) => m.exchange)),
      ...checkSpf({ domain, txt, tree, senders }),
      checkDkim(dkim),
      ...checkDmarc(domain, dmarc),
    ];
    return {
      domain,
      status: worstStatus(checks.map((c) => c.status)),
      senders: rows.map((r) => r.email),
      dkimSelector: dkim.found?.selector ?? (dkim.selectors.length === 1 ? (dkim.selectors[0] ?? null) : null),
      checks,
      checkedAt: new Date().toISOString(),
    };
  }

  /** Keeps the outcome of these checks as the user's last check of each domain: one statement. */
  async function keep(userId: string, results: DomainHealth[]): Promise<void> {
    if (results.length === 0) return;
    const rows = results.map((r) => ({
      userId,
      domain: r.domain,
      ...authenticationStatus(r.checks),
      checkedAt: new Date(r.checkedAt),
    }));
    await deps.db
      .insert(domainHealthChecks)
      .values(rows)
      .onConflictDoUpdate({
        target: [domainHealthChecks.userId, domainHealthChecks.domain],
        set: {
          spf: sql`excluded.spf`,
          dkim: sql`excluded.dkim`,
          dmarc: sql`excluded.dmarc`,
          checkedAt: sql`excluded.checked_at`,
        },
      });
  }

  return {
    async list(userId: string): Promise<DomainHealth[]> {
      const [byDomain, own] = await Promise.all([sendersByDomain(userId), ownKeys(userId)]);
      const results = await Promise.all([...byDomain].map(([domain, rows]) => check(domain, rows, own.get(domain))));
      await keep(userId, results);
      return results;
    },

    async get(userId: string, domain: string, selector?: string): Promise<DomainHealth> {
      const [byDomain, own] = await Promise.all([sendersByDomain(userId), ownKeys(userId)]);
      const rows = byDomain.get(domain.toLowerCase());
      // Only a domain of the user's own senders: another user's domains are never looked up through this user.
      if (!rows) throw new AppError("not_found", "None of your senders uses this domain");
      const result = await check(domain.toLowerCase(), rows, own.get(domain.toLowerCase()), selector);
      await keep(userId, [result]);
      return result;
    },
  };
}
