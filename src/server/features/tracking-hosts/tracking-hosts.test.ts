// Tracking hosts through the app, against the tests' DNS server (dns2): the
// CNAME check (missing, pointing elsewhere, right, lookup failed), the host's
// validation, the request routing on a verified host (its tracking paths
// answer, every other path is 404, an unknown name keeps its 421), which
// users' links a host serves, and the worker path: a campaign's messages from
// that domain link to the host once it passes, with click tracking on.
import { eq } from "drizzle-orm";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackingHost, TrackingHostList } from "#shared/tracking-hosts/tracking-host.schemas.ts";
import { TRACKING_HOST_FRESH_DAYS, TRACKING_HOST_RETIRED_DAYS } from "#shared/tracking-hosts/tracking-host-rules.ts";
import { type DnsServer, startDnsServer } from "../../../../tests/support/dns-server.ts";
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
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { emailSends, linkClicks, suppressions, trackingHosts } from "../../db/schema/index.ts";
import { signClickToken, signToken, verifyClickToken } from "../../mail/tokens.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";
import { createTrackingHostService } from "./tracking-hosts.service.ts";

// Monday 7 December 2026, 09:00 UTC: inside the default sending window.
const clock = fakeClock("2026-12-07T09:00:00.000Z");

type User = { cookie: string; userId: string };

let dns: DnsServer;
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let alice: User;
let bob: User;

beforeAll(async () => {
  dns = await startDnsServer({});
  sink = await startSmtpSink();
  const env = { DNS_SERVERS: dns.servers.join(",") };
  transports = sinkTransports(testConfig(env), sink.port);
  ctx = await createTestContext(env, undefined, { transports, now: clock.now });
  alice = await ctx.signUpVerified("alice-hosts@example.com");
  bob = await ctx.signUpVerified("bob-hosts@example.com");
  for (const [user, email] of [
    [alice, "ann@acme.test"],
    [alice, "ann@second.test"],
    [bob, "bo@bobs.test"],
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
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

const hostsOf = async (user: User) => (await call(user, "GET", "/api/tracking-hosts")).body as TrackingHostList;
const setHost = (user: User, domain: string, host: string) =>
  call(user, "PUT", `/api/tracking-hosts/${domain}`, { host });
const recheck = async (user: User, domain: string) =>
  (await call(user, "POST", `/api/tracking-hosts/${domain}/check`)).body as TrackingHost;

/** A request naming `host` (in-process: the URL's host is the Host). */
const onHost = (host: string, path: string, init?: RequestInit) => ctx.app.request(`http://${host}:3000${path}`, init);

/** A sent email of `user`'s, as the engine leaves it. */
async function seedSend(user: User, toEmail: string) {
  const [row] = await ctx.database.db
    .insert(emailSends)
    .values({
      userId: user.userId,
      toEmail,
      fromEmail: "ann@acme.test",
      subject: "Hello",
      body: "Hi",
      status: "sent",
      sentAt: clock.now(),
    })
    .returning();
  const id = row!.id;
  return {
    id,
    pixel: `/t/o/${signToken(ctx.config.appSecret, "open", id)}.gif`,
    unsubscribe: `/u/${signToken(ctx.config.appSecret, "unsubscribe", id)}`,
    click: `/t/c/${signClickToken(ctx.config.appSecret, id, "https://acme.test/pricing")}`,
  };
}

async function sendRow(id: string) {
  const [row] = await ctx.database.db.select().from(emailSends).where(eq(emailSends.id, id));
  return row!;
}

/** Every a[href] of an HTML part, decoded. */
function hrefs(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === "a" && attribs.href) out.push(attribs.href);
    },
  });
  parser.end(html);
  return out;
}

describe("choosing and checking a tracking host", () => {
  it("lists the sender domains without hosts, and the CNAME to publish once one is set", async () => {
    const list = await hostsOf(alice);
    expect(list.publicHost).toBe("localhost");
    expect(list.domains.map((d) => [d.domain, d.host, d.inUse])).toEqual([
      ["acme.test", null, false],
      ["second.test", null, false],
    ]);
  });

  it("fails until the CNAME points at the public host, then passes; a failed lookup keeps it in use", async () => {
    const set = await setHost(alice, "acme.test", " Track.ACME.test. ");
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      domain: "acme.test",
      host: "track.acme.test",
      status: "not_found",
      record: { type: "CNAME", host: "track.acme.test", value: "localhost" },
      inUse: false,
      verifiedAt: null,
    });
    expect((set.body as TrackingHost).message).toMatch(/No CNAME record at track\.acme\.test/);

    dns.set("track.acme.test", { CNAME: "old-provider.test" });
    const wrong = await recheck(alice, "acme.test");
    expect(wrong).toMatchObject({ status: "wrong_target", cname: "old-provider.test", inUse: false });
    expect(wrong.message).toContain("old-provider.test");

    dns.set("track.acme.test", { CNAME: "LOCALHOST." });
    const passed = await recheck(alice, "acme.test");
    expect(passed).toMatchObject({ status: "pass", cname: "localhost", inUse: true });
    expect(passed.verifiedAt).toBe(clock.now().toISOString());

    dns.set("track.acme.test", { fail: true });
    expect(await recheck(alice, "acme.test")).toMatchObject({ status: "lookup_failed", inUse: true });
    dns.set("track.acme.test", { CNAME: "localhost" });
    expect(await recheck(alice, "acme.test")).toMatchObject({ status: "pass", inUse: true });
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")).toMatchObject({
      host: "track.acme.test",
      status: "pass",
    });
  });

  it("refuses bad hosts with the field and the rule, and leaves the stored host as it was", async () => {
    const cases: [string, RegExp][] = [
      ["203.0.113.9", /not an IP address/],
      ["track.other.test", /subdomain of acme\.test/],
      ["acme.test", /subdomain of acme\.test/],
      ["tr_ack.acme.test", /letters, digits and dashes/],
      [`${"a".repeat(250)}.acme.test`, /at most 253 characters/],
      ["", /Enter a host name/],
    ];
    for (const [host, rule] of cases) {
      const res = await setHost(alice, "acme.test", host);
      expect(res.status, host).toBe(400);
      const error = (res.body as { error: { message: string; details: { fields: Record<string, string> } } }).error;
      expect(error.details.fields.host, host).toMatch(rule);
    }
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")).toMatchObject({
      host: "track.acme.test",
      status: "pass",
    });
  });

  it("takes only domains of the user's own senders: another user's domain is 404 to every route", async () => {
    expect((await setHost(alice, "bobs.test", "track.bobs.test")).status).toBe(404);
    expect((await setHost(alice, "nobody.test", "track.nobody.test")).status).toBe(404);
    expect((await call(alice, "POST", "/api/tracking-hosts/second.test/check")).status).toBe(404);
    expect((await call(alice, "DELETE", "/api/tracking-hosts/second.test")).status).toBe(404);
    for (const [method, path] of [
      ["PUT", "/api/tracking-hosts/acme.test"],
      ["POST", "/api/tracking-hosts/acme.test/check"],
      ["DELETE", "/api/tracking-hosts/acme.test"],
    ] as const) {
      const res = await call(bob, method, path, method === "PUT" ? { host: "evil.acme.test" } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await hostsOf(bob)).domains.map((d) => [d.domain, d.host])).toEqual([["bobs.test", null]]);
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")?.host).toBe("track.acme.test");
  });
});

describe("requests to a tracking host", () => {
  it("answers a verified host's tracking and unsubscribe paths only; a host not verified is any unknown name", async () => {
    const send = await seedSend(alice, "reader-1@prospects.test");
    const pixel = await onHost("track.acme.test", send.pixel);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    expect((await sendRow(send.id)).openedAt).toBeInstanceOf(Date);

    const page = await onHost("track.acme.test", send.unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("reader-1@prospects.test");
    // The page's own confirm button, from the tracking host's origin.
    const confirmed = await onHost("track.acme.test", send.unsubscribe, {
      method: "POST",
      headers: { origin: "http://track.acme.test:3000", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(confirmed.status).toBe(200);
    const suppressed = await ctx.database.db.select().from(suppressions).where(eq(suppressions.userId, alice.userId));
    expect(suppressed.map((s) => s.email)).toContain("reader-1@prospects.test");

    const click = await onHost("track.acme.test", send.click);
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://acme.test/pricing");

    for (const path of [
      "/",
      "/outbox",
      "/campaigns",
      "/api/health",
      "/api/outbox",
      "/api/auth/get-session",
      "/t/x/y",
    ]) {
      const res = await onHost("track.acme.test", path);
      expect(res.status, path).toBe(404);
    }
    expect((await onHost("track.acme.test", "/api/campaigns", { method: "POST" })).status).toBe(404);

    // A host set but never passed, and a name nobody set: refused as before.
    await setHost(alice, "second.test", "links.second.test");
    for (const host of ["links.second.test", "track.nobody.test"]) {
      expect((await onHost(host, send.pixel)).status, host).toBe(421);
      expect((await onHost(host, "/api/health")).status, host).toBe(421);
    }
  });

  it("serves only the links of users who verified the host: another user's are not its links", async () => {
    const bobs = await seedSend(bob, "reader-2@prospects.test");
    expect((await onHost("track.acme.test", bobs.pixel)).status).toBe(200);
    expect((await sendRow(bobs.id)).openedAt).toBeNull();
    expect((await onHost("track.acme.test", bobs.unsubscribe)).status).toBe(404);
    expect((await onHost("track.acme.test", bobs.unsubscribe, { method: "POST" })).status).toBe(404);
    expect((await onHost("track.acme.test", bobs.click)).status).toBe(404);
    expect(await ctx.database.db.select().from(linkClicks).where(eq(linkClicks.emailSendId, bobs.id))).toEqual([]);
    // On the app's own host they work as ever.
    expect((await ctx.app.request(`http://localhost:3000${bobs.click}`)).status).toBe(302);
  });

  it("serves each of several users who verified the same host their own links", async () => {
    // Bob sends from a subdomain he runs and verifies the same kind of host; each user proves the CNAME.
    await call(bob, "POST", "/api/senders", {
      email: "bo@acme.test",
      provider: "custom",
      dailyLimit: 50,
      smtp: { host: "127.0.0.1", port: 9, security: "none", username: "bo", password: "pw" },
    });
    expect((await setHost(bob, "acme.test", "track.acme.test")).body).toMatchObject({ status: "pass" });
    const bobs = await seedSend(bob, "reader-3@prospects.test");
    const alices = await seedSend(alice, "reader-4@prospects.test");
    expect((await onHost("track.acme.test", bobs.click)).status).toBe(302);
    expect((await onHost("track.acme.test", alices.click)).status).toBe(302);
    expect((await call(bob, "DELETE", "/api/tracking-hosts/acme.test")).status).toBe(204);
  });
});

describe("mail from a domain with a tracking host", () => {
  it("links to the host for the pixel, the unsubscribe link and header and rewritten links; the clicks count once", async () => {
    sink.reset();
    const campaign = await createCampaign(ctx, alice.cookie, {
      name: "Hosted links",
      trackClicks: true,
      trackOpens: true,
      senderAccounts: [{ email: "ann@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [
        { email: "lee@prospects.test", firstName: "Lee", lastName: "Doe", company: "Doe Co", customFields: {} },
      ],
      sequence: [
        {
          ...step("Hi {{firstName}}", ""),
          bodyFormat: "html",
          body: '<p>Hi {{firstName}}, see <a href="https://acme.test/pricing?for={{firstName}}">pricing</a> or <a href="mailto:ann@acme.test">write</a>.</p>',
        },
        { ...step("Following up", "Docs: https://acme.test/docs.", { amount: 2 }), trackClicks: false },
      ],
    });
    expect((await launch(ctx, alice.cookie, campaign.campaign.id)).status).toBe(200);
    clock.advance(2 * DAY + 60_000);
    await drain(testWorker({ db: ctx.database.db, config: ctx.config, transports, clock }));

    const [first, followUp] = sink.messagesTo("lee@prospects.test");
    const html = String(first!.parsed.html);
    const links = hrefs(html);
    expect(links[0]).toMatch(/^http:\/\/track\.acme\.test:3000\/t\/c\//);
    const token = links[0]!.split("/t/c/")[1]!;
    expect(verifyClickToken(ctx.config.appSecret, token)?.url).toBe("https://acme.test/pricing?for=Lee");
    expect(links[1]).toBe("mailto:ann@acme.test");
    expect(links.at(-1)).toMatch(/^http:\/\/track\.acme\.test:3000\/u\/[\w-]+\.[\w-]{22}$/);
    expect(html).toMatch(/<img src="http:\/\/track\.acme\.test:3000\/t\/o\//);
    expect(first!.header("List-Unsubscribe")).toMatch(/^<http:\/\/track\.acme\.test:3000\/u\//);
    expect(first!.parsed.text).toMatch(/pricing \(http:\/\/track\.acme\.test:3000\/t\/c\/[\w.-]+\)/);
    // The owner's copy keeps the link as written.
    const [sent] = await ctx.database.db
      .select()
      .from(emailSends)
      .where(eq(emailSends.messageId, first!.header("Message-ID")!));
    expect(sent!.body).toContain('href="https://acme.test/pricing?for=Lee"');

    // The follow-up's step turned click tracking off: its link stays, its unsubscribe is on the host.
    expect(followUp!.parsed.text).toContain("Docs: https://acme.test/docs.");
    expect(followUp!.header("List-Unsubscribe")).toMatch(/^<http:\/\/track\.acme\.test:3000\/u\//);

    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.request(links[0]!);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("https://acme.test/pricing?for=Lee");
    }
    const clicks = await ctx.database.db.select().from(linkClicks).where(eq(linkClicks.emailSendId, sent!.id));
    expect(clicks.map((c) => [c.url, c.userId, c.campaignId])).toEqual([
      ["https://acme.test/pricing?for=Lee", alice.userId, campaign.campaign.id],
    ]);
  });

  it("goes back to the public host once the host's check is stale, and again after the daily recheck", async () => {
    sink.reset();
    clock.advance((TRACKING_HOST_FRESH_DAYS + 1) * DAY);
    const direct = await call(alice, "POST", "/api/emails/direct", {
      from: "ann@acme.test",
      to: "kim@prospects.test",
      subject: "Stale",
      message: "Hello Kim",
    });
    expect(direct.body).toMatchObject({ status: "sent" });
    expect(String(sink.messagesTo("kim@prospects.test")[0]!.parsed.html)).toContain('src="http://localhost:3000/t/o/');

    const service = createTrackingHostService({ db: ctx.database.db, config: ctx.config, now: clock.now });
    expect(await service.recheckDue()).toBeUndefined();
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")).toMatchObject({ inUse: true });
    await call(alice, "POST", "/api/emails/direct", {
      from: "ann@acme.test",
      to: "kim2@prospects.test",
      subject: "Fresh",
      message: "Hello again",
    });
    expect(String(sink.messagesTo("kim2@prospects.test")[0]!.parsed.html)).toContain(
      'src="http://track.acme.test:3000/t/o/',
    );

    // The record removed: the next recheck stops the host's use.
    dns.set("track.acme.test", {});
    clock.advance(DAY + 60_000);
    await service.recheckDue();
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")).toMatchObject({
      status: "not_found",
      inUse: false,
    });
  });

  it("keeps answering a removed host's links for the retirement period, then refuses its name", async () => {
    dns.set("track.acme.test", { CNAME: "localhost" });
    await recheck(alice, "acme.test");
    const send = await seedSend(alice, "reader-5@prospects.test");
    expect((await call(alice, "DELETE", "/api/tracking-hosts/acme.test")).status).toBe(204);
    expect((await hostsOf(alice)).domains.find((d) => d.domain === "acme.test")?.host).toBeNull();
    expect((await onHost("track.acme.test", send.unsubscribe)).status).toBe(200);
    const [retired] = await ctx.database.db
      .select()
      .from(trackingHosts)
      .where(eq(trackingHosts.host, "track.acme.test"));
    expect(retired!.retiredAt).toBeInstanceOf(Date);
    clock.advance((TRACKING_HOST_RETIRED_DAYS + 1) * DAY);
    expect((await onHost("track.acme.test", send.unsubscribe)).status).toBe(421);
  });
});
