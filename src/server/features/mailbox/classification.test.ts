// Email Classification through the app: the counts per class, the list (all
// kinds of inbound reply, newest first, filtered by class, a page at a time),
// one reply with its threading headers, and the user's correction — kept, and
// for Unsubscribe request suppressing the address and stopping the sequence.
// Another user's replies are never shown or changed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReplyClass } from "#shared/db-enums.ts";
import type { ClassifiedReplyPage, ReplyClassCounts, ReplyDetail } from "#shared/mailbox/mailbox.schemas.ts";
import { createCampaign, launch, people, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { contacts, replies, scheduledEmails, suppressions } from "../../db/schema/index.ts";

type Session = { cookie: string; userId: string };

let ctx: TestContext;
let alice: Session;
let bob: Session;
let campaignId: string;
let contactId: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function get<T>(path: string, session: Session): Promise<T> {
  const res = await ctx.request(path, { cookie: session.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const correct = (s: Session, id: string, replyClass: unknown) =>
  ctx.request(`/api/mailbox/replies/${id}`, { method: "PATCH", cookie: s.cookie, json: { replyClass } });

type Seed = { email: string; replyClass: ReplyClass; kind?: "reply" | "auto_reply" | "bounce" | "unsubscribe" };

async function seedReply(
  userId: string,
  seed: Seed,
  minutes: number,
  extra: Partial<typeof replies.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(replies)
    .values({
      userId,
      contactEmail: seed.email,
      senderEmail: "me@acme.test",
      subject: `Re: Hello from ${seed.email}`,
      replyContent: `Reply of ${seed.email}`,
      repliedAt: minutesAgo(minutes),
      kind: seed.kind ?? "reply",
      replyClass: seed.replyClass,
      classRule: `rule for ${seed.replyClass}`,
      ...extra,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-classes@example.com");
  bob = await ctx.signUpVerified("bob-classes@example.com");
  const detail = await createCampaign(ctx, alice.cookie, {
    name: "Classified",
    senderAccounts: [{ email: "me@acme.test", provider: "custom", dailyLimit: 50 }],
    contacts: people(2, "classy"),
    sequence: [step("Hi {{firstName}}", "Hello"), step("Again", "Following up", { amount: 2 })],
  });
  campaignId = detail.campaign.id;
  expect((await launch(ctx, alice.cookie, campaignId)).status).toBe(200);
  const [contact] = await ctx.database.db.select().from(contacts).where(eq(contacts.email, "classy-1@prospects.test"));
  contactId = contact!.id;

  await seedReply(alice.userId, { email: "classy-1@prospects.test", replyClass: "interested" }, 1, {
    campaignId,
    contactId,
    messageId: "<r1@prospects.test>",
    inReplyTo: "<step1@acme.test>",
    referencesHeader: "<step1@acme.test> <step2@acme.test>",
    replyContent: "Yes, tell me more.\nBest, Classy",
  });
  await seedReply(alice.userId, { email: "ooo@prospects.test", replyClass: "out_of_office", kind: "auto_reply" }, 2);
  await seedReply(alice.userId, { email: "no@prospects.test", replyClass: "not_interested" }, 3);
  await seedReply(alice.userId, { email: "no2@prospects.test", replyClass: "not_interested" }, 4);
  await seedReply(alice.userId, { email: "mailer-daemon@acme.test", replyClass: "bounce", kind: "bounce" }, 5);
  await seedReply(bob.userId, { email: "bob-lead@prospects.test", replyClass: "interested" }, 1);
});
afterAll(() => ctx?.close());

describe("GET /api/mailbox/reply-classes", () => {
  it("counts the user's replies in each class, every class present", async () => {
    expect(await get<ReplyClassCounts>("/api/mailbox/reply-classes", alice)).toEqual({
      total: 5,
      counts: {
        interested: 1,
        not_interested: 2,
        meeting_request: 0,
        out_of_office: 1,
        unsubscribe_request: 0,
        wrong_person: 0,
        bounce: 1,
        other: 0,
      },
    });
    expect((await get<ReplyClassCounts>("/api/mailbox/reply-classes", bob)).total).toBe(1);
  });
});

describe("GET /api/mailbox/replies", () => {
  it("lists every kind of inbound reply newest first, with its class and the rule that decided it", async () => {
    const page = await get<ClassifiedReplyPage>("/api/mailbox/replies", alice);
    expect(page.replies.map((r) => r.contactEmail)).toEqual([
      "classy-1@prospects.test",
      "ooo@prospects.test",
      "no@prospects.test",
      "no2@prospects.test",
      "mailer-daemon@acme.test",
    ]);
    expect(page.replies[0]).toMatchObject({
      contactId,
      contactName: "First1 Last1",
      campaignName: "Classified",
      senderEmail: "me@acme.test",
      subject: "Re: Hello from classy-1@prospects.test",
      preview: "Yes, tell me more. Best, Classy",
      kind: "reply",
      replyClass: "interested",
      classRule: "rule for interested",
      classCorrected: false,
    });
    expect(page.replies[1]).toMatchObject({ kind: "auto_reply", replyClass: "out_of_office", contactName: null });
  });

  it("filters by class", async () => {
    const page = await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=not_interested", alice);
    expect(page.replies.map((r) => r.contactEmail)).toEqual(["no@prospects.test", "no2@prospects.test"]);
    const none = await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=wrong_person", alice);
    expect(none).toEqual({ replies: [], nextCursor: null });
  });

  it("pages 25 at a time", async () => {
    const carol = await ctx.signUpVerified("carol-classes@example.com");
    for (let i = 0; i < 27; i++) await seedReply(carol.userId, { email: `p${i}@x.test`, replyClass: "other" }, i + 1);
    const first = await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=other", carol);
    expect(first.replies).toHaveLength(25);
    const second = await get<ClassifiedReplyPage>(
      `/api/mailbox/replies?replyClass=other&cursor=${first.nextCursor}`,
      carol,
    );
    expect(second.replies.map((r) => r.contactEmail)).toEqual(["p25@x.test", "p26@x.test"]);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses an unknown class with a 400 in the error shape", async () => {
    const res = await ctx.request("/api/mailbox/replies?replyClass=spam", { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });

  it("never lists another user's replies", async () => {
    const page = await get<ClassifiedReplyPage>("/api/mailbox/replies", bob);
    expect(page.replies.map((r) => r.contactEmail)).toEqual(["bob-lead@prospects.test"]);
  });
});

describe("GET /api/mailbox/replies/{id}", () => {
  it("gives the whole reply with its Message-ID, In-Reply-To and References", async () => {
    const [first] = (await get<ClassifiedReplyPage>("/api/mailbox/replies", alice)).replies;
    const detail = await get<ReplyDetail>(`/api/mailbox/replies/${first!.id}`, alice);
    expect(detail).toMatchObject({
      content: "Yes, tell me more.\nBest, Classy",
      messageId: "<r1@prospects.test>",
      inReplyTo: "<step1@acme.test>",
      references: ["<step1@acme.test>", "<step2@acme.test>"],
    });
    const asBob = await ctx.request(`/api/mailbox/replies/${first!.id}`, { cookie: bob.cookie });
    expect(asBob.status).toBe(404);
    expect(await asBob.json()).toEqual({ error: { code: "not_found", message: "Reply not found" } });
  });
});

describe("PATCH /api/mailbox/replies/{id}", () => {
  it("keeps the user's class, and the rule that had decided it", async () => {
    const page = await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=not_interested", alice);
    const target = page.replies[0]!;
    const res = await correct(alice, target.id, "meeting_request");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: target.id,
      replyClass: "meeting_request",
      classCorrected: true,
      classRule: "rule for not_interested",
    });
    const counts = await get<ReplyClassCounts>("/api/mailbox/reply-classes", alice);
    expect(counts.counts).toMatchObject({ not_interested: 1, meeting_request: 1 });
    // Nothing is suppressed for a class other than Unsubscribe request.
    const suppressed = await ctx.database.db.select().from(suppressions).where(eq(suppressions.userId, alice.userId));
    expect(suppressed).toEqual([]);
  });

  it("to Unsubscribe request: suppresses the address and stops the contact's sequence", async () => {
    const [first] = (await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=interested", alice)).replies;
    const db = ctx.database.db;
    const queuedBefore = await db
      .select()
      .from(scheduledEmails)
      .where(and(eq(scheduledEmails.contactId, contactId), eq(scheduledEmails.status, "scheduled")));
    expect(queuedBefore).toHaveLength(1);

    const res = await correct(alice, first!.id, "unsubscribe_request");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ replyClass: "unsubscribe_request", classCorrected: true });

    const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact?.status).toBe("unsubscribed");
    const queue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contactId));
    expect(queue.filter((q) => q.status === "scheduled")).toEqual([]);
    expect(queue.filter((q) => q.status === "cancelled").map((q) => q.cancelReason)).toEqual(["unsubscribed"]);
    const suppressed = await db.select().from(suppressions).where(eq(suppressions.userId, alice.userId));
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual([["classy-1@prospects.test", "unsubscribed"]]);
  });

  it("to Unsubscribe request for a reply without a contact: suppresses the replying address", async () => {
    const [ooo] = (await get<ClassifiedReplyPage>("/api/mailbox/replies?replyClass=out_of_office", alice)).replies;
    expect((await correct(alice, ooo!.id, "unsubscribe_request")).status).toBe(200);
    const suppressed = await ctx.database.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, alice.userId), eq(suppressions.email, "ooo@prospects.test")));
    expect(suppressed).toHaveLength(1);
  });

  it("refuses an unknown class with a 400, and changes nothing", async () => {
    const [first] = (await get<ClassifiedReplyPage>("/api/mailbox/replies", alice)).replies;
    const res = await correct(alice, first!.id, "hot_lead");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    const after = await get<ReplyDetail>(`/api/mailbox/replies/${first!.id}`, alice);
    expect(after.replyClass).toBe(first!.replyClass);
  });

  it("never changes another user's reply", async () => {
    const [bobs] = (await get<ClassifiedReplyPage>("/api/mailbox/replies", bob)).replies;
    const res = await correct(alice, bobs!.id, "unsubscribe_request");
    expect(res.status).toBe(404);
    const [row] = await ctx.database.db.select().from(replies).where(eq(replies.id, bobs!.id));
    expect(row).toMatchObject({ replyClass: "interested", classCorrected: false });
    const suppressed = await ctx.database.db.select().from(suppressions).where(eq(suppressions.userId, bob.userId));
    expect(suppressed).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/mailbox/replies")).status).toBe(401);
    expect((await ctx.request("/api/mailbox/reply-classes")).status).toBe(401);
  });
});
