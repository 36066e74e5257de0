// Verifies a batch of addresses: the offline checks per address (syntax →
// typo → disposable → role), then per domain, once per batch and at most
// `domainConcurrency` domains at a time: DNS (MX, else A/AAAA as the implicit
// MX of RFC 5321 §5.1; a null MX, RFC 7505, means "no mail"), then when the
// probe is on one SMTP session to the best mail host (smtp-probe.ts).
import { domainToASCII } from "node:url";
import mailchecker from "mailchecker";
import { isDisposableDomain } from "#shared/verification/disposable.ts";
import { checkEmailSyntax } from "#shared/verification/email-syntax.ts";
import { isRoleAccount } from "#shared/verification/role-account.ts";
import { suggestTypo } from "#shared/verification/typo-suggestion.ts";
import { type DomainMail, decideVerdict, type MailboxAnswer, type Verdict } from "#shared/verification/verdict.ts";
import { type DnsResolver, NO_RECORD_CODES } from "../../dns/resolver.ts";
import { probeMailboxes, type SmtpProbeOptions } from "./smtp-probe.ts";

export type AddressVerdict = Verdict & {
  email: string;
  suggestedCorrection: string | null;
  executionTimeMs: number;
};

export type VerifierOptions = {
  resolver: DnsResolver;
  /** The mailbox probe's settings; undefined: off (VERIFY_SMTP_PROBE=off). */
  probe?: SmtpProbeOptions;
  /** Domains looked up (and probed) at once. */
  domainConcurrency?: number;
};

const disposableList = mailchecker.blacklist();
const isListedDisposable = (domain: string) => disposableList.has(domain);

type Offline = {
  email: string;
  /** The ASCII (punycode) domain, when the syntax is good. */
  domain: string | null;
  suggestedCorrection: string | null;
  disposable: boolean;
  role: boolean;
};

/** The checks that need no network, in order: syntax, typo, disposable, role. */
export function offlineChecks(input: string): Offline {
  const email = input.trim();
  const syntax = checkEmailSyntax(email);
  // domainToASCII applies the IDNA rules (and punycode-length limits) the
  // shared check approximates; "" means the name is not a valid IDN.
  const domain = syntax.ok ? domainToASCII(syntax.domain) || null : null;
  const disposable = domain !== null && isDisposableDomain(domain, isListedDisposable);
  const suggestedCorrection = syntax.ok ? suggestTypo(email) : null;
  return {
    email,
    domain,
    suggestedCorrection,
    disposable,
    role: syntax.ok && isRoleAccount(syntax.local),
  };
}

type DomainLookup = { mail: DomainMail; hosts: string[] };

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code ?? "";

/** undefined for "no such record", rethrows failures. */
async function records<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NO_RECORD_CODES.has(errorCode(error))) return [];
    throw error;
  }
}

/** The domain's mail hosts, best first, as addresses to connect to. */
async function lookUpDomain(resolver: DnsResolver, domain: string): Promise<DomainLookup> {
  try {
    const mx = (await records(resolver.mx(domain))).sort((a, b) => a.priority - b.priority);
    if (mx.length === 1 && (mx[0]?.exchange === "" || mx[0]?.exchange === ".")) return { mail: "null_mx", hosts: [] };
    if (mx.length > 0) return { mail: "mx", hosts: mx.map((r) => r.exchange) };
    const direct = [...(await records(resolver.a(domain))), ...(await records(resolver.aaaa(domain)))];
    if (direct.length > 0) return { mail: "a_fallback", hosts: [domain] };
    return { mail: "no_mail_host", hosts: [] };
  } catch (error) {
    return { mail: errorCode(error) === "ETIMEOUT" ? "dns_timeout" : "dns_error", hosts: [] };
  }
}

/** The host's first address through the same resolver (the probe connects to it as a literal, checked by the address policy). */
async function hostAddress(resolver: DnsResolver, host: string): Promise<string | null> {
  try {
    const [v4] = await records(resolver.a(host));
    if (v4) return v4;
    const [v6] = await records(resolver.aaaa(host));
    return v6 ?? null;
  } catch {
    return null;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function createVerifier(opts: VerifierOptions) {
  const concurrency = opts.domainConcurrency ?? 10;

  async function checkDomain(domain: string, addresses: string[]) {
    const lookup = await lookUpDomain(opts.resolver, domain);
    const mailbox = new Map<string, MailboxAnswer>();
    const best = lookup.hosts[0];
    if (opts.probe && best) {
      const ip = await hostAddress(opts.resolver, best);
      if (ip) for (const [a, answer] of await probeMailboxes(ip, domain, addresses, opts.probe)) mailbox.set(a, answer);
      else for (const a of addresses) mailbox.set(a, "unknown");
    }
    return { mail: lookup.mail, mailbox };
  }

  /** Verdicts in the order of `emails` (duplicates verified once). */
  async function verifyBatch(emails: readonly string[]): Promise<AddressVerdict[]> {
    const started = performance.now();
    const offline = emails.map(offlineChecks);
    const byDomain = new Map<string, string[]>();
    for (const o of offline) {
      if (!o.domain || o.disposable) continue;
      const list = byDomain.get(o.domain) ?? [];
      if (!list.includes(o.email)) list.push(o.email);
      byDomain.set(o.domain, list);
    }
    const domains = new Map<string, { mail: DomainMail; mailbox: Map<string, MailboxAnswer>; doneAt: number }>();
    await eachLimited([...byDomain], concurrency, async ([domain, addresses]) => {
      domains.set(domain, { ...(await checkDomain(domain, addresses)), doneAt: performance.now() });
    });
    return offline.map((o) => {
      const checked = o.domain && !o.disposable ? domains.get(o.domain) : undefined;
      const verdict = decideVerdict({
        syntaxOk: o.domain !== null,
        suggestedCorrection: o.suggestedCorrection,
        disposable: o.disposable,
        role: o.role,
        domain: checked?.mail,
        mailbox: opts.probe ? checked?.mailbox.get(o.email) : "skipped",
      });
      return {
        ...verdict,
        email: o.email,
        suggestedCorrection: o.suggestedCorrection,
        // The time until this address's answer was known (its domain's checks included).
        executionTimeMs: Math.round((checked?.doneAt ?? performance.now()) - started),
      };
    });
  }

  return { verifyBatch };
}
