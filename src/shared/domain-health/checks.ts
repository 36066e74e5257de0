// The verdicts of domain health, from DNS facts the server gathered: each
// check is pass / warn / fail with a message and, when one record fixes it,
// the exact TXT record to publish. Pure, so every rule is unit-tested.
//
// SPF's final `all`: +all (anyone may send as the domain) fails, ?all (neutral,
// no protection) warns, ~all and -all pass (~all is what the suggested
// records use: receivers treat it as "suspicious" rather than bouncing, which
// forgives a forgotten sending service while DMARC enforces).
import type { CheckStatus, DomainCheck, FixRecord } from "./domain-health.schemas.ts";
import type { MailProvider } from "./providers.ts";
import {
  allTerm,
  authorisesIps,
  countLookups,
  includedDomains,
  isSpfRecord,
  parseSpf,
  SPF_LOOKUP_LIMIT,
  type SpfNode,
} from "./spf.ts";
import { isDmarcRecord, parseTags } from "./tags.ts";

/** A DNS answer, or null when the lookup failed (timeout, SERVFAIL): "could not be checked". */
export type Answer<T> = T | null;

export type SenderFacts = {
  email: string;
  smtpHost: string | null;
  /** The SMTP host's addresses (empty when unknown or the lookup failed). */
  smtpIps: string[];
  provider: MailProvider | null;
};

const couldNotCheck = (id: DomainCheck["id"], label: string, what: string): DomainCheck => ({
  id,
  label,
  status: "warn",
  message: `Could not be checked: the DNS lookup of ${what} failed or timed out. Recheck later.`,
});

const txt = (host: string, value: string): FixRecord => ({ type: "TXT", host, value });

// ---------- MX ----------

export function checkMx(domain: string, exchanges: Answer<string[]>): DomainCheck {
  const label = "MX (replies can arrive)";
  if (exchanges === null) return couldNotCheck("mx", label, `the MX records of ${domain}`);
  const hosts = exchanges.filter((e) => e !== "" && e !== ".");
  if (hosts.length === 0) {
    const nullMx = exchanges.length > 0;
    return {
      id: "mx",
      label,
      status: "fail",
      message: nullMx
        ? `${domain} publishes a null MX (it accepts no mail): replies to your emails cannot arrive. Replace it with the MX records of your mail provider.`
        : `${domain} has no MX record: replies to your emails cannot arrive. Add the MX records your mail provider gives you.`,
    };
  }
  return { id: "mx", label, status: "pass", message: `Mail for ${domain} goes to ${hosts.join(", ")}.` };
}

// ---------- SPF ----------

/** The mechanism that authorises a sender's SMTP host: its provider's include, its IPv4 address, or the host. */
export function mechanismFor(sender: SenderFacts): string | null {
  if (sender.provider) return `include:${sender.provider.spfInclude}`;
  const v4 = sender.smtpIps.find((ip) => /^\d+\.\d+\.\d+\.\d+$/.test(ip));
  if (v4) return `ip4:${v4}`;
  const v6 = sender.smtpIps[0];
  if (v6) return `ip6:${v6}`;
  return sender.smtpHost ? `a:${sender.smtpHost}` : null;
}

/** An SPF record with `add` mechanisms placed before the final all, which becomes ~all (or stays -all). */
export function spfWith(record: string | null, add: readonly string[]): string {
  const terms = record ? record.trim().split(/\s+/).slice(1) : [];
  const isAll = (t: string) => /^[+\-~?]?all$/i.test(t);
  const final = terms.find((t) => isAll(t));
  const kept = terms.filter((t) => !isAll(t));
  for (const term of add) if (!kept.some((t) => t.toLowerCase() === term.toLowerCase())) kept.push(term);
  const all = final?.toLowerCase() === "-all" ? "-all" : "~all";
  return ["v=spf1", ...kept, all].join(" ");
}

export type SpfFacts = {
  domain: string;
  /** Every TXT record at the domain. */
  txt: Answer<string[]>;
  /** The single SPF record resolved with its includes; null when there is not exactly one. */
  tree: SpfNode | null;
  senders: SenderFacts[];
};

export function checkSpf(facts: SpfFacts): DomainCheck[] {
  const { domain } = facts;
  const label = "SPF record";
  if (facts.txt === null) return [couldNotCheck("spf", label, `the TXT records of ${domain}`)];
  const mechanisms = [...new Set(facts.senders.map(mechanismFor).filter((m): m is string => m !== null))];
  const records = facts.txt.filter(isSpfRecord);
  if (records.length === 0) {
    return [
      {
        id: "spf",
        label,
        status: "fail",
        message: `${domain} has no SPF record: receivers cannot tell which servers may send as ${domain}. Publish this TXT record.`,
        fix: txt(domain, spfWith(null, mechanisms.length > 0 ? mechanisms : ["mx"])),
      },
    ];
  }
  if (records.length > 1) {
    // Two records are a permanent error (RFC 7208 §4.5): merge them into one.
    const merged = records.reduce<string | null>((acc, r) => spfWith(acc, r.trim().split(/\s+/).slice(1)), null);
    return [
      {
        id: "spf",
        label,
        status: "fail",
        message: `${domain} publishes ${records.length} SPF records; receivers treat that as an error and ignore SPF. Replace them with this single record.`,
        fix: txt(domain, spfWith(merged, mechanisms)),
      },
    ];
  }
  const record = records[0] ?? "";
  const parsed = parseSpf(record);
  const checks: DomainCheck[] = [
    parsed.errors.length > 0
      ? {
          id: "spf",
          label,
          status: "fail",
          message: `The SPF record of ${domain} has errors (${parsed.errors.join("; ")}); receivers reject it as a whole.`,
          fix: txt(domain, spfWith(null, mechanisms.length > 0 ? mechanisms : ["mx"])),
        }
      : { id: "spf", label, status: "pass", message: `${domain} publishes one SPF record: ${record}` },
  ];
  checks.push(checkSpfAll(domain, record));
  if (facts.tree) checks.push(checkSpfLookups(domain, facts.tree), checkSpfSenders(domain, facts.tree, facts.senders));
  return checks;
}

function checkSpfAll(domain: string, record: string): DomainCheck {
  const label = "SPF policy for other servers";
  const all = allTerm(parseSpf(record));
  const fixed = txt(domain, spfWith(record, []));
  if (!all) {
    return {
      id: "spf_all",
      label,
      status: "warn",
      message:
        "The SPF record does not end with an all mechanism, so mail from other servers is neutral. End it with ~all.",
      fix: fixed,
    };
  }
  const outcomes: Record<string, { status: CheckStatus; message: string }> = {
    "+": {
      status: "fail",
      message: "The SPF record ends with +all: any server in the world may send as your domain. End it with ~all.",
    },
    "?": {
      status: "warn",
      message: "The SPF record ends with ?all (neutral): it does not protect your domain. End it with ~all.",
    },
    "~": { status: "pass", message: "Mail from other servers soft-fails (~all)." },
    "-": { status: "pass", message: "Mail from other servers fails (-all)." },
  };
  const outcome = outcomes[all.qualifier] ?? { status: "pass" as const, message: "" };
  return { id: "spf_all", label, ...outcome, ...(outcome.status === "pass" ? {} : { fix: fixed }) };
}

function checkSpfLookups(domain: string, tree: SpfNode): DomainCheck {
  const label = "SPF DNS lookups";
  const count = countLookups(tree);
  const unresolved = unresolvedIncludes(tree);
  if (count > SPF_LOOKUP_LIMIT) {
    return {
      id: "spf_lookups",
      label,
      status: "fail",
      message: `The SPF record of ${domain} needs ${count} DNS lookups (includes counted); receivers stop at ${SPF_LOOKUP_LIMIT} and fail SPF. Remove includes you no longer use, or replace them with ip4:/ip6: ranges.`,
    };
  }
  if (unresolved.length > 0) {
    return {
      id: "spf_lookups",
      label,
      status: "warn",
      message: `${count} DNS lookups counted, but ${unresolved.join(", ")} could not be resolved (a missing include is an SPF error).`,
    };
  }
  return { id: "spf_lookups", label, status: "pass", message: `${count} of at most ${SPF_LOOKUP_LIMIT} DNS lookups.` };
}

function unresolvedIncludes(node: SpfNode): string[] {
  return node.children.flatMap((c) => (c.record ? unresolvedIncludes(c) : [c.domain]));
}

function checkSpfSenders(domain: string, tree: SpfNode, senders: SenderFacts[]): DomainCheck {
  const label = "SPF authorises your sending server";
  const includes = includedDomains(tree);
  const missing: SenderFacts[] = [];
  const unknown: SenderFacts[] = [];
  const notes: string[] = [];
  for (const sender of senders) {
    if (sender.provider) {
      if (includes.includes(sender.provider.spfInclude))
        notes.push(
          `${sender.email} sends through ${sender.provider.name} (include:${sender.provider.spfInclude} is present)`,
        );
      else missing.push(sender);
    } else if (sender.smtpIps.length > 0) {
      if (authorisesIps(tree, sender.smtpIps))
        notes.push(`${sender.email}'s SMTP host ${sender.smtpHost} is authorised`);
      else missing.push(sender);
    } else unknown.push(sender);
  }
  if (missing.length > 0) {
    const add = [...new Set(missing.map(mechanismFor).filter((m): m is string => m !== null))];
    const names = missing.map((s) => (s.provider ? `${s.email} (${s.provider.name})` : `${s.email} (${s.smtpHost})`));
    return {
      id: "spf_sender",
      label,
      status: "fail",
      message: `The SPF record does not authorise the server of ${names.join(", ")}: its mail fails SPF. Add ${add.join(" ")} to the record.`,
      fix: txt(domain, spfWith(tree.record, add)),
    };
  }
  if (unknown.length > 0) {
    return {
      id: "spf_sender",
      label,
      status: "warn",
      message: `Could not tell which server sends for ${unknown.map((s) => s.email).join(", ")} (no SMTP host, or its address did not resolve); make sure the SPF record includes your mail provider.`,
    };
  }
  return { id: "spf_sender", label, status: "pass", message: `${notes.join("; ")}.` };
}

// ---------- DMARC ----------

export const suggestedDmarc = (domain: string) => `v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}`;

export function checkDmarc(domain: string, records: Answer<string[]>): DomainCheck[] {
  const host = `_dmarc.${domain}`;
  const label = "DMARC record";
  if (records === null) return [couldNotCheck("dmarc", label, host)];
  const dmarc = records.filter(isDmarcRecord);
  if (dmarc.length === 0) {
    return [
      {
        id: "dmarc",
        label,
        status: "fail",
        message: `${domain} has no DMARC record. Gmail, Yahoo and Microsoft require one from bulk senders. Publish this TXT record.`,
        fix: txt(host, suggestedDmarc(domain)),
      },
    ];
  }
  if (dmarc.length > 1) {
    return [
      {
        id: "dmarc",
        label,
        status: "fail",
        message: `${host} publishes ${dmarc.length} DMARC records; receivers ignore DMARC then. Keep only this one.`,
        fix: txt(host, suggestedDmarc(domain)),
      },
    ];
  }
  const record = dmarc[0] ?? "";
  const tags = parseTags(record);
  const policy = tags.get("p")?.toLowerCase();
  const rua = tags.get("rua");
  const rebuilt = (p: string, reports: string) => {
    const rest = [...tags.entries()].filter(([k]) => !["v", "p", "rua"].includes(k)).map(([k, v]) => `${k}=${v}`);
    return ["v=DMARC1", `p=${p}`, `rua=${reports}`, ...rest].join("; ");
  };
  const reports = rua || `mailto:dmarc@${domain}`;
  if (!policy || !["none", "quarantine", "reject"].includes(policy)) {
    return [
      {
        id: "dmarc",
        label,
        status: "fail",
        message: `The DMARC record of ${domain} has no valid policy (p=none, quarantine or reject), so receivers ignore it.`,
        fix: txt(host, rebuilt("quarantine", reports)),
      },
    ];
  }
  const checks: DomainCheck[] = [{ id: "dmarc", label, status: "pass", message: `${host}: ${record}` }];
  checks.push(
    policy === "none"
      ? {
          id: "dmarc_policy",
          label: "DMARC policy",
          status: "warn",
          message:
            "The DMARC policy is p=none: mail that fails SPF and DKIM is still delivered, so your domain can be spoofed. Move to p=quarantine once your reports are clean.",
          fix: txt(host, rebuilt("quarantine", reports)),
        }
      : { id: "dmarc_policy", label: "DMARC policy", status: "pass", message: `Policy p=${policy}.` },
  );
  checks.push(
    rua
      ? { id: "dmarc_rua", label: "DMARC reports", status: "pass", message: `Aggregate reports go to ${rua}.` }
      : {
          id: "dmarc_rua",
          label: "DMARC reports",
          status: "warn",
          message:
            "The DMARC record has no rua= address, so you receive no reports of who sends as your domain. Add one.",
          fix: txt(host, rebuilt(policy, reports)),
        },
  );
  return checks;
}

// ---------- DKIM ----------

export type DkimFacts = {
  domain: string;
  /** Selectors looked up, in order. */
  selectors: string[];
  /** Whether the selector was chosen by the user or the app's configuration (not guessed). */
  selectorKnown: boolean;
  /** The record found (first selector with a DKIM TXT record), or null. */
  found: { selector: string; record: string } | null;
  /** Some lookup failed, so "not found" is not sure. */
  lookupFailed: boolean;
  /** The server's verdict on the p= key (node:crypto), null when no record. */
  keyValid: boolean | null;
  /** When the app signs for the domain: its selector and public key (base64 DER), and whether the published key matches. */
  signing: { selector: string; publicKey: string; matches: boolean | null } | null;
};

export const dkimHost = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dkimRecordFor = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

export function checkDkim(facts: DkimFacts): DomainCheck {
  const { domain, signing } = facts;
  const label = "DKIM key";
  const fix = signing ? txt(dkimHost(signing.selector, domain), dkimRecordFor(signing.publicKey)) : undefined;
  const withFix = (check: DomainCheck): DomainCheck => (fix && check.status !== "pass" ? { ...check, fix } : check);
  if (!facts.found) {
    if (facts.lookupFailed) return couldNotCheck("dkim", label, dkimHost(facts.selectors[0] ?? "", domain));
    const where = facts.selectors.map((s) => dkimHost(s, domain)).join(", ");
    if (signing) {
      return withFix({
        id: "dkim",
        label,
        status: "fail",
        message: `Coldreach signs mail from ${domain} with DKIM, but no key is published at ${where}: receivers cannot verify the signatures. Publish this TXT record.`,
      });
    }
    return {
      id: "dkim",
      label,
      status: facts.selectorKnown ? "fail" : "warn",
      message: facts.selectorKnown
        ? `No DKIM key at ${where}. Publish the DKIM record your mail provider gives you (Google Workspace: Admin console › Apps › Gmail › Authenticate email; Microsoft 365: Defender › Email authentication › DKIM).`
        : `No DKIM key found at the common selectors (${facts.selectors.join(", ")}). Enter your selector to check it, or publish the DKIM record your mail provider gives you (Google Workspace: Admin console › Apps › Gmail › Authenticate email; Microsoft 365: Defender › Email authentication › DKIM).`,
    };
  }
  const { selector, record } = facts.found;
  const host = dkimHost(selector, domain);
  const tags = parseTags(record);
  const version = tags.get("v");
  const key = (tags.get("p") ?? "").replace(/\s+/g, "");
  if (version !== undefined && version !== "DKIM1") {
    return withFix({
      id: "dkim",
      label,
      status: "fail",
      message: `The record at ${host} is not a DKIM1 record (v=${version}).`,
    });
  }
  if (!key) {
    return withFix({
      id: "dkim",
      label,
      status: "fail",
      message: `The DKIM key at ${host} is empty (p=): the key is revoked.`,
    });
  }
  if (facts.keyValid === false) {
    return withFix({
      id: "dkim",
      label,
      status: "fail",
      message: `The p= value at ${host} is not a valid public key.`,
    });
  }
  if (signing && signing.matches === false) {
    return withFix({
      id: "dkim",
      label,
      status: "fail",
      message: `The key published at ${host} does not match the key Coldreach signs with: signatures fail. Replace it with this record.`,
    });
  }
  return {
    id: "dkim",
    label,
    status: "pass",
    message: signing
      ? `The key at ${host} matches the key Coldreach signs with.`
      : `A valid DKIM key is published at ${host}.`,
  };
}
