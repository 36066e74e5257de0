// Contacts page API on a hand-built fixture: two of Alice's campaigns share
// addresses (in different letter case); the expected figures are worked out
// below from the rows inserted, not from the code under test.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContactDirectoryPage,
  type ContactHistory,
  MEETINGS_LIMIT,
} from "#shared/contact-directory/contact-directory.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import {
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  scheduledMeetings,
  schedulingLinks,
} from "../../db/schema/index.ts";

/** A scheduling link row written directly needs its organizer (the API fills it from the owner's senders). */
const organizer = { organizerName: "Olivia Owner", organizerEmail: "olivia@sender.test" };

let ctx: TestContext;
type User = { cookie: string; userId: string };
let alice: User;
let bob: User;

const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour));

/** A strict RFC 4180 reader (CRLF records) for the exported files. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  expect(field).toBe("");
  return records;
}

/** The exported file: whether it starts with a UTF-8 BOM, and its records. */
async function readCsv(res: Response): Promise<{ bom: boolean; records: string[][] }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { bom, records: parseCsv(new TextDecoder().decode(bom ? bytes.subarray(3) : bytes)) };
}

async function seedCampaign(userId: string, name: string, createdAt: Date, steps: number) {
  const db = ctx.database.db;
  const [campaign] = await db.insert(campaigns).values({ userId, name, createdAt }).returning();
  const sequence = await db
    .insert(emailSequences)
    .values(
      Array.from({ length: steps }, (_, i) => ({
        campaignId: campaign!.id,
        stepNumber: i + 1,
        subject: `Step ${i + 1}`,
        body: "Hello",
      })),
    )
    .returning();
  return { id: campaign!.id, steps: sequence.map((s) => s.id) };
}

type SendSeed = {
  contact: { id: string; campaignId: string; email: string };
  step: string;
  createdAt: Date;
  status: "pending" | "sent" | "failed";
  sentAt?: Date;
  openedAt?: Date;
};

async function seedSends(userId: string, sends: SendSeed[]) {
  await ctx.database.db.insert(emailSends).values(
    sends.map((s) => ({
      userId,
      campaignId: s.contact.campaignId,
      contactId: s.contact.id,
      sequenceId: s.step,
      toEmail: s.contact.email,
      fromEmail: "sales@acme.test",
      subject: "Hi",
      body: "Hello",
      status: s.status,
      sentAt: s.sentAt ?? null,
      openedAt: s.openedAt ?? null,
      failureCategory: s.status === "failed" ? ("bounced" as const) : null,
      createdAt: s.createdAt,
    })),
  );
}

let spring: { id: string; steps: string[] };
let autumn: { id: string; steps: string[] };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  const db = ctx.database.db;

  spring = await seedCampaign(alice.userId, "Spring Launch", at(1, 8), 2);
  // % and _ in a name: a search for them must match them literally.
  autumn = await seedCampaign(alice.userId, "Autumn_Promo 100%", at(1, 9), 1);

  const row = (
    campaignId: string,
    email: string,
    createdAt: Date,
    extra: Partial<typeof contacts.$inferInsert> = {},
  ) => ({
    userId: alice.userId,
    campaignId,
    email,
    createdAt,
    ...extra,
  });
  const [janeA, janeB, rajA, , li, omar, zoe] = await db
    .insert(contacts)
    .values([
      row(spring.id, "Jane@Example.com", at(1), { firstName: "Jane", lastName: "Doe" }),
      row(autumn.id, "jane@example.COM", at(5), { company: "Initech" }),
      row(spring.id, "raj@example.com", at(3), { firstName: "Raj", repliedAt: at(10) }),
      row(autumn.id, "RAJ@example.com", at(6), { firstName: "Rajesh", repliedAt: at(9) }),
      row(autumn.id, "li@example.com", at(2)),
      row(spring.id, "omar@example.com", at(2, 12), { firstName: "Omar" }),
      row(spring.id, "zoe_x@example.com", at(4), { firstName: "Zoe" }),
    ])
    .returning();

  await seedSends(alice.userId, [
    // Jane: opened step 1 and sent step 2 in Spring, then Autumn's step 1 failed: the latest send.
    {
      contact: janeA!,
      step: spring.steps[0]!,
      createdAt: at(1, 11),
      status: "sent",
      sentAt: at(1, 11),
      openedAt: at(2),
    },
    { contact: janeA!, step: spring.steps[1]!, createdAt: at(3, 11), status: "sent", sentAt: at(3, 11) },
    { contact: janeB!, step: autumn.steps[0]!, createdAt: at(6, 11), status: "failed" },
    // Raj replied (the contact's replied_at), his send was only sent.
    { contact: rajA!, step: spring.steps[0]!, createdAt: at(3, 11), status: "sent", sentAt: at(3, 11) },
    // Omar opened his only email; Zoe's is still pending; Li has none.
    {
      contact: omar!,
      step: spring.steps[0]!,
      createdAt: at(2, 13),
      status: "sent",
      sentAt: at(2, 13),
      openedAt: at(3),
    },
    { contact: zoe!, step: spring.steps[0]!, createdAt: at(4, 11), status: "pending" },
  ]);
  expect(li).toBeDefined();

  // Bob has his own Jane, with sends Alice must never see.
  const bobs = await seedCampaign(bob.userId, "Bob's campaign", at(1), 1);
  const [bobJane] = await db
    .insert(contacts)
    .values({
      userId: bob.userId,
      campaignId: bobs.id,
      email: "jane@example.com",
      firstName: "Janet",
      createdAt: at(7),
    })
    .returning();
  await ctx.database.db.insert(emailSends).values({
    userId: bob.userId,
    campaignId: bobs.id,
    contactId: bobJane!.id,
    sequenceId: bobs.steps[0]!,
    toEmail: "jane@example.com",
    fromEmail: "bob@acme.test",
    subject: "Bob's",
    body: "Hello",
    status: "sent",
    sentAt: at(7, 11),
    createdAt: at(7, 11),
  });
});
afterAll(() => ctx?.close());

const get = async <T>(user: User, path: string): Promise<T> => {
  const res = await ctx.request(path, { cookie: user.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const page = (user: User, query = "") => get<ContactDirectoryPage>(user, `/api/contacts${query}`);
const emailsOf = (p: ContactDirectoryPage) => p.contacts.map((c) => c.key);

describe("GET /api/contacts", () => {
  it("merges rows with the same email across campaigns, case-insensitively, most recently added first", async () => {
    const result = await page(alice);
    // Added (earliest created_at): zoe 4th, raj 3rd, omar 2nd noon, li 2nd 10:00, jane 1st.
    expect(emailsOf(result)).toEqual([
      "zoe_x@example.com",
      "raj@example.com",
      "omar@example.com",
      "li@example.com",
      "jane@example.com",
    ]);
    expect(result.total).toBe(5);

    const jane = result.contacts.find((c) => c.key === "jane@example.com");
    expect(jane).toEqual({
      key: "jane@example.com",
      // The newest row's address; the name from the newest row that has one; its company.
      email: "jane@example.COM",
      firstName: "Jane",
      lastName: "Doe",
      company: "Initech",
      campaigns: [
        { id: autumn.id, name: "Autumn_Promo 100%" },
        { id: spring.id, name: "Spring Launch" },
      ],
      // The latest send (Autumn's, failed) decides, though Spring's were opened and sent.
      emailStatus: "failed",
      sends: 3,
      sent: 2,
      opened: 1,
      failed: 1,
      repliedAt: null,
      addedAt: at(1).toISOString(),
      leadStatus: { status: "new", suggested: false },
    });
  });

  it("derives each status: replied from the contact, else the latest send; none without sends", async () => {
    const byKey = Object.fromEntries((await page(alice)).contacts.map((c) => [c.key, c]));
    // Raj: both rows replied; the first replied_at found (newest row first) is kept.
    expect(byKey["raj@example.com"]).toMatchObject({
      emailStatus: "replied",
      repliedAt: at(9).toISOString(),
      firstName: "Rajesh",
      sends: 1,
      sent: 1,
      addedAt: at(3).toISOString(),
      campaigns: [{ name: "Autumn_Promo 100%" }, { name: "Spring Launch" }],
    });
    expect(byKey["omar@example.com"]).toMatchObject({ emailStatus: "opened", sent: 1, opened: 1, repliedAt: null });
    expect(byKey["zoe_x@example.com"]).toMatchObject({ emailStatus: "pending", sends: 1, sent: 0 });
    expect(byKey["li@example.com"]).toMatchObject({
      emailStatus: "none",
      sends: 0,
      sent: 0,
      opened: 0,
      failed: 0,
      firstName: null,
    });
  });

  it("searches by email, name and campaign name, taking % and _ literally", async () => {
    expect(emailsOf(await page(alice, "?search=ZOE"))).toEqual(["zoe_x@example.com"]);
    expect(emailsOf(await page(alice, "?search=jane%20doe"))).toEqual(["jane@example.com"]);
    // Campaign name: every entry with a row in Spring Launch (whole entries, all their campaigns).
    const springOnly = await page(alice, "?search=spring");
    expect(emailsOf(springOnly)).toEqual([
      "zoe_x@example.com",
      "raj@example.com",
      "omar@example.com",
      "jane@example.com",
    ]);
    expect(springOnly.total).toBe(4);
    expect(springOnly.contacts.at(-1)?.campaigns).toHaveLength(2);
    // "%" is only in Autumn's name; "_" in Autumn's name and Zoe's address.
    expect(emailsOf(await page(alice, "?search=%25"))).toEqual([
      "raj@example.com",
      "li@example.com",
      "jane@example.com",
    ]);
    expect(emailsOf(await page(alice, "?search=_"))).toEqual([
      "zoe_x@example.com",
      "raj@example.com",
      "li@example.com",
      "jane@example.com",
    ]);
    expect(await page(alice, "?search=nobody")).toEqual({ contacts: [], total: 0, nextCursor: null });
  });

  it("pages with a cursor, the total alongside, with and without a search", async () => {
    async function walk(query: string) {
      const pages: string[][] = [];
      const totals: number[] = [];
      let cursor: string | null = null;
      do {
        const next: ContactDirectoryPage = await page(
          alice,
          `?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        pages.push(emailsOf(next));
        totals.push(next.total);
        cursor = next.nextCursor;
      } while (cursor && pages.length < 10);
      return { pages, totals };
    }
    expect(await walk("")).toEqual({
      pages: [["zoe_x@example.com", "raj@example.com"], ["omar@example.com", "li@example.com"], ["jane@example.com"]],
      totals: [5, 5, 5],
    });
    expect(await walk("&search=spring")).toEqual({
      pages: [
        ["zoe_x@example.com", "raj@example.com"],
        ["omar@example.com", "jane@example.com"],
      ],
      totals: [4, 4],
    });
    // A full last page says there is nothing after it.
    expect((await page(alice, "?limit=5")).nextCursor).toBeNull();
    expect((await page(alice, "?limit=4")).nextCursor).not.toBeNull();
  });

  it("breaks ties in Added by address", async () => {
    const erin = await ctx.signUpVerified("erin@example.com");
    const same = await seedCampaign(erin.userId, "Same time", at(1), 1);
    await ctx.database.db.insert(contacts).values(
      ["b@tie.test", "d@tie.test", "a@tie.test", "c@tie.test"].map((email) => ({
        userId: erin.userId,
        campaignId: same.id,
        email,
        createdAt: at(2),
      })),
    );
    const first = await page(erin, "?limit=3");
    expect(emailsOf(first)).toEqual(["d@tie.test", "c@tie.test", "b@tie.test"]);
    const rest = await page(erin, `?limit=3&cursor=${first.nextCursor}`);
    expect([emailsOf(rest), rest.nextCursor, rest.total]).toEqual([["a@tie.test"], null, 4]);
  });

  it("rejects bad paging input", async () => {
    for (const query of ["?limit=0", "?limit=201", "?limit=abc", "?cursor=bm9wZQ"]) {
      const res = await ctx.request(`/api/contacts${query}`, { cookie: alice.cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_error");
    }
  });
});

describe("GET /api/contacts/history", () => {
  it("lists every send to the address across campaigns, newest first, with per-send labels", async () => {
    const history = await get<ContactHistory>(alice, "/api/contacts/history?email=JANE%40example.com");
    expect(history.truncated).toBe(false);
    expect(history.sends.map((s) => [s.campaignName, s.stepNumber, s.status, s.sentAt, s.openedAt])).toEqual([
      ["Autumn_Promo 100%", 1, "failed", null, null],
      ["Spring Launch", 2, "sent", at(3, 11).toISOString(), null],
      ["Spring Launch", 1, "opened", at(1, 11).toISOString(), at(2).toISOString()],
    ]);
    expect(history.sends[0]?.campaignId).toBe(autumn.id);
  });

  it("is empty for an address without sends or unknown to the user", async () => {
    const empty = { sends: [], truncated: false, meetings: [], meetingsTruncated: false };
    expect(await get<ContactHistory>(alice, "/api/contacts/history?email=li%40example.com")).toEqual(empty);
    expect(await get<ContactHistory>(alice, "/api/contacts/history?email=nobody%40example.com")).toEqual(empty);
  });

  it("needs an email", async () => {
    const res = await ctx.request("/api/contacts/history", { cookie: alice.cookie });
    expect(res.status).toBe(400);
  });
});

/** A scheduling link of the user's and meetings booked through it, as the booking page stores them. */
async function seedMeetings(
  userId: string,
  title: string,
  linkCode: string,
  meetings: { email: string; startsAt: Date; minutes: number; status?: "scheduled" | "cancelled" | "completed" }[],
) {
  const db = ctx.database.db;
  const [link] = await db
    .insert(schedulingLinks)
    .values({ userId, title, linkCode, timezone: "Asia/Baghdad", ...organizer })
    .returning();
  return db
    .insert(scheduledMeetings)
    .values(
      meetings.map((m) => ({
        linkId: link!.id,
        userId,
        prospectEmail: m.email,
        scheduledDate: m.startsAt,
        durationMinutes: m.minutes,
        endsAt: new Date(m.startsAt.getTime() + m.minutes * 60_000),
        timezone: "Asia/Baghdad",
        status: m.status ?? "scheduled",
        cancelledAt: m.status === "cancelled" ? at(20) : null,
      })),
    )
    .returning();
}

describe("meetings in a contact's history", () => {
  let alices: { id: string }[];
  let bobs: { id: string }[];

  beforeAll(async () => {
    alices = await seedMeetings(alice.userId, "Intro call", "aliceIC1", [
      { email: "JANE@example.com", startsAt: at(12, 9), minutes: 30 },
      { email: "jane@example.com", startsAt: at(15, 13), minutes: 45, status: "cancelled" },
      { email: "raj@example.com", startsAt: at(13, 9), minutes: 30 },
    ]);
    await seedMeetings(alice.userId, "Demo", "aliceDM2", [
      { email: "Jane@Example.com", startsAt: at(10, 14), minutes: 60, status: "completed" },
    ]);
    // Bob's meetings with the same address (Bob has his own Jane): never Alice's.
    bobs = await seedMeetings(bob.userId, "Bob's call", "bobCALL3", [
      { email: "jane@example.com", startsAt: at(14, 9), minutes: 15 },
    ]);
  });

  it("lists the user's meetings booked by the address, any letter case, latest first, with the link's title", async () => {
    const history = await get<ContactHistory>(alice, "/api/contacts/history?email=jane%40EXAMPLE.com");
    expect(history.meetingsTruncated).toBe(false);
    expect(history.meetings).toEqual([
      {
        id: alices[1]!.id,
        startsAt: at(15, 13).toISOString(),
        endsAt: new Date(at(15, 13).getTime() + 45 * 60_000).toISOString(),
        durationMinutes: 45,
        timezone: "Asia/Baghdad",
        linkTitle: "Intro call",
        status: "cancelled",
      },
      expect.objectContaining({ id: alices[0]!.id, startsAt: at(12, 9).toISOString(), linkTitle: "Intro call" }),
      expect.objectContaining({ linkTitle: "Demo", durationMinutes: 60, status: "completed" }),
    ]);
    // The sends are unchanged beside them.
    expect(history.sends).toHaveLength(3);
    const raj = await get<ContactHistory>(alice, "/api/contacts/history?email=raj%40example.com");
    expect(raj.meetings.map((m) => m.id)).toEqual([alices[2]!.id]);
  });

  it("never shows another user's meetings with the same address", async () => {
    const aliceIds = (await get<ContactHistory>(alice, "/api/contacts/history?email=jane%40example.com")).meetings.map(
      (m) => m.id,
    );
    expect(aliceIds).not.toContain(bobs[0]!.id);
    const history = await get<ContactHistory>(bob, "/api/contacts/history?email=jane%40example.com");
    expect(history.meetings.map((m) => [m.id, m.linkTitle])).toEqual([[bobs[0]!.id, "Bob's call"]]);
    expect(history.sends.map((s) => s.campaignName)).toEqual(["Bob's campaign"]);
  });

  it("shows the latest meetings when there are more than it lists", async () => {
    const many = Array.from({ length: MEETINGS_LIMIT + 2 }, (_, i) => ({
      email: "omar@example.com",
      startsAt: new Date(Date.UTC(2027, 0, 1) + i * 3_600_000),
      minutes: 15,
    }));
    await seedMeetings(alice.userId, "Office hours", "aliceOH4", many);
    const history = await get<ContactHistory>(alice, "/api/contacts/history?email=omar%40example.com");
    expect(history.meetings).toHaveLength(MEETINGS_LIMIT);
    expect(history.meetingsTruncated).toBe(true);
    expect(history.meetings[0]?.startsAt).toBe(many.at(-1)!.startsAt.toISOString());
  });
});

describe("GET /api/contacts/export", () => {
  it("downloads every matching entry as CSV in the page's order", async () => {
    const res = await ctx.request("/api/contacts/export?search=spring", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { bom, records } = await readCsv(res);
    expect(bom).toBe(true);
    expect(records[0]).toEqual([
      "Contact",
      "Email",
      "Company",
      "Campaigns",
      "Email Status",
      "Lead Status",
      "Emails Sent",
      "Opened",
      "Failed",
      "Replied",
      "Added",
    ]);
    expect(records.slice(1).map((r) => r[1])).toEqual([
      "zoe_x@example.com",
      "RAJ@example.com",
      "omar@example.com",
      "jane@example.COM",
    ]);
    expect(records[4]).toEqual([
      "Jane Doe",
      "jane@example.COM",
      "Initech",
      "Autumn_Promo 100%; Spring Launch",
      "Failed",
      "New",
      "2",
      "1",
      "1",
      "",
      at(1).toISOString(),
    ]);
    expect(records[2]?.[4]).toBe("Replied");
    expect(records[2]?.[9]).toBe(at(9).toISOString());
  });

  it("escapes formulas and quotes end to end", async () => {
    const carol = await ctx.signUpVerified("carol@example.com");
    const hostile = await seedCampaign(carol.userId, '+Launch, "Q1"', at(1), 1);
    await ctx.database.db.insert(contacts).values({
      userId: carol.userId,
      campaignId: hostile.id,
      email: "-eve@example.com",
      firstName: '=HYPERLINK("http://evil.test","click")',
      lastName: null,
      company: "@SUM(A1:A9)\nline two",
    });
    const res = await ctx.request("/api/contacts/export", { cookie: carol.cookie });
    const text = await res.clone().text();
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    const [, record] = (await readCsv(res)).records;
    expect(record?.slice(0, 5)).toEqual([
      '\'=HYPERLINK("http://evil.test","click")',
      "'-eve@example.com",
      "'@SUM(A1:A9)\nline two",
      '\'+Launch, "Q1"',
      "No emails sent",
    ]);
  });

  it("exports every entry, beyond a page and the server's chunk size", async () => {
    const dave = await ctx.signUpVerified("dave@example.com");
    const big = await seedCampaign(dave.userId, "Big", at(1), 1);
    const count = 2_050;
    await ctx.database.db.execute(sql`
      insert into contacts (user_id, campaign_id, email, created_at)
      select ${dave.userId}, ${big.id}::uuid, 'p' || lpad(n::text, 5, '0') || '@bulk.test',
             ${at(1).toISOString()}::timestamptz + n * interval '1 minute'
      from generate_series(1, ${count}) n`);
    const first = await page(dave, "?limit=50");
    expect(first.total).toBe(count);
    expect(first.contacts[0]?.key).toBe("p02050@bulk.test");

    const { records } = await readCsv(await ctx.request("/api/contacts/export", { cookie: dave.cookie }));
    const emails = records.slice(1).map((r) => r[1]);
    expect(emails).toHaveLength(count);
    expect(emails[0]).toBe("p02050@bulk.test");
    expect(emails.at(-1)).toBe("p00001@bulk.test");
    expect(new Set(emails).size).toBe(count);
  });
});

describe("tenant isolation", () => {
  it("another user's contacts, sends and campaigns are never merged in or shown", async () => {
    const bobs = await page(bob);
    expect(bobs.total).toBe(1);
    expect(bobs.contacts[0]).toMatchObject({
      key: "jane@example.com",
      firstName: "Janet",
      campaigns: [{ name: "Bob's campaign" }],
      emailStatus: "sent",
      sends: 1,
      sent: 1,
      failed: 0,
    });
    // Alice's Jane counts only her own three sends (checked above); Bob's history is his.
    const history = await get<ContactHistory>(bob, "/api/contacts/history?email=jane%40example.com");
    expect(history.sends.map((s) => s.campaignName)).toEqual(["Bob's campaign"]);
    expect(await page(bob, "?search=spring")).toEqual({ contacts: [], total: 0, nextCursor: null });
    const { records } = await readCsv(await ctx.request("/api/contacts/export", { cookie: bob.cookie }));
    expect(records.map((r) => r[1])).toEqual(["Email", "jane@example.com"]);
  });

  it("describes the endpoints in the OpenAPI document", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    expect(doc.paths["/api/contacts"]?.get).toBeDefined();
    expect(doc.paths["/api/contacts/history"]?.get).toBeDefined();
    expect(Object.keys(doc.paths["/api/contacts/export"]?.get?.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
  });

  it("answers 401 without a session", async () => {
    for (const path of ["/api/contacts", "/api/contacts/history?email=jane%40example.com", "/api/contacts/export"]) {
      const res = await ctx.request(path);
      expect(res.status).toBe(401);
    }
  });
});
