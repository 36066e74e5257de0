// Reply Tracker through the app: the figures and lists over the user's active
// contacts (worked out by hand from the seeds), search and paging, and
// marking a contact as replied by hand — what it stops and records, its
// validation messages, and that another user's campaign is out of reach.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarkRepliedResult, ReplyTrackerPage, ReplyTrackerSummary } from "#shared/mailbox/mailbox.schemas.ts";
import { createCampaign, launch, people, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, replies, scheduledEmails } from "../../db/schema/index.ts";

type Session = { cookie: string; userId: string };

let ctx: TestContext;
let alice: Session;
let bob: Session;
/** Alice's seeded campaign (contacts written directly) and Bob's. */
let seeded: string;
let bobsCampaign: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function get<T>(path: string, session: Session): Promise<T> {
  const res = await ctx.request(path, { cookie: session.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const summaryOf = (s: Session) => get<ReplyTrackerSummary>("/api/mailbox/reply-tracker/summary", s);
const listOf = (s: Session, query: string) => get<ReplyTrackerPage>(`/api/mailbox/reply-tracker/contacts?${query}`, s);
const mark = (s: Session, json: unknown) =>
  ctx.request("/api/mailbox/reply-tracker/mark-replied", { method: "POST", cookie: s.cookie, json });

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-tracker@example.com");
  bob = await ctx.signUpVerified("bob-tracker@example.com");
  const db = ctx.database.db;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: alice.userId, name: "Seeded outreach", status: "active" })
    .returning();
  seeded = campaign!.id;
  // 30 active contacts waiting (newest: awaiting-1), 3 active that replied
  // (newest reply: Rita), 1 unsubscribed that replied and 1 bounced: not counted.
  await db.insert(contacts).values([
    ...Array.from({ length: 30 }, (_, i) => ({
      userId: alice.userId,
      campaignId: seeded,
      email: `awaiting-${i + 1}@prospects.test`,
      firstName: `Wait${i + 1}`,
      lastName: "Ing",
      createdAt: minutesAgo(100 + i),
    })),
    {
      userId: alice.userId,
      campaignId: seeded,
      email: "rita@prospects.test",
      firstName: "Rita",
      lastName: "Reply",
      repliedAt: minutesAgo(1),
    },
    {
      userId: alice.userId,
      campaignId: seeded,
      email: "sam@prospects.test",
      firstName: "Sam",
      repliedAt: minutesAgo(5),
    },
    { userId: alice.userId, campaignId: seeded, email: "tom@prospects.test", repliedAt: minutesAgo(9) },
    {
      userId: alice.userId,
      campaignId: seeded,
      email: "gone@prospects.test",
      status: "unsubscribed",
      repliedAt: minutesAgo(2),
    },
    { userId: alice.userId, campaignId: seeded, email: "bounced@prospects.test", status: "bounced" },
  ]);
  const [rita] = await db.select().from(contacts).where(eq(contacts.email, "rita@prospects.test"));
  await db.insert(replies).values({
    userId: alice.userId,
    campaignId: seeded,
    contactId: rita!.id,
    contactEmail: "rita@prospects.test",
    senderEmail: "me@acme.test",
    replyContent: `Sounds good, ${"let us talk ".repeat(30)}`,
    repliedAt: minutesAgo(1),
  });
  const [bobs] = await db
    .insert(campaigns)
    .values({ userId: bob.userId, name: "Bob's outreach", status: "active" })
    .returning();
  bobsCampaign = bobs!.id;
  await db.insert(contacts).values([
    { userId: bob.userId, campaignId: bobsCampaign, email: "bob-prospect@prospects.test", repliedAt: minutesAgo(3) },
    { userId: bob.userId, campaignId: bobsCampaign, email: "awaiting-99@prospects.test" },
  ]);
});
afterAll(() => ctx?.close());

describe("GET /api/mailbox/reply-tracker/summary", () => {
  it("counts the user's active contacts: 33 in all, 3 replied (9%), 30 without a reply", async () => {
    expect(await summaryOf(alice)).toEqual({ totalContacts: 33, replied: 3, noReply: 30, replyRate: 9 });
    expect(await summaryOf(bob)).toEqual({ totalContacts: 2, replied: 1, noReply: 1, replyRate: 50 });
  });

  it("is zero for a user with no contacts", async () => {
    const carol = await ctx.signUpVerified("carol-tracker@example.com");
    expect(await summaryOf(carol)).toEqual({ totalContacts: 0, replied: 0, noReply: 0, replyRate: 0 });
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/mailbox/reply-tracker/summary")).status).toBe(401);
  });
});

describe("GET /api/mailbox/reply-tracker/contacts", () => {
  it("lists Replied Contacts newest reply first, with the reply's start, and only active contacts", async () => {
    const page = await listOf(alice, "list=replied");
    expect(page.contacts.map((c) => c.email)).toEqual([
      "rita@prospects.test",
      "sam@prospects.test",
      "tom@prospects.test",
    ]);
    const [rita, sam] = page.contacts;
    expect(rita).toMatchObject({ name: "Rita Reply", campaignId: seeded, campaignName: "Seeded outreach" });
    expect(rita?.replyPreview?.startsWith("Sounds good, let us talk")).toBe(true);
    // The first 200 characters, cut with an ellipsis.
    expect(rita?.replyPreview).toMatch(/^Sounds good, let us talk .*…$/);
    expect(rita?.replyPreview?.length).toBeLessThanOrEqual(201);
    expect(sam?.replyPreview).toBeNull();
    expect(page.nextCursor).toBeNull();
  });

  it("lists Awaiting Replies newest first, 25 a page, and the next page continues without a gap", async () => {
    const first = await listOf(alice, "list=awaiting");
    expect(first.contacts).toHaveLength(25);
    expect(first.contacts[0]).toMatchObject({ email: "awaiting-1@prospects.test", repliedAt: null });
    expect(first.nextCursor).not.toBeNull();
    const second = await listOf(alice, `list=awaiting&cursor=${first.nextCursor}`);
    expect(second.contacts.map((c) => c.email)).toEqual(
      [26, 27, 28, 29, 30].map((i) => `awaiting-${i}@prospects.test`),
    );
    expect(second.nextCursor).toBeNull();
  });

  it("searches by email or name, case-insensitively", async () => {
    expect((await listOf(alice, "list=awaiting&search=AWAITING-12")).contacts.map((c) => c.email)).toEqual([
      "awaiting-12@prospects.test",
    ]);
    expect((await listOf(alice, "list=replied&search=rita%20rep")).contacts.map((c) => c.email)).toEqual([
      "rita@prospects.test",
    ]);
    expect((await listOf(alice, "list=replied&search=nobody")).contacts).toEqual([]);
  });

  it("never shows another user's contacts", async () => {
    const awaiting = await listOf(alice, "list=awaiting&search=awaiting-99");
    expect(awaiting.contacts).toEqual([]);
    const bobs = await listOf(bob, "list=replied");
    expect(bobs.contacts.map((c) => c.email)).toEqual(["bob-prospect@prospects.test"]);
  });

  it("refuses an unknown list or a forged cursor with a 400 in the error shape", async () => {
    const bad = await ctx.request("/api/mailbox/reply-tracker/contacts?list=everyone", { cookie: alice.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    const forged = await ctx.request("/api/mailbox/reply-tracker/contacts?list=replied&cursor=abc", {
      cookie: alice.cookie,
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: "validation_error", message: "Invalid cursor" } });
  });
});

describe("POST /api/mailbox/reply-tracker/mark-replied", () => {
  it("stops the contact's queued steps, sets replied_at and records a reply 'marked by hand'", async () => {
    const detail = await createCampaign(ctx, alice.cookie, {
      name: "Launched",
      senderAccounts: [{ email: "me@sender.test", provider: "custom", dailyLimit: 50 }],
      contacts: people(2, "launched"),
      sequence: [step("Hi {{firstName}}", "Hello"), step("Again", "Following up", { amount: 2 })],
    });
    const campaignId = detail.campaign.id;
    expect((await launch(ctx, alice.cookie, campaignId)).status).toBe(200);
    const before = await summaryOf(alice);

    const res = await mark(alice, {
      contactEmail: "  LAUNCHED-1@prospects.test ",
      campaignId,
      note: "Called back by phone",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as MarkRepliedResult;
    expect(result).toMatchObject({
      contactEmail: "launched-1@prospects.test",
      campaignId,
      alreadyReplied: false,
      cancelledSteps: 1,
    });

    const db = ctx.database.db;
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, result.contactId));
    expect(contact?.repliedAt?.toISOString()).toBe(result.repliedAt);
    expect(contact?.status).toBe("active");
    const queue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, result.contactId));
    expect(queue.filter((q) => q.status === "cancelled").map((q) => q.cancelReason)).toEqual(["replied"]);
    const recorded = await db.select().from(replies).where(eq(replies.contactId, result.contactId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      userId: alice.userId,
      campaignId,
      contactEmail: "launched-1@prospects.test",
      senderEmail: "me@sender.test",
      replyContent: "Called back by phone",
      kind: "reply",
      replyClass: "other",
      classRule: "marked by hand",
      classCorrected: false,
    });
    // The other contact's follow-up is still queued.
    const [other] = await db.select().from(contacts).where(eq(contacts.email, "launched-2@prospects.test"));
    const otherQueue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, other!.id));
    expect(otherQueue.some((q) => q.status === "scheduled")).toBe(true);

    expect(await summaryOf(alice)).toMatchObject({ replied: before.replied + 1, noReply: before.noReply - 1 });
    const repliedList = await listOf(alice, "list=replied&search=launched-1");
    expect(repliedList.contacts[0]).toMatchObject({
      repliedAt: result.repliedAt,
      replyPreview: "Called back by phone",
    });

    // Again: nothing changes, and no second reply is recorded.
    const again = await mark(alice, { contactEmail: "launched-1@prospects.test", campaignId });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyReplied: true, cancelledSteps: 0, repliedAt: result.repliedAt });
    expect(await db.select().from(replies).where(eq(replies.contactId, result.contactId))).toHaveLength(1);
  });

  it("records an empty content when no note is given", async () => {
    const res = await mark(alice, { contactEmail: "awaiting-30@prospects.test", campaignId: seeded });
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(replies)
      .where(and(eq(replies.contactEmail, "awaiting-30@prospects.test"), eq(replies.userId, alice.userId)));
    expect(row).toMatchObject({ replyContent: "", senderEmail: "", classRule: "marked by hand" });
  });

  it.each([
    [{ contactEmail: "", campaignId: "" }, "Please enter both email and campaign ID"],
    [{ contactEmail: "a@b.co", campaignId: "   " }, "Please enter both email and campaign ID"],
    [
      { contactEmail: "", campaignId: "0b0c1c9e-2f43-4c8f-9a51-2a4d1f3e5b6c" },
      "Please enter both email and campaign ID",
    ],
    [
      { contactEmail: "not an email", campaignId: "0b0c1c9e-2f43-4c8f-9a51-2a4d1f3e5b6c" },
      "Please enter a valid email address",
    ],
    [
      { contactEmail: "a@b.co", campaignId: "campaign-7" },
      "Please enter a valid campaign ID (the id in a campaign's address, /campaigns/edit/…)",
    ],
  ])("refuses %j with a 400 and a clear message", async (body, message) => {
    const res = await mark(alice, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_error", message } });
  });

  it("answers 404 for a campaign that is not the user's, or a contact not in the campaign", async () => {
    const unknown = await mark(alice, {
      contactEmail: "rita@prospects.test",
      campaignId: "0b0c1c9e-2f43-4c8f-9a51-2a4d1f3e5b6c",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: "not_found", message: "Campaign not found" } });

    const notThere = await mark(alice, { contactEmail: "stranger@prospects.test", campaignId: seeded });
    expect(notThere.status).toBe(404);
    expect(await notThere.json()).toMatchObject({
      error: { message: "No contact stranger@prospects.test in this campaign" },
    });
  });

  it("never marks another user's contact", async () => {
    const res = await mark(bob, { contactEmail: "awaiting-5@prospects.test", campaignId: seeded });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: "Campaign not found" } });
    const [contact] = await ctx.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, "awaiting-5@prospects.test"));
    expect(contact?.repliedAt).toBeNull();
    // And Alice cannot reach Bob's.
    const theirs = await mark(alice, { contactEmail: "awaiting-99@prospects.test", campaignId: bobsCampaign });
    expect(theirs.status).toBe(404);
  });

  it("needs a session", async () => {
    const res = await ctx.request("/api/mailbox/reply-tracker/mark-replied", {
      method: "POST",
      json: { contactEmail: "a@b.co", campaignId: seeded },
    });
    expect(res.status).toBe(401);
  });
});
