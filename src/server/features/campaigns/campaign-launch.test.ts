// POST /api/campaigns/launch, the wizard's Launch in one request (issue 26 §1),
// and GET /api/campaigns/launched/{launchKey}: stored and queued in one
// transaction; the same request again (after a lost answer, a double click,
// at the same moment) stores one campaign and queues it once; a sender that
// cannot send, or a step too large, stores nothing.
import { randomUUID } from "node:crypto";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignLaunchResult, CreateAndLaunchInput } from "#shared/campaigns/campaign-launch.schemas.ts";
import type { CampaignDetail } from "#shared/campaigns/campaigns.schemas.ts";
import { fakeClock, people, registerSendingHarness, step } from "../../../../tests/support/sending-fixtures.ts";
import type { SmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { testDbKind } from "../../../../tests/support/test-database.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { campaigns, contacts, emailSequences, scheduledEmails, senderAccounts } from "../../db/schema/index.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { sanitizeSequence } from "../../html/sanitize-email-html.ts";
import { createLogger } from "../../logger.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "../../sending/delivery/smtp-transport.ts";
import { createCampaignsService } from "./campaigns.service.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
// The sink, the transports delivering to it and the app on the clock (reset after each test).
const harness = registerSendingHarness(clock, "2026-12-07T09:00:00.000Z");
let sink: SmtpSink;
let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ({ sink, ctx } = harness);
  alice = await ctx.signUpVerified("alice-one-request@example.com");
  bob = await ctx.signUpVerified("bob-one-request@example.com");
});

const db = () => ctx.database.db;

function input(over: Partial<CreateAndLaunchInput> = {}): CreateAndLaunchInput {
  return {
    name: "One request",
    description: null,
    emailColumn: "email",
    senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
    contacts: people(3, "one"),
    sequence: [step("Hi {{firstName}}", "Hello {{firstName}} at {{company}}")],
    launchKey: randomUUID(),
    ...over,
  };
}

async function launchNew(c: TestContext, cookie: string, body: unknown) {
  const res = await c.request("/api/campaigns/launch", { method: "POST", cookie, json: body });
  return {
    status: res.status,
    body: (await res.json()) as CampaignLaunchResult & { error?: { code: string; message: string } },
  };
}

async function campaignsOf(c: TestContext, userId: string) {
  return c.database.db.select().from(campaigns).where(eq(campaigns.userId, userId));
}

async function queueRows(c: TestContext, campaignId: string) {
  const [row] = await c.database.db
    .select({ n: count() })
    .from(scheduledEmails)
    .where(eq(scheduledEmails.campaignId, campaignId));
  return row?.n ?? 0;
}

describe("POST /api/campaigns/launch", () => {
  it("stores the campaign and queues step 1 in one request; the worker sends the first batch", async () => {
    const body = input({ name: "Stored and launched" });
    const res = await launchNew(ctx, alice.cookie, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaignId: expect.any(String),
      emailsSent: 3,
      emailsFailed: 0,
      emailsRetrying: 0,
      emailsQueued: 0,
      scheduled: 3,
      suppressed: 0,
      blocked: 0,
    });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, res.body.campaignId));
    expect(row).toMatchObject({
      userId: alice.userId,
      name: "Stored and launched",
      status: "active",
      launchedAt: clock.now(),
      launchKey: body.launchKey,
    });
    expect(await queueRows(ctx, res.body.campaignId)).toBe(3);
    expect(sink.messages).toHaveLength(3);

    const found = await ctx.request(`/api/campaigns/launched/${body.launchKey}`, { cookie: alice.cookie });
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ campaignId: res.body.campaignId });
  });

  it("sent again with the same key, stores nothing more, queues nothing more and answers with the first campaign", async () => {
    const body = input({ name: "Sent twice", contacts: people(2, "twice") });
    const first = await launchNew(ctx, alice.cookie, body);
    expect(first.status).toBe(200);
    // A retry after the answer was lost: even with other contents, the key decides.
    const again = await launchNew(ctx, alice.cookie, {
      ...body,
      name: "Sent twice (edited)",
      contacts: people(5, "x"),
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ campaignId: first.body.campaignId, scheduled: 2, suppressed: 0 });
    expect(again.body.emailsSent + again.body.emailsQueued).toBe(2);
    const mine = (await campaignsOf(ctx, alice.userId)).filter((c) => c.launchKey === body.launchKey);
    expect(mine.map((c) => c.name)).toEqual(["Sent twice"]);
    expect(await queueRows(ctx, first.body.campaignId)).toBe(2);
    expect(sink.messages).toHaveLength(2);
  });

  it("sent twice at the same moment, stores one campaign and queues it once", async () => {
    const body = input({ name: "Double click", contacts: people(4, "double") });
    const answers = await Promise.all([1, 2, 3].map(() => launchNew(ctx, alice.cookie, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.campaignId));
    expect(ids.size).toBe(1);
    const stored = (await campaignsOf(ctx, alice.userId)).filter((c) => c.name === "Double click");
    expect(stored).toHaveLength(1);
    expect(await queueRows(ctx, stored[0]!.id)).toBe(4);
    const [people4] = await db().select({ n: count() }).from(contacts).where(eq(contacts.campaignId, stored[0]!.id));
    expect(people4?.n).toBe(4);
    // Whatever the worker got to by each answer, it sent each contact once.
    expect(sink.messages).toHaveLength(4);
  });

  it("keeps each user's keys apart: the same key from another user is another campaign, and invisible", async () => {
    const body = input({ name: "Alice's" });
    const mine = await launchNew(ctx, alice.cookie, body);
    const theirs = await launchNew(ctx, bob.cookie, { ...body, name: "Bob's" });
    expect(theirs.status).toBe(200);
    expect(theirs.body.campaignId).not.toBe(mine.body.campaignId);
    const [bobs] = await db().select().from(campaigns).where(eq(campaigns.id, theirs.body.campaignId));
    expect(bobs).toMatchObject({ userId: bob.userId, name: "Bob's" });

    const key = randomUUID();
    await launchNew(ctx, alice.cookie, input({ launchKey: key }));
    const launched = async (cookie: string, k: string) => {
      const res = await ctx.request(`/api/campaigns/launched/${k}`, { cookie });
      return { status: res.status, body: await res.json() };
    };
    expect(await launched(alice.cookie, key)).toEqual({ status: 200, body: { campaignId: expect.any(String) } });
    // Another user's key is as unknown as a key never used.
    const notFound = {
      status: 404,
      body: { error: { code: "not_found", message: "No campaign was launched with this key" } },
    };
    expect(await launched(bob.cookie, key)).toEqual(notFound);
    expect(await launched(alice.cookie, randomUUID())).toEqual(notFound);
    expect(await launched(alice.cookie, "not-a-key")).toEqual(notFound);
    expect((await ctx.request(`/api/campaigns/launched/${key}`)).status).toBe(401);
    expect((await launchNew(ctx, "", input())).status).toBe(401);
  });

  it("refuses another user's saved sender, a missing key or a malformed one, storing nothing", async () => {
    const saved = await ctx.request("/api/senders", {
      method: "POST",
      cookie: bob.cookie,
      json: { email: "bob@sender.test", provider: "custom", dailyLimit: 20 },
    });
    expect(saved.status).toBe(201);
    const bobSender = ((await saved.json()) as { id: string }).id;
    const before = (await campaignsOf(ctx, alice.userId)).length;
    const stolen = await launchNew(
      ctx,
      alice.cookie,
      input({
        senderAccounts: [{ email: "bob@sender.test", provider: "custom", dailyLimit: 20, savedSenderId: bobSender }],
      }),
    );
    expect(stolen).toMatchObject({ status: 400, body: { error: { message: "Sender account not found" } } });
    const { launchKey: _, ...withoutKey } = input();
    expect((await launchNew(ctx, alice.cookie, withoutKey)).status).toBe(400);
    const malformed = await launchNew(ctx, alice.cookie, { ...withoutKey, launchKey: "123" });
    expect(malformed).toMatchObject({ status: 400, body: { error: { message: "The launch key must be a UUID" } } });
    expect(await campaignsOf(ctx, alice.userId)).toHaveLength(before);
  });

  it("lets a step of almost 7 MB through (the request's size limit too), and refuses one over 7 MB naming it and the sizes, storing nothing", async () => {
    const image = (bytes: number) =>
      `<p>Hi {{firstName}}</p><p><img src="data:image/png;base64,${Buffer.alloc(bytes, 1).toString("base64")}"></p>`;
    const html = (subject: string, body: string) => ({ ...step(subject, body), bodyFormat: "html" as const });
    const fits = await launchNew(
      ctx,
      alice.cookie,
      input({ name: "Big image", contacts: people(1, "big"), sequence: [html("Hi", image(6_990_000))] }),
    );
    expect(fits.status).toBe(200);
    const [stored] = await db()
      .select()
      .from(emailSequences)
      .where(eq(emailSequences.campaignId, fits.body.campaignId));
    // About 9.3 million characters as base64.
    expect(stored?.body.length).toBeGreaterThan(9_300_000);

    const before = (await campaignsOf(ctx, alice.userId)).length;
    const tooLarge = await launchNew(
      ctx,
      alice.cookie,
      input({ name: "Too large", sequence: [html("Hi", "<p>Hello</p>"), html("Again", image(8_100_000))] }),
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toMatchObject({
      code: "validation_error",
      message: "Step 2's message is 8.2 MB; a step can be at most 7 MB with its images.",
    });
    expect(await campaignsOf(ctx, alice.userId)).toHaveLength(before);
    sink.reset();
  });
});

describe("POST /api/campaigns/launch in live mode", () => {
  const live = { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1", SMTP_ALLOW_PRIVATE: "off" };
  let liveCtx: TestContext;
  let owner: { cookie: string; userId: string };

  beforeAll(async () => {
    liveCtx = await createTestContext(live, undefined, { now: clock.now, launchReportWaitMs: 0 });
    owner = await liveCtx.signUpVerified("live-one-request@example.com");
  });
  afterAll(async () => {
    await liveCtx?.close();
  });

  it("refuses senders that cannot send, naming each and why, with nothing stored", async () => {
    const res = await liveCtx.request("/api/senders", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        email: "local@acme.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "127.0.0.1", port: sink.port, security: "none", username: "u", password: "p" },
      },
    });
    expect(res.status).toBe(201);
    const savedSenderId = ((await res.json()) as { id: string }).id;
    const refused = await launchNew(
      liveCtx,
      owner.cookie,
      input({
        senderAccounts: [
          { email: "local@acme.test", provider: "custom", dailyLimit: 50, savedSenderId },
          { email: "typed@acme.test", provider: "custom", dailyLimit: 50 },
        ],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: "bad_request",
      message: `Sender account local@acme.test cannot send: its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION.replace(/\.$/, "")}. Sender account typed@acme.test cannot send: it has no SMTP connection. Add it on the Senders page. Then launch again.`,
    });
    expect(await campaignsOf(liveCtx, owner.userId)).toEqual([]);
    const copies = await liveCtx.database.db
      .select()
      .from(senderAccounts)
      .where(and(eq(senderAccounts.userId, owner.userId), isNotNull(senderAccounts.campaignId)));
    expect(copies).toEqual([]);
    expect(sink.messages).toHaveLength(0);

    // Stored as a draft instead, the campaign's page says the same of each sender.
    const draft = await liveCtx.request("/api/campaigns", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        ...input(),
        launchKey: undefined,
        senderAccounts: [
          { email: "local@acme.test", provider: "custom", dailyLimit: 50, savedSenderId },
          { email: "typed@acme.test", provider: "custom", dailyLimit: 50 },
        ],
      },
    });
    expect(draft.status).toBe(201);
    const detail = (await draft.json()) as CampaignDetail;
    expect(detail.senders.map((s) => [s.email, s.cannotSendReason])).toEqual([
      [
        "local@acme.test",
        `Its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION}`,
      ],
      ["typed@acme.test", "It has no SMTP connection. Add it on the Senders page."],
    ]);
  });
});

async function backendsWaitingOnALock(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

// Two transactions really at once, which only PostgreSQL runs (PGlite has one
// connection): the second insert under the same key waits on the unique index
// for the first to commit, then stores nothing and finds the first campaign.
describe.skipIf(testDbKind !== "postgres")("the launch key's unique index under concurrent transactions", () => {
  it("makes the second of two overlapping inserts store nothing and find the first", async () => {
    const service = createCampaignsService(
      {
        db: db(),
        config: ctx.config,
        log: createLogger("silent"),
        secrets: createSecretBox(ctx.config.appSecret),
        mailer: undefined as never,
        transports: harness.transports,
      },
      sanitizeSequence,
    );
    const { launchKey, ...campaign } = input({ name: "Overlapping", contacts: people(2, "overlap") });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = db().transaction(async (tx) => {
      const id = await service.insertCampaign(tx, alice.userId, campaign, launchKey);
      firstInserted();
      await held;
      return id;
    });
    await inserted;
    const second = db().transaction(async (tx) => {
      const id = await service.insertCampaign(tx, alice.userId, campaign, launchKey);
      return { id, found: await service.campaignOfLaunchKey(tx, alice.userId, launchKey) };
    });
    // The second insert waits on the first's uncommitted row: seen as a backend waiting on a lock.
    await expect.poll(() => backendsWaitingOnALock(), { timeout: 10_000 }).toBe(1);
    release();
    const firstId = await first;
    expect(await second).toEqual({ id: null, found: firstId });
    const stored = await db()
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.userId, alice.userId), eq(campaigns.launchKey, launchKey)));
    expect(stored.map((c) => c.id)).toEqual([firstId]);
  });
});
