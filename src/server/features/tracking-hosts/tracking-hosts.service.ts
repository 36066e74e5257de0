// Tracking hosts per sender domain: choose one (a subdomain of the domain, a
// CNAME to the app's public host), check its CNAME through the app's resolver
// (DNS_SERVERS), replace or remove it (a host that had passed is retired, not
// deleted: it keeps answering the links already sent); the periodic recheck;
// and which users verified a host, for the request routing. Every read and write of the API is scoped to
// the user and to the domains of the user's own senders.
import { isIP } from "node:net";
import { and, asc, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { TrackingHost, TrackingHostList } from "#shared/tracking-hosts/tracking-host.schemas.ts";
import {
  cnameVerdict,
  normalizeHost,
  TRACKING_HOST_RECHECK_HOURS,
  TRACKING_HOST_RETIRED_DAYS,
  trackingHostInUse,
  trackingHostMessage,
  trackingHostProblem,
} from "#shared/tracking-hosts/tracking-host-rules.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { senderAccounts, type TrackingHost as TrackingHostRow, trackingHosts } from "../../db/schema/index.ts";
import type { Tx } from "../../db/sql-helpers.ts";
import { createDnsResolver, type DnsResolver } from "../../dns/resolver.ts";
import { AppError } from "../../errors.ts";
import { lookup } from "../domain-health/dns-facts.ts";

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** PUBLIC_URL's host, the CNAME's target; null when it is an address (a CNAME cannot point at one). */
export function publicHostOf(publicUrl: string): string | null {
  const host = normalizeHost(new URL(publicUrl).hostname);
  return isIP(host.replace(/^\[(.*)\]$/, "$1")) ? null : host;
}

/** Hosts the periodic recheck looks at per run. */
const RECHECK_BATCH = 50;

export function createTrackingHostService(deps: { db: Db; config: Config; dns?: DnsResolver; now?: () => Date }) {
  const { db } = deps;
  // Short, single-try lookups, as domain health's: the screen waits for the answer.
  const dns = deps.dns ?? createDnsResolver({ servers: deps.config.dnsServers, timeoutMs: 2_000, tries: 1 });
  const now = deps.now ?? (() => new Date());
  const publicHost = publicHostOf(deps.config.publicUrl);

  function toDto(domain: string, row: TrackingHostRow | undefined): TrackingHost {
    if (!row) {
      return {
        domain,
        host: null,
        status: null,
        message: null,
        record: null,
        cname: null,
        checkedAt: null,
        verifiedAt: null,
        inUse: false,
      };
    }
    return {
      domain,
      host: row.host,
      status: row.checkStatus,
      message: trackingHostMessage(row.checkStatus, { host: row.host, publicHost: publicHost ?? "", cname: row.cname }),
      record: { type: "CNAME", host: row.host, value: publicHost ?? "" },
      cname: row.cname,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      inUse: trackingHostInUse(row, now()),
    };
  }

  async function senderDomains(userId: string): Promise<Set<string>> {
    const rows = await db
      .select({ email: senderAccounts.email })
      .from(senderAccounts)
      .where(eq(senderAccounts.userId, userId));
    return new Set(rows.map((r) => domainOf(r.email)));
  }

  async function ownDomain(userId: string, domain: string): Promise<string> {
    const name = domain.toLowerCase();
    // Only a domain of the user's own senders: another user's domains are never touched through this user.
    if (!(await senderDomains(userId)).has(name))
      throw new AppError("not_found", "None of your senders uses this domain");
    return name;
  }

  /** The user's host in use for the domain (not retired). */
  const current = (userId: string, domain: string) =>
    and(eq(trackingHosts.userId, userId), eq(trackingHosts.domain, domain), isNull(trackingHosts.retiredAt));

  async function rowOf(userId: string, domain: string): Promise<TrackingHostRow | undefined> {
    const [row] = await db.select().from(trackingHosts).where(current(userId, domain));
    return row;
  }

  /**
   * Takes the domain's host out of use: retired when it ever passed (its links
   * are in mail already sent), deleted when it never did (nothing links to it).
   */
  async function retire(tx: Tx | Db, userId: string, domain: string): Promise<boolean> {
    const retired = await tx
      .update(trackingHosts)
      .set({ retiredAt: now(), updatedAt: now() })
      .where(and(current(userId, domain), isNotNull(trackingHosts.verifiedAt)))
      .returning({ id: trackingHosts.id });
    const deleted = await tx
      .delete(trackingHosts)
      .where(and(current(userId, domain), isNull(trackingHosts.verifiedAt)))
      .returning({ id: trackingHosts.id });
    return retired.length + deleted.length > 0;
  }

  /** Looks the host's CNAME up and stores what it found; a pass also moves verified_at. */
  async function checkRow(row: TrackingHostRow): Promise<TrackingHostRow> {
    const finding = publicHost
      ? cnameVerdict(await lookup(() => dns.cname(row.host)), publicHost)
      : { status: "lookup_failed" as const, cname: null };
    const at = now();
    const [updated] = await db
      .update(trackingHosts)
      .set({
        checkStatus: finding.status,
        cname: finding.cname,
        checkedAt: at,
        ...(finding.status === "pass" ? { verifiedAt: at } : {}),
        updatedAt: at,
      })
      // The host too: a check that raced a change of host must not mark the new one.
      .where(and(eq(trackingHosts.id, row.id), eq(trackingHosts.host, row.host)))
      .returning();
    return updated ?? row;
  }

  return {
    async list(userId: string): Promise<TrackingHostList> {
      const [domains, rows] = await Promise.all([
        senderDomains(userId),
        db
          .select()
          .from(trackingHosts)
          .where(and(eq(trackingHosts.userId, userId), isNull(trackingHosts.retiredAt))),
      ]);
      const byDomain = new Map(rows.map((r) => [r.domain, r]));
      const all = [...new Set([...domains, ...byDomain.keys()])].sort((a, b) => a.localeCompare(b));
      return { publicHost, domains: all.map((d) => toDto(d, byDomain.get(d))) };
    },

    /** Sets (or replaces) the domain's host and checks its CNAME at once. */
    async set(userId: string, domain: string, host: string): Promise<TrackingHost> {
      const name = await ownDomain(userId, domain);
      if (!publicHost) {
        const message =
          "PUBLIC_URL is an IP address: a CNAME needs the app to have a host name (set PUBLIC_URL to one)";
        throw new AppError("bad_request", message, { fields: { host: message } });
      }
      const wanted = normalizeHost(host);
      const problem = trackingHostProblem(wanted, { domain: name, publicHost });
      if (problem) throw new AppError("bad_request", problem, { fields: { host: problem } });
      const existing = await rowOf(userId, name);
      if (existing?.host === wanted) return toDto(name, await checkRow(existing));
      const row = await db.transaction(async (tx) => {
        await retire(tx, userId, name);
        const [inserted] = await tx
          .insert(trackingHosts)
          .values({ userId, domain: name, host: wanted })
          // Two tabs setting a host at once: the partial unique (user, domain) index keeps one.
          .onConflictDoNothing()
          .returning();
        return inserted;
      });
      if (!row) throw new AppError("conflict", `${name}'s tracking host was changed meanwhile: reload and try again`);
      return toDto(name, await checkRow(row));
    },

    /** Recheck: a fresh CNAME lookup. */
    async check(userId: string, domain: string): Promise<TrackingHost> {
      const name = await ownDomain(userId, domain);
      const row = await rowOf(userId, name);
      if (!row) throw new AppError("not_found", `${name} has no tracking host`);
      return toDto(name, await checkRow(row));
    },

    /** New mail from the domain links to the public host again; the links already sent keep answering. */
    async remove(userId: string, domain: string): Promise<void> {
      const name = domain.toLowerCase();
      if (!(await db.transaction((tx) => retire(tx, userId, name)))) {
        throw new AppError("not_found", `${name} has no tracking host`);
      }
    },

    /**
     * The periodic recheck: the hosts checked longest ago (never, or over
     * TRACKING_HOST_RECHECK_HOURS ago), a batch at a time. "again" when the
     * batch was full, so the next starts at once.
     */
    async recheckDue(): Promise<"again" | undefined> {
      const before = new Date(now().getTime() - TRACKING_HOST_RECHECK_HOURS * 3_600_000);
      const due = await db
        .select()
        .from(trackingHosts)
        .where(
          and(
            isNull(trackingHosts.retiredAt),
            or(isNull(trackingHosts.checkedAt), lt(trackingHosts.checkedAt, before)),
          ),
        )
        .orderBy(asc(trackingHosts.checkedAt))
        .limit(RECHECK_BATCH);
      for (const row of due) await checkRow(row);
      return due.length === RECHECK_BATCH ? "again" : undefined;
    },

    /**
     * The users for whom `host` passed a check and is still theirs, or was
     * retired less than TRACKING_HOST_RETIRED_DAYS ago: the routing serves
     * their links there. [] for any other name.
     */
    async ownersOf(host: string): Promise<string[]> {
      const retiredSince = new Date(now().getTime() - TRACKING_HOST_RETIRED_DAYS * 86_400_000);
      const rows = await db
        .selectDistinct({ userId: trackingHosts.userId })
        .from(trackingHosts)
        .where(
          and(
            eq(trackingHosts.host, normalizeHost(host)),
            isNotNull(trackingHosts.verifiedAt),
            or(isNull(trackingHosts.retiredAt), gt(trackingHosts.retiredAt, retiredSince)),
          ),
        );
      return rows.map((r) => r.userId);
    },
  };
}

export type TrackingHostService = ReturnType<typeof createTrackingHostService>;
