// Email verification (issue 13): the offline checks (syntax, typo, disposable,
// role) over 10,000 addresses, and a batch of 500 addresses over 50 domains
// against a local DNS server (dns2) and a local SMTP server that takes 0.5 s
// to answer each RCPT TO, through the app's verifier (per-domain lookups once
// per batch, N domains at a time, one SMTP session per domain). The results
// are checked: a figure only counts if every verdict is the expected one.
import { SMTPServer } from "smtp-server";
import { createDnsResolver, type DnsResolver } from "../src/server/dns/resolver.ts";
import { createVerifier, offlineChecks } from "../src/server/features/verification/verify-address.ts";
import { startDnsServer } from "../tests/support/dns-server.ts";

export type OfflineFigures = {
  label: string;
  addresses: number;
  seconds: number;
  valid: number;
  typos: number;
  disposable: number;
  roles: number;
};

export type VerificationFigures = {
  /** The samples' 16 domains; then each address on its own domain (nothing the per-domain typo cache can reuse). */
  offline: OfflineFigures[];
  network: {
    addresses: number;
    domains: number;
    rcptDelayMs: number;
    runs: {
      concurrency: number;
      probe: boolean;
      seconds: number;
      dnsQueries: number;
      smtpSessions: number;
      rcpts: number;
    }[];
  };
};

const OFFLINE_SAMPLES = [
  "alice.smith@example.com",
  "bob+news@acme-widgets.io",
  "info@company.co.uk",
  "no-reply@service.example",
  "user@gmial.com",
  "someone@hotmial.com",
  "throwaway@yopmail.com",
  "x@mailinator.com",
  "not..valid@example.com",
  "missing-at.example.com",
  "pelé@exämple.com",
  "用户@例子.广告",
  "a@b",
  '"quoted name"@example.org',
  "sales@big-corp.com",
  "josé.garcía@correo.es",
];

function offlineRun(count: number, distinctDomains: boolean): OfflineFigures {
  const addresses = Array.from({ length: count }, (_, i) => {
    const sample = OFFLINE_SAMPLES[i % OFFLINE_SAMPLES.length] as string;
    // Distinct addresses (no caching can help), same shapes: the number goes in a +tag (inside the quotes of a quoted local part).
    const at = sample.lastIndexOf("@");
    if (at < 0) return `${sample}${i}`;
    const local = sample.slice(0, at);
    const tagged = local.endsWith('"') ? `${local.slice(0, -1)} ${i}"` : `${local}+${i}`;
    return `${tagged}@${distinctDomains ? `n${i}-` : ""}${sample.slice(at + 1)}`;
  });
  for (const a of addresses.slice(0, 200)) offlineChecks(a); // warm-up (JIT, the lists' first use)
  const started = performance.now();
  const results = addresses.map(offlineChecks);
  const seconds = (performance.now() - started) / 1000;
  return {
    label: distinctDomains ? `${int(count)} addresses, ${int(count)} domains` : `${int(count)} addresses, 16 domains`,
    addresses: count,
    seconds,
    valid: results.filter((r) => r.domain !== null).length,
    typos: results.filter((r) => r.suggestedCorrection).length,
    disposable: results.filter((r) => r.disposable).length,
    roles: results.filter((r) => r.role).length,
  };
}

function countingResolver(inner: DnsResolver): DnsResolver & { queries: () => number } {
  let queries = 0;
  const count =
    <T>(f: (d: string) => Promise<T>) =>
    (d: string) => {
      queries++;
      return f(d);
    };
  return {
    mx: count(inner.mx),
    a: count(inner.a),
    aaaa: count(inner.aaaa),
    cname: count(inner.cname),
    txt: count(inner.txt),
    queries: () => queries,
  };
}

const int = (n: number) => n.toLocaleString("en-US");

export async function runVerificationBench(opts: {
  progress: (what: string) => void;
  offlineAddresses?: number;
}): Promise<VerificationFigures> {
  const offlineCount = opts.offlineAddresses ?? 10_000;
  opts.progress(`verification: offline checks over ${offlineCount} addresses`);
  const offline = [offlineRun(offlineCount, false), offlineRun(offlineCount, true)];

  const DOMAINS = 50;
  const PER_DOMAIN = 10;
  const RCPT_DELAY_MS = 500;
  let sessions = 0;
  let rcpts = 0;
  const smtp = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    maxClients: 200,
    onConnect(_session, callback) {
      sessions++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      rcpts++;
      // user… exists; nouser… and the catch-all probe's random address do not.
      setTimeout(() => {
        if (address.address.startsWith("user")) callback();
        else callback(Object.assign(new Error("5.1.1 no such user"), { responseCode: 550 }));
      }, RCPT_DELAY_MS);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpAddress = smtp.server.address();
  const smtpPort = typeof smtpAddress === "object" && smtpAddress ? smtpAddress.port : 0;
  const zones: Parameters<typeof startDnsServer>[0] = {};
  for (let d = 0; d < DOMAINS; d++) {
    zones[`d${d}.bench.test`] = { MX: [{ exchange: `mx.d${d}.bench.test`, priority: 10 }] };
    zones[`mx.d${d}.bench.test`] = { A: ["127.0.0.1"] };
  }
  const dns = await startDnsServer(zones);
  const addresses: string[] = [];
  for (let i = 0; i < PER_DOMAIN; i++)
    for (let d = 0; d < DOMAINS; d++) addresses.push(`${i % 2 === 0 ? "user" : "nouser"}${i}@d${d}.bench.test`);

  const runs: VerificationFigures["network"]["runs"] = [];
  try {
    for (const [concurrency, probe] of [
      [10, false],
      [10, true],
      [50, true],
    ] as const) {
      opts.progress(
        `verification: ${addresses.length} addresses, ${DOMAINS} domains, ${concurrency} at a time, probe ${probe ? "on" : "off"}`,
      );
      const resolver = countingResolver(createDnsResolver({ servers: dns.servers }));
      const verifier = createVerifier({
        resolver,
        domainConcurrency: concurrency,
        probe: probe
          ? { policy: { allowPrivate: true }, port: smtpPort, timeoutMs: 10_000, heloName: "bench.test" }
          : undefined,
      });
      const sessionsBefore = sessions;
      const rcptsBefore = rcpts;
      const started = performance.now();
      const results = await verifier.verifyBatch(addresses);
      const seconds = (performance.now() - started) / 1000;
      results.forEach((r, i) => {
        const expected = !probe || addresses[i]?.startsWith("user") ? "valid" : "invalid";
        if (r.result !== expected)
          throw new Error(`verification: ${r.email} came out ${r.result}, expected ${expected}`);
      });
      runs.push({
        concurrency,
        probe,
        seconds,
        dnsQueries: resolver.queries(),
        smtpSessions: sessions - sessionsBefore,
        rcpts: rcpts - rcptsBefore,
      });
    }
  } finally {
    await dns.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
  return { offline, network: { addresses: addresses.length, domains: DOMAINS, rcptDelayMs: RCPT_DELAY_MS, runs } };
}
