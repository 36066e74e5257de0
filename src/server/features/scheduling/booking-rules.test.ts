// A scheduling link's rules through the app (issue 27 §2): what a booker may
// type (hostile names refused with the field named, nothing stored, no mail;
// a property test through the real route), the prospect's mail carrying none
// of the booker's text, the booking horizon and the minimum notice (the
// slots, the bookings, `9999-12-31`, the owner's settings and their
// validation), and the link's own organizer (the .ics ORGANIZER, From's name
// and Reply-To, never the sign-in address unless chosen). Another user's link
// is never changed.
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookerNameProblem } from "#shared/scheduling/booker-name.ts";
import type {
  CreateLinkInput,
  OrganizerOptions,
  PublicLink,
  SchedulingLinkDto,
  SlotList,
} from "#shared/scheduling/scheduling.schemas.ts";
import { schedulingMessages } from "#shared/scheduling/scheduling.schemas.ts";
import { fakeClock } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { capturedEmails, scheduledMeetings, schedulingLinks, senderAccounts } from "../../db/schema/index.ts";

// Monday 2026-12-07, 09:00 in Baghdad (+03:00).
const START = "2026-12-07T06:00:00.000Z";
const clock = fakeClock(START);
const unlimited = { PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "1000000", PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "1000000" };

let ctx: TestContext;
/** Has a saved sender account (and a campaign copy of another): its links' organizer is that sender. */
let owner: { cookie: string; userId: string; email: string };
/** Has no sender account. */
let stranger: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext(unlimited, undefined, { now: clock.now });
  owner = await ctx.signUpVerified("rules-owner@signin.test", undefined, "Olivia Owner");
  stranger = await ctx.signUpVerified("rules-stranger@signin.test", undefined, "Sam Stranger");
  await db()
    .insert(senderAccounts)
    .values([
      {
        userId: owner.userId,
        email: "olivia@sales.test",
        provider: "custom",
        createdAt: new Date("2026-11-01T00:00:00Z"),
      },
      {
        userId: owner.userId,
        email: "second@sales.test",
        provider: "custom",
        createdAt: new Date("2026-11-02T00:00:00Z"),
      },
    ]);
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

const linkBody = (patch: Partial<CreateLinkInput> = {}) => ({
  title: "Intro call",
  description: "",
  durationMinutes: 30,
  availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  availableTimeStart: "09:00",
  availableTimeEnd: "17:00",
  timezone: "Asia/Baghdad",
  ...patch,
});

const postLink = (cookie: string, body: unknown) =>
  ctx.request("/api/scheduling-links", { method: "POST", cookie, json: body });

async function createLink(cookie: string, patch: Partial<CreateLinkInput> = {}): Promise<SchedulingLinkDto> {
  const res = await postLink(cookie, linkBody(patch));
  if (res.status !== 201) throw new Error(`link create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SchedulingLinkDto;
}

const book = (code: string, body: unknown) =>
  ctx.request(`/api/public/schedule/${code}/meetings`, { method: "POST", json: body });

async function slotsOf(code: string, date: string): Promise<string[]> {
  const res = await ctx.request(`/api/public/schedule/${code}/slots?date=${date}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as SlotList).slots.map((s) => s.time);
}

type ErrorBody = { error: { code: string; message: string; details?: { fields?: Record<string, string> } } };
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

async function meetingsTo(email: string) {
  return db().select().from(scheduledMeetings).where(eq(scheduledMeetings.prospectEmail, email));
}

async function mailTo(address: string) {
  return db().select().from(capturedEmails).where(sql`${address} = any(${capturedEmails.toAddresses})`);
}

/** Captured messages to `address` whose subject starts with `subject`, waiting for mail sent in the background. */
async function captured(address: string, subject: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailTo(address)).filter((r) => r.subject.startsWith(subject));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" captured for ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no meeting owes mail: what was going to be sent has been. */
async function mailSettled() {
  await expect
    .poll(async () => (await db().select().from(scheduledMeetings).where(sql`notices_pending is not null`)).length, {
      timeout: 30_000,
    })
    .toBe(0);
}

const UNSTORABLE = "The request contains a character that cannot be stored (NUL or an unpaired surrogate)";

describe("what a booker may type", () => {
  let link: SchedulingLinkDto;
  beforeAll(async () => {
    link = await createLink(owner.cookie, { title: "Fields" });
  });

  const valid = { date: "2026-12-08", time: "10:00", email: "fields@prospects.test" };

  it("refuses a hostile name with the field and its rule named, stores nothing and sends nothing", async () => {
    const cases: [string, string][] = [
      ["Hi Not Victim1 – see http://evil.example/phish", "Names cannot contain links or web addresses"],
      ["URGENT – your invoice is overdue, pay at evil.example/pay", "Names cannot contain links or web addresses"],
      ["visit www.evil", "Names cannot contain links or web addresses"],
      ["Ann\r\nBcc: victim@prospects.test", "Names must fit on one line"],
      ["Ann\u202eyap", "Names cannot contain control characters"],
      ["n".repeat(101), "Names are limited to 100 characters"],
    ];
    for (const [name, message] of cases) {
      const res = await book(link.linkCode, { ...valid, name });
      expect(res.status, name).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(error.message).toBe(message);
      expect(error.details?.fields).toEqual({ name: message });
    }
    await mailSettled();
    expect(await meetingsTo(valid.email)).toEqual([]);
    expect(await mailTo(valid.email)).toEqual([]);
    // A name of 100 characters is one.
    const ok = await book(link.linkCode, { ...valid, name: ` ${"n".repeat(100)} ` });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect((await meetingsTo(valid.email))[0]?.prospectName).toBe("n".repeat(100));
  });

  it("refuses an address that is too long, naming the field", async () => {
    const res = await book(link.linkCode, { ...valid, email: `${"a".repeat(250)}@example.com` });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details?.fields).toEqual({ email: "Email addresses are limited to 254 characters" });
  });

  it("property: a name reaches a stored row (and the owner's notice) only when it is one; else 400 on the name", async () => {
    // A link open every day around the clock, so every run finds a free slot.
    const open = await createLink(owner.cookie, {
      title: "Property",
      availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
      availableTimeStart: "00:00",
      availableTimeEnd: "23:45",
      durationMinutes: 15,
      bookingHorizonDays: 365,
      minimumNoticeHours: 0,
    });
    const fragments = [
      "http://evil.example/pay",
      "HTTPS://EVIL",
      "evil.example/pay",
      "bit.ly",
      "www.",
      "WWW．x",
      "@",
      "．com",
      "\n",
      "\r\n",
      "\u2028",
      "\u0000",
      "\u0007",
      "\t",
      "\u202e",
      "\u2066",
      "n".repeat(101),
      "J.R.",
      "Ó Briain",
      "李",
      "<b>",
      "&amp;",
      '"',
      " ",
    ];
    const piece = fc.oneof(
      fc.constantFrom(...fragments),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: "binary", maxLength: 6 }),
    );
    const nameArb = fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(""));
    let run = 0;
    const accepted: { email: string; name: string | null }[] = [];
    const refused: string[] = [];
    await fc.assert(
      fc.asyncProperty(nameArb, async (name) => {
        run++;
        const email = `prop-${run}@prospects.test`;
        // One slot per run, a quarter hour at a time from 00:00 in Baghdad, on days no other test books.
        const day = new Date(Date.UTC(2026, 11, 20 + Math.floor(run / 90))).toISOString().slice(0, 10);
        const minutes = (run % 90) * 15;
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const res = await book(open.linkCode, { date: day, time, email, name });
        const problem = bookerNameProblem(name.trim());
        if (problem) {
          expect(res.status, await res.clone().text()).toBe(400);
          // NUL and unpaired surrogates are refused for every route before validation (http/reject-nul.ts).
          const unstorable = name.includes("\u0000") || /\p{Cs}/u.test(name);
          expect((await errorOf(res)).details?.fields?.name).toBe(unstorable ? UNSTORABLE : problem);
          expect(await meetingsTo(email)).toEqual([]);
          refused.push(email);
        } else {
          expect(res.status, await res.clone().text()).toBe(201);
          const [row] = await meetingsTo(email);
          expect(row?.prospectName).toBe(name.trim() || null);
          accepted.push({ email, name: name.trim() || null });
        }
      }),
      { numRuns: 40, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
    );
    await mailSettled();
    for (const email of refused) expect(await mailTo(email), email).toEqual([]);
    for (const { email, name } of accepted) {
      const [mail] = await captured(email, "Meeting scheduled: Property");
      // The prospect's mail says nothing the booker typed (names of a few letters could occur in our text).
      if (name && name.length >= 6) expect(mail!.raw, email).not.toContain(name);
    }
    expect(refused.length, "the generator produces hostile names").toBeGreaterThan(0);
    expect(accepted.length, "the generator produces names").toBeGreaterThan(0);
    // Each run books through the app and its mail is sent: a generous budget for a loaded machine.
  }, 180_000);
});

describe("the prospect's confirmation never reads the booker's text as ours", () => {
  it("greets without the name and leaves it out of the invite; the owner's notice shows it as labelled data", async () => {
    const link = await createLink(owner.cookie, { title: "Greeting" });
    const name = "Not Victim1 – call 555 0100 now";
    const res = await book(link.linkCode, { date: "2026-12-09", time: "10:00", email: "victim1@prospects.test", name });
    expect(res.status, await res.clone().text()).toBe(201);
    const [mail] = await captured("victim1@prospects.test", "Meeting scheduled: Greeting");
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.text?.startsWith("Hello,\n")).toBe(true);
    for (const part of [parsed.text ?? "", String(parsed.html), mail!.raw]) {
      expect(part).not.toContain("Victim1");
      expect(part).not.toContain("555 0100");
    }
    const [notice] = await captured(owner.email, "New meeting booked: Greeting");
    expect(notice!.textBody).toContain(`Name given: ${name}`);
    expect(notice!.textBody?.split("\n")[0]).not.toContain("Victim1");
  });
});

describe("the booking horizon and the minimum notice", () => {
  it("a new link has 60 days and 2 hours; the public link names its last date", async () => {
    const link = await createLink(owner.cookie, { title: "Defaults" });
    expect(link).toMatchObject({ bookingHorizonDays: 60, minimumNoticeHours: 2 });
    const res = await ctx.request(`/api/public/schedule/${link.linkCode}`);
    const body = (await res.json()) as PublicLink;
    expect(body.today).toBe("2026-12-07");
    expect(body.lastDate).toBe("2027-02-05");
    // Nothing about the rules' owner or organizer in the public fields.
    expect(Object.keys(body).sort()).toEqual(
      [
        "availableDays",
        "availableTimeEnd",
        "availableTimeStart",
        "description",
        "durationMinutes",
        "lastDate",
        "linkCode",
        "timezone",
        "title",
        "today",
      ].sort(),
    );
    // 2027-02-05 is a Friday: offered; the Monday after is past the horizon.
    expect(await slotsOf(link.linkCode, "2027-02-05")).toHaveLength(16);
    expect(await slotsOf(link.linkCode, "2027-02-08")).toEqual([]);
    expect(await slotsOf(link.linkCode, "9999-12-31")).toEqual([]);
    for (const date of ["9999-12-31", "2027-02-08"]) {
      const late = await book(link.linkCode, { date, time: "10:00", email: "far@prospects.test" });
      expect(late.status, date).toBe(400);
      expect((await errorOf(late)).message).toBe(schedulingMessages.slotUnavailable);
    }
    // 09:00 now: 10:30 is sooner than 2 hours, 11:00 is not.
    expect((await slotsOf(link.linkCode, "2026-12-07"))[0]).toBe("11:00");
    const soon = await book(link.linkCode, { date: "2026-12-07", time: "10:30", email: "soon@prospects.test" });
    expect(soon.status).toBe(400);
    expect((await errorOf(soon)).message).toBe(schedulingMessages.slotUnavailable);
    expect(
      (await book(link.linkCode, { date: "2027-02-05", time: "16:30", email: "edge@prospects.test" })).status,
    ).toBe(201);
    expect(await meetingsTo("far@prospects.test")).toEqual([]);
    expect(await meetingsTo("soon@prospects.test")).toEqual([]);
  });

  it("follows the link's own horizon and notice, and a change of them", async () => {
    const link = await createLink(owner.cookie, { title: "Short", bookingHorizonDays: 3, minimumNoticeHours: 24 });
    expect(await slotsOf(link.linkCode, "2026-12-07")).toEqual([]);
    // Tomorrow 09:00 is exactly 24 hours ahead.
    expect((await slotsOf(link.linkCode, "2026-12-08"))[0]).toBe("09:00");
    expect(await slotsOf(link.linkCode, "2026-12-10")).toHaveLength(16);
    expect(await slotsOf(link.linkCode, "2026-12-11")).toEqual([]);
    const res = await ctx.request(`/api/scheduling-links/${link.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { bookingHorizonDays: 4, minimumNoticeHours: 0 },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as SchedulingLinkDto).toMatchObject({ bookingHorizonDays: 4, minimumNoticeHours: 0 });
    expect(await slotsOf(link.linkCode, "2026-12-11")).toHaveLength(16);
    expect((await slotsOf(link.linkCode, "2026-12-07"))[0]).toBe("09:30");
  });

  it("refuses horizons and notices out of bounds with messages naming the field and the limit, storing nothing", async () => {
    const cases: [Partial<CreateLinkInput>, string, string][] = [
      [{ bookingHorizonDays: 0 }, "bookingHorizonDays", "The booking horizon must be between 1 and 365 days"],
      [{ bookingHorizonDays: 366 }, "bookingHorizonDays", "The booking horizon must be between 1 and 365 days"],
      [{ bookingHorizonDays: 1.5 }, "bookingHorizonDays", "The booking horizon must be a whole number of days"],
      [
        { minimumNoticeHours: -1 },
        "minimumNoticeHours",
        "The minimum notice must be between 0 and 720 hours (30 days)",
      ],
      [
        { minimumNoticeHours: 721 },
        "minimumNoticeHours",
        "The minimum notice must be between 0 and 720 hours (30 days)",
      ],
      [
        { bookingHorizonDays: 1, minimumNoticeHours: 24 },
        "minimumNoticeHours",
        "The minimum notice must be shorter than the booking horizon",
      ],
    ];
    const before = await db().select().from(schedulingLinks).where(eq(schedulingLinks.userId, owner.userId));
    for (const [patch, field, message] of cases) {
      const res = await postLink(owner.cookie, linkBody({ title: "Bad", ...patch }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      const error = await errorOf(res);
      expect(error.details?.fields?.[field], JSON.stringify(patch)).toBe(message);
    }
    const link = await createLink(owner.cookie, { title: "Patched", bookingHorizonDays: 2 });
    const patch = await ctx.request(`/api/scheduling-links/${link.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { minimumNoticeHours: 48 },
    });
    expect(patch.status).toBe(400);
    expect((await errorOf(patch)).details?.fields).toEqual({
      minimumNoticeHours: "The minimum notice must be shorter than the booking horizon",
    });
    const after = await db().select().from(schedulingLinks).where(eq(schedulingLinks.userId, owner.userId));
    expect(after.length).toBe(before.length + 1);
    const [stored] = await db().select().from(schedulingLinks).where(eq(schedulingLinks.id, link.id));
    expect(stored).toMatchObject({ bookingHorizonDays: 2, minimumNoticeHours: 2 });
  });
});

describe("the link's own organizer", () => {
  it("defaults to the first saved sender account with the owner's name, and lists the addresses one may choose", async () => {
    const res = await ctx.request("/api/scheduling-links/organizer", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()) as OrganizerOptions).toEqual({
      name: "Olivia Owner",
      email: "olivia@sales.test",
      addresses: ["olivia@sales.test", "second@sales.test", owner.email],
    });
    const link = await createLink(owner.cookie, { title: "Default organizer" });
    expect(link).toMatchObject({ organizerName: "Olivia Owner", organizerEmail: "olivia@sales.test" });
    // Without a sender account: the owner's name and sign-in address, the only address they have.
    const theirs = await ctx.request("/api/scheduling-links/organizer", { cookie: stranger.cookie });
    expect((await theirs.json()) as OrganizerOptions).toEqual({
      name: "Sam Stranger",
      email: stranger.email,
      addresses: [stranger.email],
    });
    expect(await createLink(stranger.cookie, { title: "No sender" })).toMatchObject({
      organizerName: "Sam Stranger",
      organizerEmail: stranger.email,
    });
  });

  it("is used as the invite's ORGANIZER, From's name and Reply-To: never the sign-in address", async () => {
    const link = await createLink(owner.cookie, { title: "Organized", organizerName: "Sales at Olivia Co" });
    expect(link.organizerEmail).toBe("olivia@sales.test");
    const res = await book(link.linkCode, { date: "2026-12-10", time: "10:00", email: "ics@prospects.test" });
    expect(res.status, await res.clone().text()).toBe(201);
    const [mail] = await captured("ics@prospects.test", "Meeting scheduled: Organized");
    expect(mail!.raw).not.toContain(owner.email);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.from?.value).toEqual([{ name: "Sales at Olivia Co", address: "no-reply@coldreach.local" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "", address: "olivia@sales.test" }]);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8");
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe("mailto:olivia@sales.test");
    expect(organizer.getParameter("cn")).toBe("Sales at Olivia Co");
  });

  it("may be the sign-in address when chosen, or another sender; any other address is refused, naming the field", async () => {
    const chosen = await createLink(owner.cookie, {
      title: "Sign-in chosen",
      organizerEmail: owner.email.toUpperCase(),
    });
    expect(chosen.organizerEmail).toBe(owner.email);
    const refused = await postLink(owner.cookie, linkBody({ title: "Spoof", organizerEmail: "ceo@bigbank.test" }));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).details?.fields).toEqual({
      organizerEmail: "Choose one of your sender accounts' addresses or your sign-in address",
    });
    // Another user's sender is not one of this user's.
    const other = await postLink(stranger.cookie, linkBody({ title: "Borrowed", organizerEmail: "olivia@sales.test" }));
    expect(other.status).toBe(400);
    for (const [body, field] of [
      [{ organizerEmail: "not an address" }, "organizerEmail"],
      [{ organizerName: "Two\nlines" }, "organizerName"],
      [{ organizerName: "x".repeat(101) }, "organizerName"],
      [{ organizerName: "  " }, "organizerName"],
    ] as const) {
      const res = await postLink(owner.cookie, linkBody({ title: "Bad organizer", ...body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(res)).details?.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect(
      await db()
        .select()
        .from(schedulingLinks)
        .where(and(eq(schedulingLinks.userId, owner.userId), eq(schedulingLinks.title, "Bad organizer"))),
    ).toEqual([]);
    // Changed later to the second sender.
    const patch = await ctx.request(`/api/scheduling-links/${chosen.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { organizerEmail: "second@sales.test", organizerName: "Second Desk" },
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    expect((await patch.json()) as SchedulingLinkDto).toMatchObject({
      organizerEmail: "second@sales.test",
      organizerName: "Second Desk",
    });
  });

  it("never changes another user's link", async () => {
    const mine = await createLink(owner.cookie, { title: "Mine" });
    for (const json of [
      {},
      { bookingHorizonDays: 5 },
      { minimumNoticeHours: 700 },
      { organizerEmail: stranger.email },
      { organizerEmail: "ceo@bigbank.test" },
      { organizerName: "Taken" },
    ]) {
      const res = await ctx.request(`/api/scheduling-links/${mine.id}`, {
        method: "PATCH",
        cookie: stranger.cookie,
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(404);
    }
    // The owner's own empty change answers the link as it is.
    const same = await ctx.request(`/api/scheduling-links/${mine.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: {},
    });
    expect(same.status).toBe(200);
    const [row] = await db().select().from(schedulingLinks).where(eq(schedulingLinks.id, mine.id));
    expect(row).toMatchObject({
      bookingHorizonDays: 60,
      minimumNoticeHours: 2,
      organizerName: "Olivia Owner",
      organizerEmail: "olivia@sales.test",
    });
  });
});
