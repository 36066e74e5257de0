// /api/dkim-keys through the app, and signing with the stored key through the
// real engine: keys generated for the user's sender domains, the TXT record
// shown, the DNS check against the tests' DNS server (dns2), messages (a first
// step, its threaded follow-up, a compose message) received by an SMTP sink
// and verified by an independent implementation (mailauth), tenant isolation,
// and the private key absent from every answer and every log line.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DkimDnsCheck, DkimDomain, DkimKey } from "#shared/dkim-keys/dkim-keys.schemas.ts";
import type { DomainHealth } from "#shared/domain-health/domain-health.schemas.ts";
import { DKIM_SIGNED_HEADERS } from "#shared/sending/dkim-headers.ts";
import { testDkimKeys, verifyDkim } from "../../../../tests/support/dkim-verify.ts";
import { type DnsServer, startDnsServer } from "../../../../tests/support/dns-server.ts";
import { capturingLogger } from "../../../../tests/support/log-capture.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  sinkTransports,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { dkimKeys } from "../../db/schema/index.ts";
import { createDnsResolver } from "../../dns/resolver.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";

// Monday 7 December 2026, 09:00 UTC: inside the default sending window.
const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);

type User = { cookie: string; userId: string };

let dns: DnsServer;
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let alice: User;
let bob: User;
const logs = capturingLogger("trace");
/** Every response body the tests read: none may hold a private key. */
const answers: string[] = [];

beforeAll(async () => {
  dns = await startDnsServer({});
  sink = await startSmtpSink();
  const env = { DNS_SERVERS: dns.servers.join(",") };
  transports = sinkTransports(testConfig(env), sink.port);
  ctx = await createTestContext(env, undefined, { transports, now: clock.now, log: logs.log });
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  for (const [user, email] of [
    [alice, "ann@acme.test"],
    [alice, "ann@second.test"],
    [bob, "bo@bobs.test"],
    // Bob sends from Alice's domain too: her key must still never sign his mail.
    [bob, "bo@acme.test"],
  ] as const) {
    const res = await call(user, "POST", "/api/senders", {
      email,
      provider: "custom",
      dailyLimit: 50,
      smtp: { host: "127.0.0.1", port: 9, security: "none", username: email, password: "pw" },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await sink?.close();
  await dns?.close();
});

async function call(user: User, method: string, path: string, json?: unknown) {
  const res = await ctx.request(path, { method, cookie: user.cookie, json });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

const list = async (user: User) =>
  ((await call(user, "GET", "/api/dkim-keys")).body as { domains: DkimDomain[] }).domains;

/** A line from the middle of each generated key's PEM body: any copy of a key holds it. */
const keyFragments: string[] = [];

async function generate(user: User, domain: string, selector?: string) {
  const res = await call(user, "POST", "/api/dkim-keys", selector === undefined ? { domain } : { domain, selector });
  const key = res.body as DkimKey;
  if (res.status === 201) {
    const body = (await privateKeyOf(key.id)).split("\n").filter((l) => l && !l.startsWith("-----"));
    keyFragments.push(body[Math.floor(body.length / 2)]!);
  }
  return { status: res.status, key };
}

/** The stored private key, decrypted as the app would. */
async function privateKeyOf(id: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(dkimKeys).where(eq(dkimKeys.id, id));
  return createSecretBox(ctx.config.appSecret).decrypt(row!.privateKeyEncrypted, secretPurposes.dkimPrivateKey);
}

const appResolver = () => createDnsResolver({ servers: dns.servers, timeoutMs: 2_000, tries: 1 });

/** h= holds every listed header the message carries, From and Subject once more than they occur. */
function expectCoverage(message: SinkMessage, signed: string[]) {
  const carried = message.parsed.headerLines.map((h) => h.key);
  for (const name of DKIM_SIGNED_HEADERS) {
    const times = carried.filter((k) => k === name).length;
    const extra = name === "from" || name === "subject" ? 1 : 0;
    expect(
      signed.filter((h) => h === name),
      name,
    ).toHaveLength(times + extra);
  }
}

describe("keys", () => {
  let key: DkimKey;

  it("generates a key for a sender domain with the default selector and shows its TXT record", async () => {
    expect((await list(alice)).map((d) => [d.domain, d.key])).toEqual([
      ["acme.test", null],
      ["second.test", null],
    ]);
    const made = await generate(alice, "ACME.test");
    expect(made.status).toBe(201);
    key = made.key;
    expect(key).toMatchObject({ domain: "acme.test", selector: "coldreach" });
    expect(key.record.type).toBe("TXT");
    expect(key.record.host).toBe("coldreach._domainkey.acme.test");
    expect(key.record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    // 2048 bits: the DER of the public key is about 294 bytes.
    const der = Buffer.from(key.record.value.split("p=")[1]!, "base64");
    expect(der.length).toBeGreaterThan(290);
    const listed = await list(alice);
    expect(listed.find((d) => d.domain === "acme.test")?.key).toEqual(key);
    // Sealed at rest like SMTP passwords.
    const [row] = await ctx.database.db.select().from(dkimKeys).where(eq(dkimKeys.id, key.id));
    expect(row!.privateKeyEncrypted).toMatch(/^v1\./);
    expect(await privateKeyOf(key.id)).toContain("BEGIN PRIVATE KEY");
  });

  it("takes a selector the user chose, and refuses bad selectors, a second key and other domains", async () => {
    const second = await generate(alice, "second.test", "Mail-2026");
    expect(second.status).toBe(201);
    expect(second.key.record.host).toBe("mail-2026._domainkey.second.test");
    for (const selector of ["bad_selector", "-x", "a.b", ""]) {
      expect((await generate(alice, "second.test", selector)).status).toBe(400);
    }
    expect((await generate(alice, "acme.test")).status).toBe(409);
    expect((await generate(alice, "bobs.test")).status).toBe(404);
    expect((await generate(alice, "nobody.test")).status).toBe(404);
    const removed = await call(alice, "DELETE", `/api/dkim-keys/${second.key.id}`);
    expect(removed.status).toBe(204);
    expect((await list(alice)).find((d) => d.domain === "second.test")?.key).toBeNull();
    expect((await call(alice, "DELETE", `/api/dkim-keys/${second.key.id}`)).status).toBe(404);
    expect((await call(alice, "DELETE", "/api/dkim-keys/not-a-uuid")).status).toBe(404);
  });

  it("checks DNS through the app's resolver: not found, found and matching, found but different", async () => {
    const check = async () => (await call(alice, "GET", `/api/dkim-keys/${key.id}/dns`)).body as DkimDnsCheck;
    expect(await check()).toMatchObject({ status: "not_found", host: "coldreach._domainkey.acme.test" });
    dns.set(key.record.host, { TXT: [key.record.value] });
    const found = await check();
    expect(found.status).toBe("match");
    expect(found.message).toContain("Found");
    // Domain health checks the same key at the same selector.
    const health = (await call(alice, "GET", "/api/domain-health/acme.test")).body as DomainHealth;
    expect(health.dkimSelector).toBe("coldreach");
    expect(health.checks.find((c) => c.id === "dkim")).toMatchObject({ status: "pass" });
    dns.set(key.record.host, { TXT: [testDkimKeys().record] });
    expect((await check()).status).toBe("different");
    const wrong = (await call(alice, "GET", "/api/domain-health/acme.test")).body as DomainHealth;
    expect(wrong.checks.find((c) => c.id === "dkim")).toMatchObject({
      status: "fail",
      fix: { host: key.record.host, value: key.record.value },
    });
    dns.set(key.record.host, { fail: true });
    expect((await check()).status).toBe("lookup_failed");
    dns.set(key.record.host, { TXT: [key.record.value] });
  });

  it("keeps each user's keys their own: another user's key is 404 to list, check and delete", async () => {
    const bobs = await list(bob);
    expect(bobs.map((d) => [d.domain, d.key])).toEqual([
      ["acme.test", null],
      ["bobs.test", null],
    ]);
    expect((await call(bob, "GET", `/api/dkim-keys/${key.id}/dns`)).status).toBe(404);
    expect((await call(bob, "DELETE", `/api/dkim-keys/${key.id}`)).status).toBe(404);
    expect((await list(alice)).find((d) => d.domain === "acme.test")?.key?.id).toBe(key.id);
  });
});

describe("signing with the stored key", () => {
  it("signs a first step, its threaded follow-up and a compose message; tampered copies fail", async () => {
    sink.reset();
    const [domain] = (await list(alice)).filter((d) => d.domain === "acme.test");
    const key = domain!.key!;
    const campaign = await createCampaign(ctx, alice.cookie, {
      name: "Signed",
      senderAccounts: [{ email: "ann@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [
        { email: "lee@prospects.test", firstName: "Lee", lastName: "Doe", company: "Doe Co", customFields: {} },
      ],
      sequence: [step("Hi {{firstName}}", "Hello {{firstName}}"), step("Following up", "Any thoughts?", { amount: 2 })],
    });
    expect((await launch(ctx, alice.cookie, campaign.campaign.id)).status).toBe(200);
    clock.advance(2 * DAY + 60_000);
    await drain(testWorker({ db: ctx.database.db, config: ctx.config, transports, clock }));
    const direct = await call(alice, "POST", "/api/emails/direct", {
      from: "ann@acme.test",
      to: "kim@prospects.test",
      subject: "A direct note",
      message: "Hello Kim",
    });
    expect(direct.body).toMatchObject({ status: "sent" });

    const [first, followUp] = sink.messagesTo("lee@prospects.test");
    const [composed] = sink.messagesTo("kim@prospects.test");
    expect(followUp?.header("In-Reply-To")).toBe(first?.header("Message-ID"));
    const resolver = appResolver();
    for (const message of [first!, followUp!, composed!]) {
      const verdict = await verifyDkim(message.raw, (name) => resolver.txt(name));
      expect(verdict).toMatchObject({ status: "pass", domain: "acme.test", selector: key.selector });
      expectCoverage(message, verdict.signedHeaders);
    }
    expect(first!.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    const raw = first!.raw;
    const secondFrom = `From: Mallory <m@evil.test>\r\n${raw}`;
    const changedPost = raw.replace("List-Unsubscribe=One-Click", "List-Unsubscribe=Two-Click");
    expect(changedPost).not.toBe(raw);
    for (const tampered of [secondFrom, changedPost]) {
      expect((await verifyDkim(tampered, (name) => resolver.txt(name))).status).toBe("fail");
    }
  });

  it("never signs another user's mail with the key, even from the same domain", async () => {
    sink.reset();
    const direct = await call(bob, "POST", "/api/emails/direct", {
      from: "bo@acme.test",
      to: "max@prospects.test",
      subject: "From Bob",
      message: "Hello Max",
    });
    expect(direct.body).toMatchObject({ status: "sent" });
    expect(sink.messagesTo("max@prospects.test")[0]?.header("DKIM-Signature")).toBeUndefined();
  });

  it("stops signing once the key is deleted", async () => {
    sink.reset();
    const key = (await list(alice)).find((d) => d.domain === "acme.test")!.key!;
    expect((await call(alice, "DELETE", `/api/dkim-keys/${key.id}`)).status).toBe(204);
    await call(alice, "POST", "/api/emails/direct", {
      from: "ann@acme.test",
      to: "ray@prospects.test",
      subject: "Unsigned now",
      message: "Hello Ray",
    });
    expect(sink.messagesTo("ray@prospects.test")[0]?.header("DKIM-Signature")).toBeUndefined();
  });
});

describe("the private key", () => {
  it("is in no answer and no log line", async () => {
    const made = await generate(alice, "acme.test", "again");
    expect(made.status).toBe(201);
    await call(alice, "GET", `/api/dkim-keys/${made.key.id}/dns`);
    await call(alice, "POST", "/api/emails/direct", {
      from: "ann@acme.test",
      to: "zoe@prospects.test",
      subject: "Signed again",
      message: "Hello Zoe",
    });
    expect(keyFragments).toHaveLength(3);
    expect(logs.lines.length).toBeGreaterThan(0);
    for (const text of [...answers, ...logs.lines]) {
      for (const fragment of keyFragments) expect(text).not.toContain(fragment);
      expect(text).not.toContain("PRIVATE KEY");
    }
  });
});
