// Inbox API on a fixture whose answers were worked out by hand: groups in
// latest-activity order with their counters, keyset pages that neither skip
// nor repeat (ties included), a group's history and replies, error details
// parsed or raw, search, another user's data never visible, 401 when signed out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxGroup, InboxHistory, InboxPage, InboxReplies } from "#shared/inbox/inbox.schemas.ts";
import { buildSendErrorMessage, failureTroubleshooting } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends, emailSequences, replies } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
const ids: Record<string, string> = {};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute, 0));
const T = { other: at(0), lee1: at(1), sam: at(2), lee2: at(3), pat1: at(4), kim: at(5), pat2: at(6) };

const leeError = buildSendErrorMessage({
  error: "550 5.1.1 <lee@example.com>: Recipient address rejected",
  recipient: "lee@example.com",
  sender: "me@acme.test",
  subject: "Following up",
  timestamp: T.lee2,
  category: "invalid_address",
});

async function seedAlice() {
  const db = ctx.database.db;
  const { userId } = alice;
  const [campaign] = await db.insert(campaigns).values({ userId, name: "Spring Outreach" }).returning();
  const campaignId = campaign!.id;
  const [step1, step2] = await db
    .insert(emailSequences)
    .values([
      { campaignId, stepNumber: 1, subject: "Hello {{firstName}}", body: "<p>Hi</p>" },
      { campaignId, stepNumber: 2, subject: "Following up", body: "<p>Again</p>" },
    ])
    .returning();
  const [lee, sam, kim, quiet] = await db
    .insert(contacts)
    .values([
      { userId, campaignId, email: "lee@example.com", firstName: "Lee", lastName: "Park", repliedAt: at(30) },
      // No name; marked replied without a recorded reply.
      { userId, campaignId, email: "sam@example.com", repliedAt: at(31) },
      { userId, campaignId, email: "kim@example.com", firstName: "Kim", company: "Initech" },
      // Never emailed: not in the Inbox.
      { userId, campaignId, email: "quiet@example.com", firstName: "Quiet" },
    ])
    .returning();
  Object.assign(ids, { campaign: campaignId, lee: lee!.id, sam: sam!.id, kim: kim!.id, quiet: quiet!.id });
  const base = { userId, campaignId, fromEmail: "me@acme.test" };
  await db.insert(emailSends).values([
    {
      ...base,
      contactId: lee!.id,
      sequenceId: step1!.id,
      toEmail: "lee@example.com",
      subject: "Hello Lee",
      body: "<p>Hi Lee,</p><p>Would <b>Tuesday</b> work?</p>",
      status: "sent",
      sentAt: T.lee1,
      openedAt: at(10),
      createdAt: T.lee1,
    },
    {
      ...base,
      contactId: lee!.id,
      sequenceId: step2!.id,
      toEmail: "lee@example.com",
      subject: "Following up",
      body: "<p>Again</p>",
      status: "failed",
      failureCategory: "invalid_address",
      failureReason: "user_unknown",
      errorMessage: leeError,
      createdAt: T.lee2,
    },
    {
      ...base,
      contactId: sam!.id,
      sequenceId: step1!.id,
      toEmail: "sam@example.com",
      subject: "Hello",
      body: "<p>Hi</p>",
      status: "failed",
      errorMessage: "SMTP error: 421 try again later",
      createdAt: T.sam,
    },
    {
      ...base,
      contactId: kim!.id,
      sequenceId: step1!.id,
      toEmail: "kim@example.com",
      subject: "Hello Kim",
      body: "<p>Hi</p>",
      status: "pending",
      createdAt: T.kim,
    },
  ]);
  // Direct compose sends: no campaign, no contact; grouped by address whatever its case.
  const direct = { userId, fromEmail: "me@acme.test" };
  await db.insert(emailSends).values([
    {
      ...direct,
      toEmail: "Pat@Example.org",
      subject: "Coffee?",
      body: "Hi Pat,\nCoffee <soon>?",
      status: "sent",
      sentAt: T.pat1,
      createdAt: T.pat1,
    },
    {
      ...direct,
      toEmail: "pat@example.org",
      subject: "Re: Coffee?",
      body: "Ping",
      status: "failed",
      errorMessage: '{"error":"Connection refused"}',
      createdAt: T.pat2,
    },
    {
      // To an address that is also a contact: the group shows the contact's name.
      ...direct,
      toEmail: "kim@example.com",
      subject: "Quick note",
      body: "Hi Kim",
      status: "sent",
      sentAt: at(-1),
      createdAt: at(-1),
    },
    {
      ...direct,
      toEmail: "other@x.io",
      subject: "Hey",
      body: "Hey",
      status: "sent",
      sentAt: T.other,
      createdAt: T.other,
    },
  ]);
  await db.insert(replies).values([
    {
      userId,
      campaignId,
      contactId: lee!.id,
      contactEmail: "lee@example.com",
      senderEmail: "me@acme.test",
      subject: "Re: Hello Lee",
      replyContent: "Tuesday works.",
      repliedAt: at(30),
    },
    {
      userId,
      campaignId,
      contactId: lee!.id,
      contactEmail: "lee@example.com",
      senderEmail: "me@acme.test",
      subject: "Re: Hello Lee",
      replyContent: "Actually, Wednesday?",
      repliedAt: at(40),
      kind: "auto_reply",
    },
    {
      userId,
      contactEmail: "PAT@example.org",
      senderEmail: "me@acme.test",
      subject: "Re: Coffee?",
      replyContent: "Sure!",
      repliedAt: at(20),
    },
  ]);
}

/** Bob: 27 contacts and 3 direct addresses, every send at the same instant (ties everywhere). */
async function seedBob() {
  const db = ctx.database.db;
  const { userId } = bob;
  const same = at(50);
  const [campaign] = await db.insert(campaigns).values({ userId, name: "Bob's" }).returning();
  const people = await db
    .insert(contacts)
    .values(Array.from({ length: 27 }, (_, i) => ({ userId, campaignId: campaign!.id, email: `b${i}@bob.test` })))
    .returning();
  ids.bobContact = people[0]!.id;
  const send = { userId, fromEmail: "bob@bob.test", subject: "s", body: "b", status: "sent" as const, createdAt: same };
  await db
    .insert(emailSends)
    .values([
      ...people.map((p) => ({ ...send, campaignId: campaign!.id, contactId: p.id, toEmail: p.email })),
      ...Array.from({ length: 22 }, () => ({ ...send, toEmail: "many@bob.test" })),
      { ...send, toEmail: "d1@bob.test" },
      { ...send, toEmail: "d2@bob.test" },
    ]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("inbox-alice@example.com");
  bob = await ctx.signUpVerified("inbox-bob@example.com");
  await seedAlice();
  await seedBob();
});
afterAll(() => ctx?.close());

async function get<T>(path: string, cookie = alice.cookie): Promise<T> {
  const res = await ctx.request(path, { cookie });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const summary = (g: InboxGroup) => [g.email, g.sent, g.opened, g.failed, g.replied];

describe("GET /api/inbox", () => {
  it("groups sends by contact (direct sends by address), latest activity first, with hand-counted counters", async () => {
    const page = await get<InboxPage>("/api/inbox");
    expect(page.nextCursor).toBeNull();
    expect(page.groups.map(summary)).toEqual([
      // email, sent, opened, failed, replied
      ["pat@example.org", 1, 0, 1, 1],
      ["kim@example.com", 0, 0, 0, 0],
      // Lee's second answer is an auto-reply: listed with the replies, not counted.
      ["lee@example.com", 1, 1, 1, 1],
      ["sam@example.com", 0, 0, 1, 1],
      ["other@x.io", 1, 0, 0, 0],
      ["kim@example.com", 1, 0, 0, 0],
    ]);
    const [pat, kim, lee, sam, , kimDirect] = page.groups;
    expect(kimDirect).toMatchObject({ contactId: null, name: "Kim", company: "Initech", campaignName: null });
    expect(pat).toMatchObject({ contactId: null, name: null, campaignName: null, repliedAt: null });
    expect(pat!.lastActivityAt).toBe("2026-11-20T09:06:00.000000Z");
    expect(kim).toMatchObject({ contactId: ids.kim, name: "Kim", company: "Initech", campaignName: "Spring Outreach" });
    expect(lee).toMatchObject({ contactId: ids.lee, name: "Lee Park", repliedAt: at(30).toISOString() });
    expect(sam).toMatchObject({ contactId: ids.sam, name: null, repliedAt: at(31).toISOString() });
  });

  it("searches contacts by email or name and direct sends by address, case-insensitively", async () => {
    const emails = async (search: string) =>
      (await get<InboxPage>(`/api/inbox?search=${encodeURIComponent(search)}`)).groups.map((g) => g.email);
    expect(await emails("PARK")).toEqual(["lee@example.com"]);
    expect(await emails("lee p")).toEqual(["lee@example.com"]);
    expect(await emails("pat@")).toEqual(["pat@example.org"]);
    expect(await emails("example.com")).toEqual([
      "kim@example.com",
      "lee@example.com",
      "sam@example.com",
      "kim@example.com",
    ]);
    // Wildcards are literal.
    expect(await emails("%")).toEqual([]);
    expect(await emails("_")).toEqual([]);
  });

  it("pages with a cursor that neither skips nor repeats groups, ties included", async () => {
    const first = await get<InboxPage>("/api/inbox", bob.cookie);
    expect(first.groups).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await get<InboxPage>(`/api/inbox?cursor=${first.nextCursor}`, bob.cookie);
    expect(second.groups).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.groups, ...second.groups];
    const keys = all.map((g) => g.contactId ?? g.email);
    expect(new Set(keys).size).toBe(30);
    expect(all.filter((g) => g.contactId === null).map((g) => [g.email, g.sent])).toEqual(
      expect.arrayContaining([
        ["many@bob.test", 22],
        ["d1@bob.test", 1],
        ["d2@bob.test", 1],
      ]),
    );
  });

  it("pages direct sends by each address's latest send, older sends never starting a second group", async () => {
    const carol = await ctx.signUpVerified("inbox-carol@example.com");
    const db = ctx.database.db;
    const minute = (m: number) => new Date(Date.UTC(2026, 10, 21, 0, 0, 0) + m * 60_000);
    const [campaign] = await db.insert(campaigns).values({ userId: carol.userId, name: "Carol's" }).returning();
    const [contact] = await db
      .insert(contacts)
      .values({ userId: carol.userId, campaignId: campaign!.id, email: "zed@carol.test", firstName: "Zed" })
      .returning();
    // a00…a29: one send at minute i and one at minute 100 + i (interleaved with the others' older sends).
    const send = { userId: carol.userId, fromEmail: "carol@carol.test", subject: "s", body: "b" };
    await db.insert(emailSends).values(
      Array.from({ length: 30 }, (_, i) => [
        {
          ...send,
          toEmail: `a${String(i).padStart(2, "0")}@carol.test`,
          status: "sent" as const,
          createdAt: minute(i),
        },
        {
          ...send,
          toEmail: `A${String(i).padStart(2, "0")}@carol.test`,
          status: "failed" as const,
          createdAt: minute(100 + i),
        },
      ]).flat(),
    );
    // The contact's latest send falls between a02's and a03's latest.
    await db.insert(emailSends).values({
      ...send,
      campaignId: campaign!.id,
      contactId: contact!.id,
      toEmail: "zed@carol.test",
      status: "sent",
      createdAt: new Date(minute(102).getTime() + 30_000),
    });
    const first = await get<InboxPage>("/api/inbox", carol.cookie);
    const second = await get<InboxPage>(`/api/inbox?cursor=${first.nextCursor}`, carol.cookie);
    expect(second.nextCursor).toBeNull();
    const order = [...first.groups, ...second.groups].map((g) => g.email);
    const addresses = Array.from({ length: 30 }, (_, i) => `a${String(29 - i).padStart(2, "0")}@carol.test`);
    expect(order).toEqual([...addresses.slice(0, 27), "zed@carol.test", ...addresses.slice(27)]);
    expect(first.groups).toHaveLength(25);
    const a00 = second.groups.find((g) => g.email === "a00@carol.test");
    expect(a00).toMatchObject({ contactId: null, sent: 1, failed: 1, opened: 0, replied: 0 });
  });

  it("shows only the user's own groups", async () => {
    const aliceEmails = (await get<InboxPage>("/api/inbox")).groups.map((g) => g.email);
    expect(aliceEmails.some((e) => e.endsWith("@bob.test"))).toBe(false);
    const bobEmails = (await get<InboxPage>("/api/inbox", bob.cookie)).groups.map((g) => g.email);
    expect(bobEmails.every((e) => e.endsWith("@bob.test"))).toBe(true);
  });

  it("refuses a cursor it did not make", async () => {
    for (const cursor of ["nonsense", Buffer.from('["2026-01-01","x"]').toString("base64url")]) {
      const res = await ctx.request(`/api/inbox?cursor=${cursor}`, { cookie: alice.cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    }
  });
});

describe("GET /api/inbox/history", () => {
  it("lists a contact's emails newest first with campaign, step, sender, text message and parsed error details", async () => {
    const { sends, nextCursor } = await get<InboxHistory>(`/api/inbox/history?contactId=${ids.lee}`);
    expect(nextCursor).toBeNull();
    expect(sends.map((s) => [s.subject, s.status, s.stepNumber])).toEqual([
      ["Following up", "failed", 2],
      ["Hello Lee", "sent", 1],
    ]);
    const [failed, sent] = sends;
    expect(failed!.error).toEqual({
      kind: "details",
      summary: "550 5.1.1 <lee@example.com>: Recipient address rejected",
      suggestion: failureTroubleshooting.invalid_address.suggestion,
      commonCauses: failureTroubleshooting.invalid_address.commonCauses,
      category: "invalid_address",
      recipient: "lee@example.com",
      sender: "me@acme.test",
      timestamp: T.lee2.toISOString(),
    });
    expect(failed!.failureCategory).toBe("invalid_address");
    expect(failed).toMatchObject({ failureReason: "user_unknown", reason: "The address does not exist" });
    expect(sent).toMatchObject({ failureReason: null, reason: null });
    expect(sent).toMatchObject({
      fromEmail: "me@acme.test",
      toEmail: "lee@example.com",
      campaignId: ids.campaign,
      campaignName: "Spring Outreach",
      message: "Hi Lee,\n\nWould Tuesday work?",
      sentAt: T.lee1.toISOString(),
      openedAt: at(10).toISOString(),
      createdAt: T.lee1.toISOString(),
      error: null,
    });
  });

  it("shows error text that is not JSON as raw text", async () => {
    const { sends } = await get<InboxHistory>(`/api/inbox/history?contactId=${ids.sam}`);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.error).toEqual({ kind: "raw", text: "SMTP error: 421 try again later" });
  });

  it("lists direct sends to an address (any case), without campaign, keeping the typed text", async () => {
    const { sends } = await get<InboxHistory>("/api/inbox/history?email=PAT%40example.org");
    expect(sends.map((s) => [s.subject, s.status, s.campaignName, s.stepNumber])).toEqual([
      ["Re: Coffee?", "failed", null, null],
      ["Coffee?", "sent", null, null],
    ]);
    expect(sends[0]!.error).toMatchObject({ kind: "details", summary: "Connection refused", suggestion: null });
    expect(sends[1]!.message).toBe("Hi Pat,\nCoffee <soon>?");
  });

  it("pages a long history without skipping or repeating (all at the same instant)", async () => {
    const first = await get<InboxHistory>("/api/inbox/history?email=many%40bob.test", bob.cookie);
    expect(first.sends).toHaveLength(20);
    const second = await get<InboxHistory>(
      `/api/inbox/history?email=many%40bob.test&cursor=${first.nextCursor}`,
      bob.cookie,
    );
    expect(second.sends).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.sends, ...second.sends].map((s) => s.id)).size).toBe(22);
  });

  it("is 404 for another user's contact or address, an unknown contact, or a contact never emailed", async () => {
    for (const query of [
      `contactId=${ids.bobContact}`,
      "email=many%40bob.test",
      "contactId=00000000-0000-4000-8000-000000000000",
      "email=nobody%40example.com",
    ]) {
      const res = await ctx.request(`/api/inbox/history?${query}`, { cookie: alice.cookie });
      expect(res.status, query).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    // A contact of the user without sends has an empty history.
    expect((await get<InboxHistory>(`/api/inbox/history?contactId=${ids.quiet}`)).sends).toEqual([]);
  });

  it("is 400 without exactly one of contactId and email, or with a malformed id", async () => {
    for (const query of ["", `contactId=${ids.lee}&email=lee%40example.com`, "contactId=not-a-uuid"]) {
      const res = await ctx.request(`/api/inbox/history?${query}`, { cookie: alice.cookie });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    }
  });
});

describe("GET /api/inbox/replies", () => {
  it("lists a contact's replies newest first, and none for a contact without replies", async () => {
    const { replies: list } = await get<InboxReplies>(`/api/inbox/replies?contactId=${ids.lee}`);
    expect(list.map((r) => [r.content, r.fromEmail, r.toEmail, r.campaignName, r.kind])).toEqual([
      ["Actually, Wednesday?", "lee@example.com", "me@acme.test", "Spring Outreach", "auto_reply"],
      ["Tuesday works.", "lee@example.com", "me@acme.test", "Spring Outreach", "reply"],
    ]);
    expect(list[0]!.repliedAt).toBe(at(40).toISOString());
    expect((await get<InboxReplies>(`/api/inbox/replies?contactId=${ids.kim}`)).replies).toEqual([]);
  });

  it("lists the replies from an address emailed directly", async () => {
    const { replies: list } = await get<InboxReplies>("/api/inbox/replies?email=pat%40example.org");
    expect(list.map((r) => r.content)).toEqual(["Sure!"]);
  });

  it("is 404 for another user's contact or address", async () => {
    for (const query of [`contactId=${ids.bobContact}`, "email=d1%40bob.test"]) {
      const res = await ctx.request(`/api/inbox/replies?${query}`, { cookie: alice.cookie });
      expect(res.status, query).toBe(404);
    }
  });
});

it("needs a session for every Inbox route (401)", async () => {
  for (const path of [
    "/api/inbox",
    `/api/inbox/history?contactId=${ids.lee}`,
    `/api/inbox/replies?contactId=${ids.lee}`,
  ]) {
    expect((await ctx.request(path)).status, path).toBe(401);
  }
});
