// Emails screen API on a fixture whose answers were worked out by hand: opened
// emails first then newest first, across pages; keyset pages that neither skip
// nor repeat (ties on created_at included); search on each field with % and _
// taken literally; the bounded search window continuing with nextCursor;
// another user's emails never visible; 400 on a bad cursor; 401 signed out.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailList, EmailListItem } from "#shared/emails/emails.schemas.ts";
import { recipientLabel } from "#shared/emails/recipient-label.ts";
import { emailDisplayStatus } from "#shared/reporting/display-status.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends } from "../../db/schema/index.ts";
import { encodeEmailCursor } from "./email-cursor.ts";
import { createEmailsService } from "./emails.service.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let carol: { cookie: string; userId: string };
/** Alice's sends by name (s1 … s6) and Bob's (b1). */
const id: Record<string, string> = {};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute, 0));

/**
 * Alice, created in this minute order:
 *   s1 Spring Launch, Jane Doe,   "Hello Jane",          sent, opened          → Opened
 *   s2 Spring Launch, Raj (no last name), "Hello Raj",   sent                  → Sent
 *   s3 Spring Launch, Jane Doe,   "Following up",        failed                → Failed
 *   s4 Q4_Push,       Li Wei,     "Save 50% this week",  pending               → Pending
 *   s5 direct, first_last@direct.test, "Direct hello",   sent, opened          → Opened
 *   s6 Q4_Push,       Ana Lopez,  "Quick question",      failed with a sent_at → Sent
 * List order: opened first (s5, s1), then newest first (s6, s4, s3, s2).
 */
async function seedAlice() {
  const db = ctx.database.db;
  const { userId } = alice;
  const [spring, q4] = await db
    .insert(campaigns)
    .values([
      { userId, name: "Spring Launch", status: "active" },
      { userId, name: "Q4_Push", status: "active" },
    ])
    .returning();
  const [jane, raj, li, ana] = await db
    .insert(contacts)
    .values([
      { userId, campaignId: spring!.id, email: "jane@example.com", firstName: "Jane", lastName: "Doe" },
      { userId, campaignId: spring!.id, email: "raj@example.com", firstName: "Raj" },
      { userId, campaignId: q4!.id, email: "li@example.com", firstName: "Li", lastName: "Wei" },
      { userId, campaignId: q4!.id, email: "ana@example.com", firstName: "Ana", lastName: "Lopez" },
    ])
    .returning();
  id.spring = spring!.id;
  id.q4 = q4!.id;
  const base = { userId, fromEmail: "me@acme.test", body: "<p>Hi</p>" };
  const rows = await db
    .insert(emailSends)
    .values([
      {
        ...base,
        campaignId: spring!.id,
        contactId: jane!.id,
        toEmail: "jane@example.com",
        subject: "Hello Jane",
        status: "sent",
        sentAt: at(1),
        openedAt: at(30),
        createdAt: at(1),
      },
      {
        ...base,
        campaignId: spring!.id,
        contactId: raj!.id,
        toEmail: "raj@example.com",
        subject: "Hello Raj",
        status: "sent",
        sentAt: at(2),
        createdAt: at(2),
      },
      {
        ...base,
        campaignId: spring!.id,
        contactId: jane!.id,
        toEmail: "jane@example.com",
        subject: "Following up",
        status: "failed",
        failureCategory: "bounced",
        createdAt: at(3),
      },
      {
        ...base,
        campaignId: q4!.id,
        contactId: li!.id,
        toEmail: "li@example.com",
        subject: "Save 50% this week",
        status: "pending",
        createdAt: at(4),
      },
      {
        ...base,
        toEmail: "first_last@direct.test",
        subject: "Direct hello",
        status: "sent",
        sentAt: at(5),
        openedAt: at(6),
        createdAt: at(5),
      },
      {
        ...base,
        campaignId: q4!.id,
        contactId: ana!.id,
        toEmail: "ana@example.com",
        subject: "Quick question",
        status: "failed",
        sentAt: at(6),
        failureCategory: "spam",
        createdAt: at(6),
      },
    ])
    .returning();
  rows.forEach((row, i) => {
    id[`s${i + 1}`] = row.id;
  });
}

/** Bob: a campaign and a send that would match Alice's searches, newer than all of hers. */
async function seedBob() {
  const db = ctx.database.db;
  const { userId } = bob;
  const [campaign] = await db.insert(campaigns).values({ userId, name: "Spring Launch" }).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ userId, campaignId: campaign!.id, email: "jane@example.com", firstName: "Jane", lastName: "Doe" })
    .returning();
  const [send] = await db
    .insert(emailSends)
    .values({
      userId,
      campaignId: campaign!.id,
      contactId: contact!.id,
      toEmail: "jane@example.com",
      fromEmail: "bob@acme.test",
      subject: "Hello Jane 50% _",
      body: "b",
      status: "sent",
      sentAt: at(50),
      openedAt: at(51),
      createdAt: at(50),
    })
    .returning();
  id.b1 = send!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  carol = await ctx.signUpVerified("carol@example.com");
  await seedAlice();
  await seedBob();
});
afterAll(() => ctx?.close());

async function list(cookie: string, params: Record<string, string | number> = {}): Promise<EmailList> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await ctx.request(`/api/emails?${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as EmailList;
}

const names = (emails: EmailListItem[]) =>
  emails.map((e) => Object.entries(id).find(([, value]) => value === e.id)?.[0] ?? e.id);

/** Every page of a listing, following nextCursor. */
async function allPages(fetchPage: (cursor?: string) => Promise<EmailList>, max = 100) {
  const pages: EmailList[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < max; i++) {
    const page = await fetchPage(cursor);
    pages.push(page);
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error("too many pages");
}

describe("GET /api/emails", () => {
  it("lists the user's emails opened first, then newest first, with what each row shows", async () => {
    const { emails, nextCursor } = await list(alice.cookie);
    expect(names(emails)).toEqual(["s5", "s1", "s6", "s4", "s3", "s2"]);
    expect(nextCursor).toBeNull();
    // Display status in the spec's order: opened, else sent (sent_at), else failed, else pending.
    expect(emails.map(emailDisplayStatus)).toEqual(["opened", "opened", "sent", "pending", "failed", "sent"]);
    // 'To:': full name with both names, else the address.
    expect(emails.map(recipientLabel)).toEqual([
      "first_last@direct.test",
      "Jane Doe",
      "Ana Lopez",
      "Li Wei",
      "Jane Doe",
      "raj@example.com",
    ]);
    expect(emails.map((e) => e.campaignName)).toEqual([
      null,
      "Spring Launch",
      "Q4_Push",
      "Q4_Push",
      "Spring Launch",
      "Spring Launch",
    ]);
    expect(emails[1]).toEqual({
      id: id.s1,
      subject: "Hello Jane",
      toEmail: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      campaignId: id.spring,
      campaignName: "Spring Launch",
      status: "sent",
      sentAt: at(1).toISOString(),
      openedAt: at(30).toISOString(),
      createdAt: at(1).toISOString(),
    });
    // A direct email has no campaign to edit.
    expect(emails[0]).toMatchObject({ campaignId: null, campaignName: null, firstName: null, lastName: null });
  });

  it("pages with a cursor: opened first across pages, no duplicates, no gaps", async () => {
    const pages = await allPages((cursor) => list(alice.cookie, { limit: 2, ...(cursor ? { cursor } : {}) }));
    expect(pages.map((p) => names(p.emails))).toEqual([
      ["s5", "s1"],
      ["s6", "s4"],
      ["s3", "s2"],
    ]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it("breaks ties on created_at (to the microsecond) by id, across pages", async () => {
    // 23 sends in one statement share created_at = now(), with microseconds; every third is opened.
    const db = ctx.database.db;
    await db.execute(sql`
      insert into email_sends (user_id, to_email, from_email, subject, body, status, sent_at, opened_at)
      select ${carol.userId}, 'p' || g || '@x.test', 'me@acme.test', 'Tie ' || g, 'b', 'sent', now(),
        case when g % 3 = 0 then now() end
      from generate_series(1, 23) g`);
    const expected = (
      (await db.execute(sql`
        select id from email_sends where user_id = ${carol.userId}
        order by (opened_at is null), created_at desc, id desc`)) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(expected).toHaveLength(23);
    for (const limit of [1, 5, 7, 23, 100]) {
      const pages = await allPages((cursor) => list(carol.cookie, { limit, ...(cursor ? { cursor } : {}) }));
      const seen = pages.flatMap((p) => p.emails.map((e) => e.id));
      expect(seen).toEqual(expected);
      expect(pages.every((p, i) => i === pages.length - 1 || p.emails.length === limit)).toBe(true);
    }
    // The 7 opened ones (g = 3, 6, … 21) come first.
    const first = await list(carol.cookie, { limit: 8 });
    expect(first.emails.map((e) => e.openedAt !== null)).toEqual([true, true, true, true, true, true, true, false]);
  });

  it("never shows another user's emails", async () => {
    const bobs = await list(bob.cookie);
    expect(names(bobs.emails)).toEqual(["b1"]);
    const alices = await list(alice.cookie);
    expect(alices.emails.map((e) => e.id)).not.toContain(id.b1);
    // Bob's own data would match these; Alice still sees only hers.
    for (const search of ["Hello Jane", "50%", "_", "Spring Launch", "bob@acme.test"]) {
      const found = await list(alice.cookie, { search });
      expect(found.emails.map((e) => e.id)).not.toContain(id.b1);
    }
    // A cursor is a position, not a grant: Alice's cursor used by Bob lists Bob's emails only.
    const page = await list(alice.cookie, { limit: 1 });
    const bobsAfter = await list(bob.cookie, { cursor: page.nextCursor ?? "" });
    expect(bobsAfter.emails.map((e) => e.id).every((e) => e === id.b1)).toBe(true);
  });

  describe("search", () => {
    it.each([
      ["subject", "quick", ["s6"]],
      ["subject, several", "hello", ["s5", "s1", "s2"]],
      ["recipient address", "RAJ@example", ["s2"]],
      ["recipient address of a direct email", "direct.test", ["s5"]],
      ["contact first name", "jane", ["s1", "s3"]],
      ["contact last name", "lopez", ["s6"]],
      ["contact full name", "Li Wei", ["s4"]],
      ["campaign name", "spring launch", ["s1", "s3", "s2"]],
      ["% taken literally", "%", ["s4"]],
      ["50% taken literally", "50%", ["s4"]],
      ["_ taken literally", "_", ["s5", "s6", "s4"]],
      ["backslash taken literally", "\\", []],
      ["no match", "zebra", []],
    ])("matches the %s", async (_field, search, expected) => {
      const found = await list(alice.cookie, { search });
      expect(names(found.emails)).toEqual(expected);
      expect(found.nextCursor).toBeNull();
    });

    it("trims the term, and an empty term lists everything", async () => {
      expect(names((await list(alice.cookie, { search: "  quick  " })).emails)).toEqual(["s6"]);
      expect((await list(alice.cookie, { search: "   " })).emails).toHaveLength(6);
    });

    it("pages through matches with a cursor", async () => {
      const pages = await allPages((cursor) =>
        list(alice.cookie, { search: "e", limit: 2, ...(cursor ? { cursor } : {}) }),
      );
      // Every email of Alice's has an "e" somewhere (subject, address, name or campaign).
      expect(pages.flatMap((p) => names(p.emails))).toEqual(["s5", "s1", "s6", "s4", "s3", "s2"]);
    });

    it("looks at a bounded window per request and continues where it ended", async () => {
      const service = createEmailsService(ctx.database.db, { searchWindow: 2 });
      const pages = await allPages((cursor) =>
        service.list(alice.userId, { search: "jane", limit: 50, ...(cursor ? { cursor } : {}) }),
      );
      // Windows of two in list order: [s5 s1] [s6 s4] [s3 s2] [] — matches s1, none, s3.
      expect(pages.map((p) => names(p.emails))).toEqual([["s1"], [], ["s3"], []]);
      // A window holding more matches than a page stops at the page.
      const wide = createEmailsService(ctx.database.db, { searchWindow: 10 });
      const first = await wide.list(alice.userId, { search: "hello", limit: 2 });
      expect(names(first.emails)).toEqual(["s5", "s1"]);
      const second = await wide.list(alice.userId, { search: "hello", limit: 2, cursor: first.nextCursor ?? "" });
      expect(names(second.emails)).toEqual(["s2"]);
      expect(second.nextCursor).toBeNull();
    });
  });

  it.each([
    ["not base64 JSON", "not-a-cursor"],
    ["the wrong shape", Buffer.from(JSON.stringify({ a: 1 })).toString("base64url")],
    ["a bad id", Buffer.from(JSON.stringify([1, "2026-11-20T09:00:00.000000Z", "nope"])).toString("base64url")],
    [
      "a bad time",
      Buffer.from(JSON.stringify([0, "2026-13-45T09:00:00.000000Z", "00000000-0000-0000-0000-000000000000"])).toString(
        "base64url",
      ),
    ],
  ])("answers 400 to a cursor with %s", async (_case, cursor) => {
    const res = await ctx.request(`/api/emails?cursor=${encodeURIComponent(cursor)}`, { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_error", message: "Invalid cursor" } });
  });

  it("accepts a well-formed cursor from before any row", async () => {
    const cursor = encodeEmailCursor({ opened: false, at: "2000-01-01T00:00:00.000000Z", id: id.s1! });
    expect((await list(alice.cookie, { cursor })).emails).toEqual([]);
  });

  it.each([["limit=0"], ["limit=101"], ["limit=abc"], [`search=${"x".repeat(201)}`]])(
    "answers 400 to %s",
    async (query) => {
      const res = await ctx.request(`/api/emails?${query}`, { cookie: alice.cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "validation_error" } });
    },
  );

  it("answers 401 when signed out", async () => {
    const res = await ctx.request("/api/emails");
    expect(res.status).toBe(401);
  });
});
