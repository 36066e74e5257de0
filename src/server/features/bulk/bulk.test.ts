// Email in Bulk through the app: webhook mode (the exact signed payload, error
// statuses, timeouts, redirects, the SSRF guard) against a local HTTP server,
// and engine mode (a campaign launched through saved senders) over real SMTP.
import { createHmac } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bulkMessages } from "#shared/bulk/bulk-messages.ts";
import { defaultSettings } from "#shared/settings/settings.constants.ts";
import { sinkTransports } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../../tests/support/webhook-receiver.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { campaigns, contacts, emailSequences, scheduledEmails, senderAccounts } from "../../db/schema/index.ts";
import { addSuppression } from "../../domain/suppressions.ts";
import { createLogger } from "../../logger.ts";
import type { SystemMailer } from "../../mail/system-mailer.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";
import { createBulkService } from "./bulk.service.ts";

type User = { cookie: string; userId: string };
type ErrorJson = { error: { code: string; message: string; details?: { reason?: string; status?: number } } };

let sink: SmtpSink;
let transports: TransportFactory;
let hook: WebhookReceiver;
/** WEBHOOK_ALLOW_PRIVATE=on: the local receiver is reachable. */
let ctx: TestContext;
/** The same database with the guard on (the default). */
let strict: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = sinkTransports(testConfig(), sink.port);
  hook = await startWebhookReceiver({
    "/fail": { status: 500 },
    "/slow": { delayMs: 3_000 },
    "/redirect": { status: 302, headers: { location: "/redirected" } },
  });
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on", WEBHOOK_TIMEOUT_MS: "400" }, undefined, { transports });
  strict = await createTestContext({}, ctx.database, { transports });
});
afterAll(async () => {
  transports?.closeAll();
  await strict?.close();
  await ctx?.close();
  await hook?.close();
  await sink?.close();
});
afterEach(() => {
  sink.reset();
  hook.reset();
});

const db = () => ctx.database.db;

let users = 0;
async function newUser(prefix: string): Promise<User> {
  users++;
  return ctx.signUpVerified(`${prefix}-${users}@example.com`);
}

async function setWebhook(user: User, url: string) {
  const res = await ctx.request("/api/settings", {
    method: "PUT",
    cookie: user.cookie,
    json: { ...defaultSettings, automationWebhookUrl: url },
  });
  expect(res.status).toBe(200);
}

async function saveSender(user: User, email: string, dailyLimit = 50) {
  const res = await ctx.request("/api/senders", {
    method: "POST",
    cookie: user.cookie,
    json: { email, provider: "custom", dailyLimit },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const send = (c: TestContext, user: User, body: unknown) =>
  c.request("/api/bulk/send", { method: "POST", cookie: user.cookie, json: body });

async function campaignCount(userId: string) {
  const [row] = await db().select({ n: count() }).from(campaigns).where(eq(campaigns.userId, userId));
  return row?.n ?? 0;
}

const leads = (n: number, domain = "prospects.test") =>
  Array.from({ length: n }, (_, i) => ({
    email: `lead${i + 1}@${domain}`,
    firstName: `Lead${i + 1}`,
    company: `Company ${i + 1}`,
    "job title": `Title ${i + 1}`,
  }));

describe("GET /api/bulk/delivery", () => {
  it("is engine without a webhook and webhook with one, with a per-user signing secret", async () => {
    const alice = await newUser("delivery");
    const bob = await newUser("delivery");
    const before = (await (await ctx.request("/api/bulk/delivery", { cookie: alice.cookie })).json()) as {
      mode: string;
      webhookHost: string | null;
      signingSecret: string;
    };
    expect(before).toMatchObject({ mode: "engine", webhookHost: null });
    expect(before.signingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await setWebhook(alice, "https://user:pw@hooks.example.com:8443/bulk?x=1");
    const after = (await (await ctx.request("/api/bulk/delivery", { cookie: alice.cookie })).json()) as typeof before;
    expect(after).toEqual({
      mode: "webhook",
      webhookHost: "hooks.example.com:8443",
      signingSecret: before.signingSecret,
    });

    const bobs = (await (await ctx.request("/api/bulk/delivery", { cookie: bob.cookie })).json()) as typeof before;
    expect(bobs.signingSecret).not.toBe(before.signingSecret);
  });

  it("needs a session, as does sending", async () => {
    expect((await ctx.request("/api/bulk/delivery")).status).toBe(401);
    const res = await ctx.request("/api/bulk/send", { method: "POST", json: { campaignName: "x" } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorJson).error.code).toBe("unauthorized");
  });
});

describe("POST /api/bulk/send, input checks", () => {
  const valid = { campaignName: "Spring", senderEmails: ["me@acme.test"], contacts: leads(1) };

  it.each([
    [{ ...valid, campaignName: "  " }, "Please enter a campaign name."],
    [{ ...valid, senderEmails: [] }, "Please add at least one sender email address."],
    [{ ...valid, contacts: [] }, "Please upload a CSV file with email addresses."],
    [{ ...valid, senderEmails: ["a@x.test", "A@X.test"] }, "This email address is already added."],
    [{ ...valid, senderEmails: ["not-an-address"] }, "Please enter a valid email address."],
    [{ ...valid, contacts: [{ email: "nobody" }] }, "Every contact needs an email address that contains @."],
    [
      { ...valid, contacts: Array.from({ length: 10_001 }, (_, i) => ({ email: `p${i}@x.test` })) },
      "You can send to at most 10,000 contacts at a time. Split the CSV file and send each part.",
    ],
  ])("refuses %# with a 400 JSON error and the message, sending nothing", async (body, message) => {
    const user = await newUser("checks");
    await setWebhook(user, hook.url("/ok"));
    const res = await send(ctx, user, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({ code: "validation_error", message });
    expect(hook.requests).toEqual([]);
  });

  it("refuses a body that is not JSON or has the wrong types", async () => {
    const user = await newUser("checks");
    const broken = await send(ctx, user, "{nope");
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as ErrorJson).error.code).toBe("bad_request");
    const wrong = await send(ctx, user, { campaignName: 5, senderEmails: "x", contacts: {} });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorJson).error.code).toBe("validation_error");
  });
});

describe("webhook mode", () => {
  it("posts the spec's payload, signed with the user's secret over the exact body bytes", async () => {
    const user = await newUser("hook");
    await setWebhook(user, hook.url("/ok"));
    const delivery = (await (await ctx.request("/api/bulk/delivery", { cookie: user.cookie })).json()) as {
      signingSecret: string;
    };
    const contactsSent = [
      { email: "Jane@Acme.test", firstName: "Jane", lastName: "Doe", company: "Acme", "job title": "CEO" },
      { email: "lee@globex.test", city: "Zürich" },
    ];
    const res = await send(ctx, user, {
      campaignName: " Spring push ",
      campaignDescription: "Q2 leads",
      senderEmails: ["me@acme.test", "you@acme.test"],
      contacts: contactsSent,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      mode: "webhook",
      processed: 2,
      campaignId: null,
      suppressed: 0,
      blocked: 0,
      invalid: 0,
    });

    expect(hook.requests).toHaveLength(1);
    const received = hook.requests[0]!;
    expect(received.method).toBe("POST");
    expect(received.path).toBe("/ok");
    expect(received.headers["content-type"]).toBe("application/json");
    const payload = JSON.parse(received.body) as { timestamp: string };
    expect(payload).toEqual({
      campaignName: "Spring push",
      campaignDescription: "Q2 leads",
      senderEmails: ["me@acme.test", "you@acme.test"],
      contacts: [
        { email: "jane@acme.test", firstName: "Jane", lastName: "Doe", company: "Acme", "job title": "CEO" },
        { email: "lee@globex.test", city: "Zürich" },
      ],
      totalContacts: 2,
      totalSenderEmails: 2,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(received.headers["x-coldreach-timestamp"]).toBe(payload.timestamp);
    const expected = createHmac("sha256", delivery.signingSecret).update(Buffer.from(received.body, "utf8"));
    expect(received.headers["x-coldreach-signature"]).toBe(`sha256=${expected.digest("hex")}`);
    expect(received.headers["content-length"]).toBe(String(Buffer.byteLength(received.body)));

    // Nothing else happens: no campaign, no mail.
    expect(await campaignCount(user.userId)).toBe(0);
    expect(sink.messages).toEqual([]);
  });

  it("a non-2xx answer is the spec's 'Failed to send bulk emails' (502)", async () => {
    const user = await newUser("hook-fail");
    await setWebhook(user, hook.url("/fail"));
    const res = await send(ctx, user, { campaignName: "x", senderEmails: ["me@acme.test"], contacts: leads(1) });
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({
      code: "bad_gateway",
      message: "Failed to send bulk emails. Please try again.",
      details: { reason: "webhook_status", status: 500 },
    });
    expect(hook.to("/fail")).toHaveLength(1);
  });

  it("does not follow a redirect: the 302 is a failure and the target is never called", async () => {
    const user = await newUser("hook-redirect");
    await setWebhook(user, hook.url("/redirect"));
    const res = await send(ctx, user, { campaignName: "x", senderEmails: ["me@acme.test"], contacts: leads(1) });
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorJson).error.message).toBe(bulkMessages.sendFailed);
    expect(hook.requests.map((r) => r.path)).toEqual(["/redirect"]);
  });

  it("gives up after WEBHOOK_TIMEOUT_MS with the spec's 'An error occurred' (502)", async () => {
    const user = await newUser("hook-slow");
    await setWebhook(user, hook.url("/slow"));
    const started = Date.now();
    const res = await send(ctx, user, { campaignName: "x", senderEmails: ["me@acme.test"], contacts: leads(1) });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({
      code: "bad_gateway",
      message: "An error occurred while sending bulk emails. Please try again.",
      details: { reason: "timeout" },
    });
  });

  it("a refused connection is the spec's 'An error occurred' (502)", async () => {
    const closed = await startWebhookReceiver();
    const url = closed.url("/gone");
    await closed.close();
    const user = await newUser("hook-down");
    await setWebhook(user, url);
    const res = await send(ctx, user, { campaignName: "x", senderEmails: ["me@acme.test"], contacts: leads(1) });
    expect(res.status).toBe(502);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({
      message: bulkMessages.sendError,
      details: { reason: "network" },
    });
  });

  it.each([
    ["a loopback IP", (port: number) => `http://127.0.0.1:${port}/ok`],
    ["localhost (resolved by DNS)", (port: number) => `http://localhost:${port}/ok`],
    ["an IPv4-mapped IPv6 loopback", (port: number) => `http://[::ffff:127.0.0.1]:${port}/ok`],
  ])("with the guard on, refuses %s: a 400 with a clear message and no request made", async (_name, url) => {
    const user = await newUser("ssrf");
    await setWebhook(user, url(hook.port));
    const res = await send(strict, user, { campaignName: "x", senderEmails: ["me@acme.test"], contacts: leads(1) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error).toMatchObject({
      code: "bad_request",
      message: "The automation webhook address is not allowed: it points to a private or local network.",
      details: { reason: "address_not_allowed" },
    });
    expect(hook.requests).toEqual([]);
  });
});

describe("engine mode (no webhook)", () => {
  const message = {
    subject: "Hi {{first_name}}",
    message: "Hello {{firstName}} at {{company}} ({{job_title}}).",
  };

  it("creates a campaign from the saved senders and delivers over SMTP, round-robin", async () => {
    const user = await newUser("engine");
    const one = await saveSender(user, "One@Acme.test");
    const two = await saveSender(user, "two@acme.test");
    const res = await send(ctx, user, {
      campaignName: "Bulk spring",
      campaignDescription: "From the bulk screen",
      senderEmails: ["one@acme.test", "TWO@acme.test"],
      contacts: leads(4),
      ...message,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { campaignId: string };
    expect(result).toEqual({
      mode: "engine",
      processed: 4,
      campaignId: expect.any(String),
      suppressed: 0,
      blocked: 0,
      invalid: 0,
    });

    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, result.campaignId));
    expect(campaign).toMatchObject({
      userId: user.userId,
      name: "Bulk spring",
      description: "From the bulk screen",
      status: "active",
    });
    const senders = await db().select().from(senderAccounts).where(eq(senderAccounts.campaignId, result.campaignId));
    expect(senders.map((s) => [s.email.toLowerCase(), s.sourceSenderId]).sort()).toEqual([
      ["one@acme.test", one],
      ["two@acme.test", two],
    ]);
    const steps = await db().select().from(emailSequences).where(eq(emailSequences.campaignId, result.campaignId));
    expect(steps).toMatchObject([{ stepNumber: 1, subject: message.subject, bodyFormat: "text" }]);
    const stored = await db().select().from(contacts).where(eq(contacts.campaignId, result.campaignId));
    expect(stored.find((c) => c.email === "lead1@prospects.test")?.customFields).toEqual({ "job title": "Title 1" });

    // The first batch went out during the request: every contact once, the senders taking turns.
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(leads(4).map((l) => l.email));
    const froms = sink.messages.map((m) => m.parsed.from?.value[0]?.address?.toLowerCase());
    expect(froms.filter((f) => f === "one@acme.test")).toHaveLength(2);
    expect(froms.filter((f) => f === "two@acme.test")).toHaveLength(2);
    // In queue order the senders alternate (the first batch is delivered concurrently, so the sink's order is not it).
    const queue = await db()
      .select({ email: senderAccounts.email })
      .from(scheduledEmails)
      .innerJoin(senderAccounts, eq(senderAccounts.id, scheduledEmails.senderAccountId))
      .where(eq(scheduledEmails.campaignId, result.campaignId))
      .orderBy(asc(scheduledEmails.scheduledFor));
    expect(queue.map((q) => q.email.toLowerCase())).toEqual([
      "one@acme.test",
      "two@acme.test",
      "one@acme.test",
      "two@acme.test",
    ]);
    const first = sink.messagesTo("lead1@prospects.test")[0]!;
    expect(first.parsed.subject).toBe("Hi Lead1");
    expect(first.parsed.text).toContain("Hello Lead1 at Company 1 (Title 1).");
    // Campaign mail: tracking pixel and one-click unsubscribe.
    expect(first.header("List-Unsubscribe")).toContain("/u/");
  });

  it("skips addresses on the suppression list", async () => {
    const user = await newUser("engine-suppressed");
    await saveSender(user, "me@acme.test");
    await addSuppression(db(), user.userId, "LEAD2@prospects.test", "unsubscribed");
    const res = await send(ctx, user, {
      campaignName: "S",
      senderEmails: ["me@acme.test"],
      contacts: leads(3),
      ...message,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: "engine", processed: 2, suppressed: 1 });
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(["lead1@prospects.test", "lead3@prospects.test"]);
  });

  it("skips addresses on the block list (by address or domain) and says how many", async () => {
    const user = await newUser("engine-blocked");
    await saveSender(user, "me@acme.test");
    const blocked = await ctx.request("/api/block-list", {
      method: "POST",
      cookie: user.cookie,
      json: { entries: ["LEAD1@prospects.test", "@other.test"] },
    });
    expect(blocked.status).toBe(200);
    const res = await send(ctx, user, {
      campaignName: "B",
      senderEmails: ["me@acme.test"],
      contacts: [...leads(2), ...leads(1, "mail.other.test")],
      ...message,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: "engine", processed: 1, suppressed: 0, blocked: 2 });
    expect(sink.messages.map((m) => m.envelope.to[0])).toEqual(["lead2@prospects.test"]);
  });

  it("leaves out addresses a campaign cannot send to and counts them", async () => {
    const user = await newUser("engine-invalid");
    await saveSender(user, "me@acme.test");
    const res = await send(ctx, user, {
      campaignName: "S",
      senderEmails: ["me@acme.test"],
      contacts: [{ email: "half@address" }, ...leads(1)],
      ...message,
    });
    expect(await res.json()).toMatchObject({ processed: 1, invalid: 1 });
    expect(sink.messages).toHaveLength(1);
  });

  it("refuses an address without a saved sender account, naming it, and creates nothing", async () => {
    const user = await newUser("engine-unknown");
    await saveSender(user, "me@acme.test");
    const res = await send(ctx, user, {
      campaignName: "S",
      senderEmails: ["me@acme.test", "ghost@acme.test"],
      contacts: leads(2),
      ...message,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorJson).error.message).toBe(
      "No saved sender account for ghost@acme.test. Add it in Senders first.",
    );
    expect(await campaignCount(user.userId)).toBe(0);
    expect(sink.messages).toEqual([]);
  });

  it("never uses another user's saved senders", async () => {
    const alice = await newUser("engine-alice");
    const bob = await newUser("engine-bob");
    await saveSender(bob, "bobs@shared.test");
    await saveSender(bob, "both@shared.test");
    const alicesOwn = await saveSender(alice, "both@shared.test");

    const refused = await send(ctx, alice, {
      campaignName: "S",
      senderEmails: ["bobs@shared.test"],
      contacts: leads(1),
      ...message,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).error.message).toBe(bulkMessages.noSavedSender("bobs@shared.test"));
    expect(await campaignCount(alice.userId)).toBe(0);

    const res = await send(ctx, alice, {
      campaignName: "S",
      senderEmails: ["both@shared.test"],
      contacts: leads(1),
      ...message,
    });
    const { campaignId } = (await res.json()) as { campaignId: string };
    const senders = await db().select().from(senderAccounts).where(eq(senderAccounts.campaignId, campaignId));
    expect(senders.map((s) => [s.userId, s.sourceSenderId])).toEqual([[alice.userId, alicesOwn]]);
    expect(await campaignCount(bob.userId)).toBe(0);
  });

  it("needs a subject and a message", async () => {
    const user = await newUser("engine-fields");
    await saveSender(user, "me@acme.test");
    const base = { campaignName: "S", senderEmails: ["me@acme.test"], contacts: leads(1) };
    const noSubject = await send(ctx, user, { ...base, message: "Hi" });
    expect(noSubject.status).toBe(400);
    expect(((await noSubject.json()) as ErrorJson).error).toMatchObject({
      code: "validation_error",
      message: "Please enter a subject for the email.",
      details: { fields: { subject: "Please enter a subject for the email." } },
    });
    const noMessage = await send(ctx, user, { ...base, subject: "Hi", message: "  " });
    expect(((await noMessage.json()) as ErrorJson).error.message).toBe("Please enter the email message.");
    expect(await campaignCount(user.userId)).toBe(0);
  });

  it("in live mode, refuses a saved sender without a connection before creating anything", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
      ctx.database,
    );
    try {
      const user = await newUser("engine-live");
      await saveSender(user, "noconn@acme.test");
      const res = await send(live, user, {
        campaignName: "S",
        senderEmails: ["noconn@acme.test"],
        contacts: leads(1),
        ...message,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorJson).error.message).toBe(
        "Sender account noconn@acme.test has no SMTP connection. Add it on the Senders page, then send again.",
      );
      expect(await campaignCount(user.userId)).toBe(0);
    } finally {
      await live.close();
    }
  });

  it("removes the campaign when the launch fails, so no draft is left behind", async () => {
    const user = await newUser("engine-rollback");
    await saveSender(user, "me@acme.test");
    const log = createLogger("silent");
    // The launch's transaction (the second: the campaign is created in the first) fails.
    let transactions = 0;
    const real = db();
    const failingLaunch = new Proxy(real, {
      get(target, prop) {
        if (prop !== "transaction") return Reflect.get(target, prop, target);
        return (...args: Parameters<typeof real.transaction>) =>
          ++transactions === 2 ? Promise.reject(new Error("launch failed")) : target.transaction(...args);
      },
    });
    const deps = {
      db: failingLaunch,
      config: ctx.config,
      log,
      secrets: createSecretBox(ctx.config.appSecret),
      mailer: {} as SystemMailer,
      transports,
    };
    const service = createBulkService(deps);
    await expect(
      service.send(user.userId, {
        campaignName: "Doomed",
        campaignDescription: "",
        senderEmails: ["me@acme.test"],
        contacts: leads(2),
        subject: "Hi",
        message: "Hello",
      }),
    ).rejects.toThrow("launch failed");
    expect(await campaignCount(user.userId)).toBe(0);
    const leftovers = await db()
      .select({ n: count() })
      .from(senderAccounts)
      .where(and(eq(senderAccounts.userId, user.userId)));
    expect(leftovers[0]?.n).toBe(1); // only the saved sender
    expect(sink.messages).toEqual([]);
  });
});
