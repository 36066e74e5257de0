// /api/domain-health against a real DNS server (dns2): a domain with good
// records passes everywhere, one with every record wrong fails each check with
// its fix, a slow DNS answer is a warning (not a 500), users only see the
// domains of their own senders, and each check is kept for sender health.
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainHealth } from "#shared/domain-health/domain-health.schemas.ts";
import type { SenderHealthList } from "#shared/senders/sender-health.schemas.ts";
import { type DnsServer, startDnsServer } from "../../../../tests/support/dns-server.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { domainHealthChecks } from "../../db/schema/domain-health.ts";
import { publicKeyOfPrivate } from "./dns-facts.ts";

type User = { cookie: string; userId: string };

const signingKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
  type: "pkcs8",
  format: "pem",
}) as string;
const otherKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "der" });
const publicKey = publicKeyOfPrivate(signingKey);

let dns: DnsServer;
let ctx: TestContext;
let alice: User;
let bob: User;

beforeAll(async () => {
  const includes = Object.fromEntries(
    Array.from({ length: 11 }, (_, i) => [`i${i}.spf.test`, { TXT: ["v=spf1 -all"] }]),
  );
  dns = await startDnsServer({
    ...includes,
    "good.test": {
      MX: [{ exchange: "mx.good.test", priority: 10 }],
      TXT: ["v=spf1 include:_spf.relay.test mx -all", "site-verification=abc"],
    },
    "mx.good.test": { A: ["198.51.100.2"] },
    "_spf.relay.test": { TXT: ["v=spf1 ip4:203.0.113.0/24 -all"] },
    "mail.good.test": { A: ["203.0.113.10"] },
    "cr._domainkey.good.test": { TXT: [`v=DKIM1; k=rsa; p=${publicKey}`] },
    "_dmarc.good.test": { TXT: ["v=DMARC1; p=reject; rua=mailto:reports@good.test"] },
    "bad.test": {
      TXT: ["v=spf1 +all", `v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:i${i}.spf.test`).join(" ")} ~all`],
    },
    "cr._domainkey.bad.test": { TXT: [`v=DKIM1; k=rsa; p=${otherKey.toString("base64")}`] },
    "_dmarc.bad.test": { TXT: ["v=DMARC1; p=none"] },
    "worse.test": { TXT: [`v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:i${i}.spf.test`).join(" ")} +all`] },
    "slow.test": { delayMs: 5_000 },
    "_dmarc.slow.test": { delayMs: 5_000 },
  });
  ctx = await createTestContext({
    DNS_SERVERS: dns.servers.join(","),
    DKIM_DOMAIN: "good.test,bad.test,worse.test",
    DKIM_SELECTOR: "cr",
    DKIM_PRIVATE_KEY: signingKey,
  });
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  for (const email of ["me@good.test", "me@bad.test", "me@worse.test", "me@slow.test"]) {
    const res = await ctx.request("/api/senders", {
      method: "POST",
      cookie: alice.cookie,
      json: {
        email,
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "mail.good.test", port: 587, security: "starttls", username: email, password: "pw" },
      },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
  await dns?.close();
});

async function get<T>(user: User, path: string) {
  const res = await ctx.request(`/api/domain-health${path}`, { cookie: user.cookie });
  return { status: res.status, body: (await res.json()) as T };
}
const statuses = (health: DomainHealth) => Object.fromEntries(health.checks.map((c) => [c.id, c.status]));
const check = (health: DomainHealth, id: string) => health.checks.find((c) => c.id === id);

describe("a domain with good records", () => {
  it("passes every check", async () => {
    const { status, body } = await get<DomainHealth>(alice, "/good.test");
    expect(status).toBe(200);
    expect(statuses(body)).toEqual({
      mx: "pass",
      spf: "pass",
      spf_all: "pass",
      spf_lookups: "pass",
      spf_sender: "pass",
      dkim: "pass",
      dmarc: "pass",
      dmarc_policy: "pass",
      dmarc_rua: "pass",
    });
    expect(body).toMatchObject({ domain: "good.test", status: "pass", senders: ["me@good.test"], dkimSelector: "cr" });
  });
});

describe("a domain with every record wrong", () => {
  it("fails MX, SPF (two records), DKIM (not the signing key) and DMARC p=none without rua, with fixes", async () => {
    const { body } = await get<DomainHealth>(alice, "/bad.test");
    expect(body.status).toBe("fail");
    expect(statuses(body)).toEqual({
      mx: "fail",
      spf: "fail",
      dkim: "fail",
      dmarc: "pass",
      dmarc_policy: "warn",
      dmarc_rua: "warn",
    });
    expect(check(body, "spf")?.fix).toEqual({
      type: "TXT",
      host: "bad.test",
      value: expect.stringMatching(/^v=spf1 include:i0\.spf\.test .* ip4:203\.0\.113\.10 ~all$/),
    });
    expect(check(body, "dkim")?.fix).toEqual({
      type: "TXT",
      host: "cr._domainkey.bad.test",
      value: `v=DKIM1; k=rsa; p=${publicKey}`,
    });
    expect(check(body, "dmarc_policy")?.fix?.value).toBe("v=DMARC1; p=quarantine; rua=mailto:dmarc@bad.test");
  });

  it("fails +all, 11 lookups, an unauthorised SMTP host, a missing DKIM key and a missing DMARC record", async () => {
    const { body } = await get<DomainHealth>(alice, "/worse.test");
    expect(statuses(body)).toEqual({
      mx: "fail",
      spf: "pass",
      spf_all: "fail",
      spf_lookups: "fail",
      spf_sender: "fail",
      dkim: "fail",
      dmarc: "fail",
    });
    expect(check(body, "spf_lookups")?.message).toContain("11 DNS lookups");
    expect(check(body, "dmarc")?.fix).toEqual({
      type: "TXT",
      host: "_dmarc.worse.test",
      value: "v=DMARC1; p=quarantine; rua=mailto:dmarc@worse.test",
    });
    expect(check(body, "dkim")?.fix?.host).toBe("cr._domainkey.worse.test");
  });
});

describe("DNS failures and selectors", () => {
  it("answers 200 with 'could not be checked' warnings when the DNS times out", async () => {
    const { status, body } = await get<DomainHealth>(alice, "/slow.test");
    expect(status).toBe(200);
    expect(check(body, "mx")).toMatchObject({
      status: "warn",
      message: expect.stringContaining("Could not be checked"),
    });
    expect(check(body, "dmarc")?.status).toBe("warn");
  });

  it("checks the selector given", async () => {
    const { body } = await get<DomainHealth>(alice, "/good.test?selector=other");
    expect(check(body, "dkim")).toMatchObject({
      status: "fail",
      message: expect.stringContaining("other._domainkey.good.test"),
    });
    expect((await get(alice, "/good.test?selector=a%20b")).status).toBe(400);
  });
});

describe("user scoping", () => {
  it("lists only the user's sender domains", async () => {
    const { body } = await get<{ domains: DomainHealth[] }>(alice, "");
    expect(body.domains.map((d) => d.domain)).toEqual(["bad.test", "good.test", "slow.test", "worse.test"]);
    expect((await get<{ domains: DomainHealth[] }>(bob, "")).body.domains).toEqual([]);
  });

  it("answers 404 for a domain that is not one of the user's senders", async () => {
    const res = await get<{ error: { code: string } }>(bob, "/good.test");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await ctx.request("/api/domain-health/good.test")).status).toBe(401);
  });
});

describe("the last check, kept for the Senders page's health summary", () => {
  const healthOf = async (user: User) => {
    const res = await ctx.request("/api/senders/health", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SenderHealthList;
    return new Map(body.senders.map((s) => [s.address, s]));
  };

  it("keeps each domain's SPF, DKIM and DMARC as the worst of their checks, and the latest check wins", async () => {
    await get(alice, "/good.test?selector=other");
    let health = await healthOf(alice);
    expect(health.get("me@good.test")?.domain.checks).toMatchObject({ spf: "pass", dkim: "fail", dmarc: "pass" });
    expect(health.get("me@good.test")).toMatchObject({ badge: "at_risk", reasons: ["DKIM of good.test fails"] });

    // The list checks every domain again, with the signing selector: DKIM passes now.
    await get(alice, "");
    health = await healthOf(alice);
    expect(health.get("me@good.test")?.domain.checks).toMatchObject({ spf: "pass", dkim: "pass", dmarc: "pass" });
    expect(health.get("me@good.test")?.badge).toBe("healthy");
    expect(health.get("me@bad.test")?.domain.checks).toMatchObject({ spf: "fail", dkim: "fail", dmarc: "warn" });
    expect(health.get("me@worse.test")?.domain.checks).toMatchObject({ spf: "fail", dkim: "fail", dmarc: "fail" });
    // A lookup that timed out is a warning: Watch, not At risk.
    expect(health.get("me@slow.test")?.domain.checks).toMatchObject({ dmarc: "warn" });
  });

  it("keeps nothing for a domain another user asked about", async () => {
    expect((await get(bob, "/good.test")).status).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(domainHealthChecks)
      .where(eq(domainHealthChecks.userId, bob.userId));
    expect(rows).toEqual([]);
  });
});
