// Failed emails through the app: the spam list (newest first, previews cut at
// 200 characters, the count badge, paging), one email in full, Delete, Clear
// All Spam (the user's own only), Add Sample Emails, and the Recent Failures
// panel — with another user's spam and sends never shown or touched.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryFailureList, SpamEmailDetail, SpamList } from "#shared/mailbox/mailbox.schemas.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends, senderAccounts, spamEmails } from "../../db/schema/index.ts";

type Session = { cookie: string; userId: string };

let ctx: TestContext;
let alice: Session;
let bob: Session;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

async function get<T>(path: string, session: Session): Promise<T> {
  const res = await ctx.request(path, { cookie: session.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const spamOf = (s: Session, query = "") => get<SpamList>(`/api/spam${query}`, s);
const countOf = async (userId: string) =>
  (await ctx.database.db.select().from(spamEmails).where(eq(spamEmails.userId, userId))).length;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-spam@example.com");
  bob = await ctx.signUpVerified("bob-spam@example.com");
});
afterAll(() => ctx?.close());

describe("the spam list", () => {
  let mailboxId: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    const [sender] = await db
      .insert(senderAccounts)
      .values({ userId: alice.userId, email: "me@acme.test", provider: "custom", dailyLimit: 50 })
      .returning();
    mailboxId = sender!.id;
    await db.insert(spamEmails).values([
      {
        userId: alice.userId,
        subject: "Older",
        senderEmail: "old@junk.test",
        content: "Short and\n\n  old",
        receivedAt: hoursAgo(3),
      },
      {
        userId: alice.userId,
        subject: "Newest",
        senderEmail: "new@junk.test",
        content: `Win ${"big ".repeat(100)}`,
        receivedAt: hoursAgo(1),
        senderAccountId: mailboxId,
        folder: "Junk",
        sourceKey: "Junk:1:7",
      },
      {
        userId: bob.userId,
        subject: "Bob's junk",
        senderEmail: "x@junk.test",
        content: "for Bob",
        receivedAt: hoursAgo(2),
      },
    ]);
  });

  it("lists the user's spam newest first, the content cut at 200 characters, with the total", async () => {
    const list = await spamOf(alice);
    expect(list.total).toBe(2);
    expect(list.nextCursor).toBeNull();
    expect(list.emails.map((e) => e.subject)).toEqual(["Newest", "Older"]);
    const [newest, older] = list.emails;
    expect(newest).toMatchObject({ senderEmail: "new@junk.test", mailbox: "me@acme.test", folder: "Junk" });
    expect(newest?.preview).toMatch(/^Win (big ?)+…$/);
    expect(newest?.preview.length).toBeLessThanOrEqual(201);
    expect(older).toMatchObject({ preview: "Short and old", mailbox: null, folder: null });
    expect((await spamOf(bob)).emails.map((e) => e.subject)).toEqual(["Bob's junk"]);
  });

  it("gives one email in full, and 404 for another user's or an unknown id", async () => {
    const [newest] = (await spamOf(alice)).emails;
    const full = await get<SpamEmailDetail>(`/api/spam/${newest!.id}`, alice);
    expect(full.content).toBe(`Win ${"big ".repeat(100)}`);
    const asBob = await ctx.request(`/api/spam/${newest!.id}`, { cookie: bob.cookie });
    expect(asBob.status).toBe(404);
    expect(await asBob.json()).toEqual({ error: { code: "not_found", message: "Spam email not found" } });
    expect((await ctx.request("/api/spam/not-an-id", { cookie: alice.cookie })).status).toBe(404);
  });

  it("pages 50 at a time and counts them all", async () => {
    const carol = await ctx.signUpVerified("carol-spam@example.com");
    await ctx.database.db.insert(spamEmails).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: carol.userId,
        subject: `Junk ${i + 1}`,
        senderEmail: "bulk@junk.test",
        content: "…",
        receivedAt: hoursAgo(i + 1),
      })),
    );
    const first = await spamOf(carol);
    expect(first.total).toBe(55);
    expect(first.emails).toHaveLength(50);
    const second = await spamOf(carol, `?cursor=${first.nextCursor}`);
    expect(second.emails.map((e) => e.subject)).toEqual([51, 52, 53, 54, 55].map((i) => `Junk ${i}`));
    expect(second.total).toBe(55);
    expect(second.nextCursor).toBeNull();
    const bad = await ctx.request("/api/spam?cursor=nonsense", { cookie: carol.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "validation_error", message: "Invalid cursor" } });
  });

  it("is empty with a total of 0 for a user without spam", async () => {
    const dave = await ctx.signUpVerified("dave-spam@example.com");
    expect(await spamOf(dave)).toEqual({ emails: [], total: 0, nextCursor: null });
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/spam")).status).toBe(401);
    expect((await ctx.request("/api/spam", { method: "DELETE" })).status).toBe(401);
    expect((await ctx.request("/api/spam/samples", { method: "POST" })).status).toBe(401);
  });
});

describe("Delete, Clear All Spam and Add Sample Emails", () => {
  it("adds the sample emails, newest first", async () => {
    const erin = await ctx.signUpVerified("erin-spam@example.com");
    const res = await ctx.request("/api/spam/samples", { method: "POST", cookie: erin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 5 });
    const list = await spamOf(erin);
    expect(list.total).toBe(5);
    expect(list.emails[0]?.subject).toBe("Congratulations! You have been selected for a $1,000 gift card");
    const times = list.emails.map((e) => Date.parse(e.receivedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("deletes one spam email for good; another user's is a 404 and stays", async () => {
    const frank = await ctx.signUpVerified("frank-spam@example.com");
    await ctx.request("/api/spam/samples", { method: "POST", cookie: frank.cookie });
    const [first] = (await spamOf(frank)).emails;
    const asAlice = await ctx.request(`/api/spam/${first!.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(asAlice.status).toBe(404);
    expect(await countOf(frank.userId)).toBe(5);

    const res = await ctx.request(`/api/spam/${first!.id}`, { method: "DELETE", cookie: frank.cookie });
    expect(res.status).toBe(204);
    expect(await countOf(frank.userId)).toBe(4);
    const again = await ctx.request(`/api/spam/${first!.id}`, { method: "DELETE", cookie: frank.cookie });
    expect(again.status).toBe(404);
  });

  it("clears the user's spam and no one else's", async () => {
    const gina = await ctx.signUpVerified("gina-spam@example.com");
    const hal = await ctx.signUpVerified("hal-spam@example.com");
    await ctx.request("/api/spam/samples", { method: "POST", cookie: gina.cookie });
    await ctx.request("/api/spam/samples", { method: "POST", cookie: hal.cookie });
    const res = await ctx.request("/api/spam", { method: "DELETE", cookie: gina.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 5 });
    expect(await countOf(gina.userId)).toBe(0);
    expect(await countOf(hal.userId)).toBe(5);
    expect((await spamOf(gina)).total).toBe(0);
  });
});

describe("GET /api/mailbox/recent-failures", () => {
  it("lists the user's 10 newest failures with category, reason and the technical error", async () => {
    const ivy = await ctx.signUpVerified("ivy-spam@example.com");
    const db = ctx.database.db;
    const [campaign] = await db.insert(campaigns).values({ userId: ivy.userId, name: "Q3 push" }).returning();
    const [contact] = await db
      .insert(contacts)
      .values({ userId: ivy.userId, campaignId: campaign!.id, email: "lee@prospects.test" })
      .returning();
    const failure = (i: number) => ({
      userId: ivy.userId,
      toEmail: `direct-${i}@prospects.test`,
      fromEmail: "me@acme.test",
      subject: `Try ${i}`,
      body: "Hi",
      status: "failed" as const,
      failureCategory: "network" as const,
      errorMessage: "SMTP error: 421 4.7.0 Try again later",
      createdAt: hoursAgo(10 + i),
    });
    await db.insert(emailSends).values([
      ...Array.from({ length: 11 }, (_, i) => failure(i + 1)),
      {
        userId: ivy.userId,
        campaignId: campaign!.id,
        contactId: contact!.id,
        toEmail: "lee@prospects.test",
        fromEmail: "me@acme.test",
        subject: "Hello Lee",
        body: "Hi",
        status: "failed",
        failureCategory: "invalid_address",
        failureReason: "user_unknown",
        bounceType: "hard",
        errorMessage: buildSendErrorMessage({
          error: "550 5.1.1 <lee@prospects.test>: User unknown",
          recipient: "lee@prospects.test",
          sender: "me@acme.test",
          subject: "Hello Lee",
          timestamp: hoursAgo(1),
          category: "invalid_address",
        }),
        createdAt: hoursAgo(1),
      },
      { ...failure(0), status: "sent", failureCategory: null, errorMessage: null, createdAt: hoursAgo(0.5) },
    ]);
    const { failures } = await get<DeliveryFailureList>("/api/mailbox/recent-failures", ivy);
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({
      contactEmail: "lee@prospects.test",
      campaignName: "Q3 push",
      status: "failed",
      category: "invalid_address",
      categoryLabel: "Invalid Address",
      reason: "The address does not exist (hard bounce: the address was suppressed)",
      failureReason: "user_unknown",
      bounceType: "hard",
      error: { kind: "details", summary: "550 5.1.1 <lee@prospects.test>: User unknown", category: "invalid_address" },
    });
    expect(failures[1]).toMatchObject({
      contactEmail: "direct-1@prospects.test",
      campaignName: null,
      categoryLabel: "Network",
      // Recorded without a reason (before reasons existed): the category's meaning.
      reason: "Connection issue",
      failureReason: null,
      error: { kind: "raw", text: "SMTP error: 421 4.7.0 Try again later" },
    });
    expect(failures.at(-1)?.contactEmail).toBe("direct-9@prospects.test");

    // Another user sees none of them.
    const { failures: theirs } = await get<DeliveryFailureList>("/api/mailbox/recent-failures", bob);
    expect(theirs).toEqual([]);
  });
});
