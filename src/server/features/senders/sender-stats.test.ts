// /api/senders/stats, /api/senders/profile and /api/senders/{id}/emails
// through the app, on a fixture whose figures are worked out by hand below:
// period boundaries (today, last 7 days, last 30 days, all time, in UTC days),
// Scheduled Today, the daily limit bar, keyset pages, tenant isolation, 401.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  SenderActivity,
  SenderEmailPage,
  SenderProfile,
  SenderStatsList,
} from "#shared/senders/sender-stats.schemas.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns } from "../../db/schema/campaigns.ts";
import { contacts } from "../../db/schema/contacts.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { emailSends, scheduledEmails } from "../../db/schema/sending.ts";
import { emailSequences } from "../../db/schema/sequences.ts";

// The fixed "now" of the service: Thursday 5 March 2026, 10:30 UTC.
// Today = 2026-03-05; last 7 days = 2026-02-27..03-05; last month (30 days) = 2026-02-04..03-05.
const NOW = new Date("2026-03-05T10:30:00.000Z");
const at = (iso: string) => new Date(iso);

type User = { cookie: string; userId: string };
type ErrorJson = { error: { code: string; message: string } };

let ctx: TestContext;
let alice: User;
let bob: User;
let alpha: Sender; // Alice's saved sender with sends on every boundary
let beta: Sender; // Alice's saved sender that never sent
let gamma: Sender; // Alice's saved sender over its daily limit
let bobsAlpha: Sender; // Bob's saved sender with the same address as Alice's alpha
let campaignId: string;
let copyId: string; // the campaign's copy of alpha
/** Alice's alpha sends, newest first, as the history must list them. */
let alphaOrder: string[];

async function get<T>(user: User | null, path: string): Promise<{ status: number; body: T }> {
  const res = await ctx.request(`/api/senders${path}`, user ? { cookie: user.cookie } : {});
  return { status: res.status, body: (await res.json()) as T };
}

async function createSender(user: User, email: string, dailyLimit = 50): Promise<Sender> {
  const res = await ctx.request("/api/senders", {
    method: "POST",
    cookie: user.cookie,
    json: { email, provider: "custom", dailyLimit },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Sender;
}

const figures = (sent: number, failed: number, opened: number, successRate: number, openRate: number) =>
  ({ sent, failed, opened, successRate, openRate }) satisfies SenderActivity;

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { now: () => new Date(NOW) });
  alice = await ctx.signUpVerified("alice-stats@example.com");
  bob = await ctx.signUpVerified("bob-stats@example.com");
  alpha = await createSender(alice, "Alpha@Acme.test", 40);
  beta = await createSender(alice, "beta@acme.test");
  gamma = await createSender(alice, "gamma@acme.test", 2);
  bobsAlpha = await createSender(bob, "alpha@acme.test");

  const db = ctx.database.db;
  const [campaign] = await db.insert(campaigns).values({ userId: alice.userId, name: "Spring outreach" }).returning();
  if (!campaign) throw new Error("no campaign");
  campaignId = campaign.id;
  const [step] = await db
    .insert(emailSequences)
    .values({ campaignId, stepNumber: 1, subject: "Hi", body: "Hello" })
    .returning();
  // Campaign senders: a copy of alpha (same address, other case) and a copy of
  // alpha that was given another address.
  const [copy, renamed] = await db
    .insert(senderAccounts)
    .values([
      { userId: alice.userId, campaignId, email: "alpha@ACME.test", sourceSenderId: alpha.id, dailyLimit: 40 },
      { userId: alice.userId, campaignId, email: "renamed@acme.test", sourceSenderId: alpha.id, dailyLimit: 30 },
    ])
    .returning();
  if (!copy || !renamed || !step) throw new Error("fixture");
  copyId = copy.id;

  const send = (
    key: string,
    o: {
      from?: string;
      user?: string;
      status: "sent" | "failed" | "pending";
      created: string;
      sent?: string;
      opened?: string;
      error?: string;
      category?: "bounced";
    },
  ) => ({
    userId: o.user ?? alice.userId,
    campaignId: o.user ? null : campaignId,
    senderAccountId: o.user ? null : copy.id,
    toEmail: `${key}@prospects.test`,
    fromEmail: o.from ?? "alpha@acme.test",
    subject: `Subject ${key}`,
    body: "Body",
    status: o.status,
    createdAt: at(o.created),
    sentAt: o.sent ? at(o.sent) : null,
    openedAt: o.opened ? at(o.opened) : null,
    errorMessage: o.error ?? null,
    failureCategory: o.category ?? null,
  });
  const bounce = buildSendErrorMessage({
    error: "550 5.1.1 mailbox unavailable",
    recipient: "s3@prospects.test",
    sender: "alpha@acme.test",
    subject: "Subject s3",
    timestamp: "2026-03-05T08:00:00.000Z",
    category: "bounced",
  });
  const rows = [
    // Today.
    send("s1", {
      from: "Alpha@Acme.test",
      status: "sent",
      created: "2026-03-05T09:00:00Z",
      sent: "2026-03-05T09:00:00Z",
      opened: "2026-03-05T10:00:00Z",
    }),
    send("s2", { status: "sent", created: "2026-03-05T00:00:00Z", sent: "2026-03-05T00:00:00Z" }),
    send("s3", { status: "failed", created: "2026-03-05T08:00:00Z", error: bounce, category: "bounced" }),
    send("s10", { status: "pending", created: "2026-03-05T11:00:00Z" }),
    // Yesterday's last millisecond, opened today.
    send("s4", {
      status: "sent",
      created: "2026-03-04T23:59:59.999Z",
      sent: "2026-03-04T23:59:59.999Z",
      opened: "2026-03-05T01:00:00Z",
    }),
    // First day of the last 7 days, and the day before it.
    send("s5", { status: "sent", created: "2026-02-27T00:00:00Z", sent: "2026-02-27T00:00:00Z" }),
    send("s6", { status: "sent", created: "2026-02-26T23:59:59Z", sent: "2026-02-26T23:59:59Z" }),
    send("s7", { status: "failed", created: "2026-02-26T12:00:00Z", error: "connection reset by peer" }),
    // First day of the last 30 days, and the day before it.
    send("s8", {
      status: "sent",
      created: "2026-02-04T00:00:00Z",
      sent: "2026-02-04T00:00:00Z",
      opened: "2026-02-04T05:00:00Z",
    }),
    send("s9", {
      status: "sent",
      created: "2026-02-03T23:59:59Z",
      sent: "2026-02-03T23:59:59Z",
      opened: "2026-02-03T23:59:59Z",
    }),
    // Older: two with the same created_at (the keyset tie-breaker is the id).
    send("s11", { status: "sent", created: "2026-01-10T00:00:00Z", sent: "2026-01-10T00:00:00Z" }),
    send("s12", { status: "sent", created: "2026-01-10T00:00:00Z", sent: "2026-01-10T00:00:00Z" }),
    // Not alpha's: another address of Alice's, and Bob's send from the same address.
    send("x1", {
      from: "other@acme.test",
      status: "sent",
      created: "2026-03-05T09:30:00Z",
      sent: "2026-03-05T09:30:00Z",
    }),
    send("b1", {
      user: bob.userId,
      status: "sent",
      created: "2026-03-05T09:45:00Z",
      sent: "2026-03-05T09:45:00Z",
      opened: "2026-03-05T09:50:00Z",
    }),
    // gamma: 3 sent today against a limit of 2.
    ...["g1", "g2", "g3"].map((key, i) =>
      send(key, {
        from: "gamma@acme.test",
        status: "sent",
        created: `2026-03-05T0${i + 1}:00:00Z`,
        sent: `2026-03-05T0${i + 1}:00:00Z`,
      }),
    ),
  ];
  const inserted = await db.insert(emailSends).values(rows).returning({ id: emailSends.id, to: emailSends.toEmail });
  const idOf = (key: string) => inserted.find((r) => r.to === `${key}@prospects.test`)?.id ?? "";
  const [s11, s12] = [idOf("s11"), idOf("s12")].sort().reverse();
  alphaOrder = [...["s10", "s1", "s3", "s2", "s4", "s5", "s6", "s7", "s8", "s9"].map(idOf), s11 ?? "", s12 ?? ""];

  // The queue: 2 due today through alpha's copies, the rest not.
  const people = await db
    .insert(contacts)
    .values(Array.from({ length: 7 }, (_, i) => ({ userId: alice.userId, campaignId, email: `q${i}@prospects.test` })))
    .returning();
  const queued = (
    i: number,
    senderAccountId: string,
    scheduledFor: string,
    status: "scheduled" | "sent" = "scheduled",
  ) => ({
    campaignId,
    contactId: people[i]?.id ?? "",
    sequenceId: step.id,
    senderAccountId,
    scheduledFor: at(scheduledFor),
    status,
  });
  await db.insert(scheduledEmails).values([
    queued(0, copy.id, "2026-03-05T12:00:00Z"), // today: counts
    queued(1, renamed.id, "2026-03-05T23:59:59.999Z"), // copy of alpha under another address, today: counts
    queued(2, copy.id, "2026-03-06T00:00:00Z"), // tomorrow
    queued(3, copy.id, "2026-03-04T23:59:59Z"), // yesterday
    queued(4, copy.id, "2026-03-05T09:00:00Z", "sent"), // no longer queued
    queued(5, gamma.id, "2026-03-05T12:00:00Z"), // gamma's, not alpha's
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/senders/stats", () => {
  it("gives each saved sender's figures for today, the last 7 days, the last month and all time", async () => {
    const res = await get<SenderStatsList>(alice, "/stats");
    expect(res.status).toBe(200);
    expect(res.body.today).toBe("2026-03-05");
    const byId = Object.fromEntries(res.body.stats.map((s) => [s.senderId, s]));
    expect(res.body.stats.map((s) => s.senderId)).toEqual([gamma.id, beta.id, alpha.id]);

    // Today: sent s1, s2; failed s3; opened s1 and s4 (opened today, sent yesterday).
    // Last 7 days: sent s1 s2 s4 s5; failed s3; opened s1 s4.
    // Last month: sent s1 s2 s4 s5 s6 s8; failed s3 s7; opened s1 s4 s8.
    // All time: + s9 s11 s12 sent, s9 opened. Pending s10 counts nowhere.
    expect(byId[alpha.id]).toEqual({
      senderId: alpha.id,
      address: "alpha@acme.test",
      today: figures(2, 1, 2, 67, 100), // 2/3, 2/2
      last7Days: figures(4, 1, 2, 80, 50), // 4/5, 2/4
      lastMonth: figures(6, 2, 3, 75, 50), // 6/8, 3/6
      total: figures(9, 2, 4, 82, 44), // 9/11 = 81.8, 4/9 = 44.4
    });
    // Nothing sent: success 100 (nothing failed), open 0.
    const none = figures(0, 0, 0, 100, 0);
    expect(byId[beta.id]).toEqual({
      senderId: beta.id,
      address: "beta@acme.test",
      today: none,
      last7Days: none,
      lastMonth: none,
      total: none,
    });
    expect(byId[gamma.id]?.today).toEqual(figures(3, 0, 0, 100, 0));
  });

  it("groups senders by the same counters: the list's sentCount is the all-time sent", async () => {
    const res = await get<{ senders: Sender[] }>(alice, "");
    expect(Object.fromEntries(res.body.senders.map((s) => [s.email, s.sentCount]))).toEqual({
      "Alpha@Acme.test": 9,
      "beta@acme.test": 0,
      "gamma@acme.test": 3,
    });
    expect((await get<Sender>(alice, `/${alpha.id}`)).body.sentCount).toBe(9);
  });

  it("shows another user only their own senders and sends, even at the same address", async () => {
    const res = await get<SenderStatsList>(bob, "/stats");
    expect(res.body.stats.map((s) => s.senderId)).toEqual([bobsAlpha.id]);
    expect(res.body.stats[0]?.today).toEqual(figures(1, 0, 1, 100, 100));
    expect(res.body.stats[0]?.total).toEqual(figures(1, 0, 1, 100, 100));
  });
});

describe("GET /api/senders/profile", () => {
  it("gives account information, totals, Scheduled Today, Daily Email Activity and the 10 recent emails", async () => {
    const res = await get<SenderProfile>(alice, `/profile?email=${encodeURIComponent("ALPHA@acme.test")}`);
    expect(res.status).toBe(200);
    const p = res.body;
    // The saved sender, not its campaign copy.
    expect(p.sender).toMatchObject({
      id: alpha.id,
      email: "Alpha@Acme.test",
      campaignId: null,
      dailyLimit: 40,
      sentCount: 9,
    });
    expect(p.campaignCount).toBe(1);
    expect(p.total).toEqual(figures(9, 2, 4, 82, 44));
    // s1 (today through the copy) and the renamed copy's row due at 23:59:59.999.
    expect(p.scheduledToday).toBe(2);
    // 2 sent today of 40: 5%.
    expect(p.dailyActivity).toEqual({ day: "2026-03-05", sent: 2, dailyLimit: 40, percentOfLimit: 5 });
    expect(p.recentEmails.map((e) => e.id)).toEqual(alphaOrder.slice(0, 10));
    const [s10, s1, s3] = p.recentEmails;
    expect(s10).toMatchObject({ status: "pending", sentAt: null, campaignName: "Spring outreach", error: null });
    expect(s1).toMatchObject({
      toEmail: "s1@prospects.test",
      subject: "Subject s1",
      status: "opened",
      sentAt: "2026-03-05T09:00:00.000Z",
      openedAt: "2026-03-05T10:00:00.000Z",
      campaignId,
      failureCategory: null,
      failureReason: null,
      reason: null,
    });
    expect(s3).toMatchObject({
      status: "failed",
      failureCategory: "bounced",
      failureReason: null,
      reason: "Mailbox issues",
      error: "550 5.1.1 mailbox unavailable",
    });
    // A failure without the details JSON shows its raw text; no category means other.
    const s7 = p.recentEmails.find((e) => e.toEmail === "s7@prospects.test");
    expect(s7).toMatchObject({ status: "failed", failureCategory: "other", error: "connection reset by peer" });
  });

  it("caps the percent of the daily limit at 100", async () => {
    const p = (await get<SenderProfile>(alice, "/profile?email=gamma@acme.test")).body;
    expect(p.dailyActivity).toEqual({ day: "2026-03-05", sent: 3, dailyLimit: 2, percentOfLimit: 100 });
    expect(p.scheduledToday).toBe(1);
    expect(p.campaignCount).toBe(0);
  });

  it("shows a sender with no sends, and a campaign sender that is not saved", async () => {
    const unused = (await get<SenderProfile>(alice, "/profile?email=beta@acme.test")).body;
    expect(unused.total).toEqual(figures(0, 0, 0, 100, 0));
    expect(unused.dailyActivity.percentOfLimit).toBe(0);
    expect(unused.scheduledToday).toBe(0);
    expect(unused.recentEmails).toEqual([]);

    const copy = await get<SenderProfile>(alice, "/profile?email=renamed@acme.test");
    expect(copy.status).toBe(200);
    expect(copy.body.sender).toMatchObject({ email: "renamed@acme.test", campaignId, dailyLimit: 30 });
    expect(copy.body.campaignCount).toBe(1);
    expect(copy.body.scheduledToday).toBe(1);
  });

  it("answers 404 for an address the user has no sender for, including another user's", async () => {
    for (const [user, email] of [
      [alice, "nobody@acme.test"],
      [bob, "beta@acme.test"],
      [bob, "renamed@acme.test"],
    ] as const) {
      const res = await get<ErrorJson>(user, `/profile?email=${encodeURIComponent(email)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: "Sender account not found" } });
    }
  });

  it("gives another user their own figures for the same address", async () => {
    const p = (await get<SenderProfile>(bob, "/profile?email=alpha@acme.test")).body;
    expect(p.sender.id).toBe(bobsAlpha.id);
    expect(p.total).toEqual(figures(1, 0, 1, 100, 100));
    expect(p.scheduledToday).toBe(0);
    expect(p.recentEmails.map((e) => e.toEmail)).toEqual(["b1@prospects.test"]);
  });

  it("needs the email", async () => {
    const res = await get<ErrorJson>(alice, "/profile");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });
});

describe("GET /api/senders/{id}/emails", () => {
  it("pages through the sender's history newest first, each email once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=5&cursor=${cursor}` : "?limit=5";
      const res = await get<SenderEmailPage>(alice, `/${alpha.id}/emails${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.emails.map((e) => e.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(alphaOrder);
  });

  it("keeps the order across rows created in the same microsecond and rows microseconds apart", async () => {
    const user = await ctx.signUpVerified("ties@example.com");
    const sender = await createSender(user, "ties@acme.test");
    const db = ctx.database.db;
    // One statement: the same now() for all three. Then two more, each its own now().
    const row = (n: number) => ({
      userId: user.userId,
      toEmail: `t${n}@prospects.test`,
      fromEmail: "ties@acme.test",
      subject: `T${n}`,
      body: "b",
    });
    await db.insert(emailSends).values([row(1), row(2), row(3)]);
    await db.insert(emailSends).values(row(4));
    await db.insert(emailSends).values(row(5));
    const expected = (
      await db
        .select({ id: emailSends.id })
        .from(emailSends)
        .where(eq(emailSends.userId, user.userId))
        .orderBy(sql`${emailSends.createdAt} desc, ${emailSends.id} desc`)
    ).map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : "?limit=1";
      const res = await get<SenderEmailPage>(user, `/${sender.id}/emails${query}`);
      seen.push(...res.body.emails.map((e) => e.id));
      cursor = res.body.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(expected);
    expect(seen).toHaveLength(5);
  });

  it("has no next page after the last email, and an empty history for an unused sender", async () => {
    const all = await get<SenderEmailPage>(alice, `/${alpha.id}/emails?limit=100`);
    expect(all.body.emails).toHaveLength(12);
    expect(all.body.nextCursor).toBeNull();
    expect((await get<SenderEmailPage>(alice, `/${beta.id}/emails`)).body).toEqual({ emails: [], nextCursor: null });
  });

  it("rejects a bad limit or cursor with a 400", async () => {
    for (const query of ["?limit=0", "?limit=101", "?limit=x", "?cursor=not-a-cursor"]) {
      const res = await get<ErrorJson>(alice, `/${alpha.id}/emails${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
  });

  it("answers 404 for another user's sender, a campaign copy, or a malformed id", async () => {
    for (const [user, id] of [
      [bob, alpha.id],
      [alice, bobsAlpha.id],
      [alice, copyId],
      [alice, "not-a-uuid"],
    ] as const) {
      const res = await get<ErrorJson>(user, `/${id}/emails`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: "Sender account not found" } });
    }
  });
});

describe("authentication", () => {
  it("needs a session for every statistics route", async () => {
    for (const path of ["/stats", "/profile?email=alpha@acme.test", `/${alpha.id}/emails`]) {
      expect((await get(null, path)).status, path).toBe(401);
    }
  });
});

describe("OpenAPI", () => {
  it("describes the statistics routes", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths["/api/senders/stats"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/senders/profile"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/senders/{id}/emails"] ?? {})).toEqual(["get"]);
  });
});
