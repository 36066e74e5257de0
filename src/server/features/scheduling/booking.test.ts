// The public booking endpoints through the app (no sign-in): what a visitor
// sees of a link, the free times, booking (validation, races decided by the
// database, the invite parsed back with a real iCalendar parser, the owner's
// notice, a campaign contact's sequence stopping through their personal link), the cancel link, mail
// failures, and the rate limits.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BookedMeeting,
  type CreateLinkInput,
  type PublicLink,
  type PublicMeeting,
  type SchedulingLinkDto,
  type SlotList,
  schedulingMessages,
} from "#shared/scheduling/scheduling.schemas.ts";
import { capturingLogger } from "../../../../tests/support/log-capture.ts";
import { sendAnyTime } from "../../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, fakeClock, launch, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import {
  campaignStats,
  capturedEmails,
  contacts,
  scheduledEmails,
  scheduledMeetings,
  userSettings,
} from "../../db/schema/index.ts";
import { captureSmtpUrl, createSystemMailer } from "../../mail/system-mailer.ts";
import { signBookingToken, signToken } from "../../mail/tokens.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createBookingService } from "./booking.service.ts";
import { createMeetingNotices, NOTICE_LEASE_MS } from "./meeting-notices.ts";

// Monday 2026-12-07, 09:00 in Baghdad (+03:00), where the links live.
const START = "2026-12-07T06:00:00.000Z";
const clock = fakeClock(START);
const unlimited = { PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "1000000", PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "1000000" };

let ctx: TestContext;
let owner: { cookie: string; userId: string; email: string };
let link: SchedulingLinkDto;

beforeAll(async () => {
  ctx = await createTestContext(unlimited, undefined, { now: clock.now });
  owner = await ctx.signUpVerified("booking-owner@example.com", undefined, "Olivia Owner");
  link = await createLink(owner.cookie, { title: "Intro call" });
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function createLink(cookie: string, patch: Partial<CreateLinkInput> = {}): Promise<SchedulingLinkDto> {
  const res = await ctx.request("/api/scheduling-links", {
    method: "POST",
    cookie,
    json: {
      title: "Intro call",
      description: "Let us talk",
      durationMinutes: 30,
      availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      availableTimeStart: "09:00",
      availableTimeEnd: "17:00",
      timezone: "Asia/Baghdad",
      ...patch,
    },
  });
  if (res.status !== 201) throw new Error(`link create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SchedulingLinkDto;
}

const book = (code: string, body: unknown) =>
  ctx.request(`/api/public/schedule/${code}/meetings`, { method: "POST", json: body });

async function booked(code: string, body: object): Promise<BookedMeeting> {
  const res = await book(code, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as BookedMeeting;
}

async function slotsOf(code: string, date: string): Promise<string[]> {
  const res = await ctx.request(`/api/public/schedule/${code}/slots?date=${date}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as SlotList).slots.map((s) => s.time);
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/**
 * Captured messages to `address` whose subject starts with `subject` (and
 * whose text contains `containing`), waiting for mail sent in the background.
 */
async function captured(address: string, subject: string, containing = "", count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await db().select().from(capturedEmails).where(sql`${address} = any(${capturedEmails.toAddresses})`);
    const found = rows.filter((r) => r.subject.startsWith(subject) && (r.textBody ?? "").includes(containing));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" captured for ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The meeting's row by link and start. */
async function meetingAt(linkId: string, startsAt: string) {
  const [row] = await db()
    .select()
    .from(scheduledMeetings)
    .where(and(eq(scheduledMeetings.linkId, linkId), eq(scheduledMeetings.scheduledDate, new Date(startsAt))));
  return row;
}

describe("GET /api/public/schedule/{linkCode}", () => {
  it("shows the link's own fields and today in its zone, nothing about the owner", async () => {
    const res = await ctx.request(`/api/public/schedule/${link.linkCode}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as PublicLink;
    expect(body).toEqual({
      linkCode: link.linkCode,
      title: "Intro call",
      description: "Let us talk",
      durationMinutes: 30,
      availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      availableTimeStart: "09:00",
      availableTimeEnd: "17:00",
      timezone: "Asia/Baghdad",
      today: "2026-12-07",
      // Today + the link's booking horizon (60 days by default).
      lastDate: "2027-02-05",
    });
    for (const trace of [owner.userId, owner.email, "Olivia", link.id]) expect(text).not.toContain(trace);
  });

  it("needs no session and ignores one", async () => {
    expect((await ctx.request(`/api/public/schedule/${link.linkCode}`, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("unknown and inactive links", () => {
  const everyEndpoint = (code: string) => [
    ctx.request(`/api/public/schedule/${code}`),
    ctx.request(`/api/public/schedule/${code}/slots?date=2026-12-08`),
    book(code, { date: "2026-12-08", time: "10:00", email: "x@prospects.test" }),
  ];

  it("answers 'Scheduling link not found' on every public endpoint", async () => {
    for (const code of ["ZZZZZZZZ", "short", "toolongcode1", "%20%20"]) {
      for (const res of await Promise.all(everyEndpoint(code))) {
        expect(res.status, code).toBe(404);
        expect((await errorOf(res)).message).toBe("Scheduling link not found");
      }
    }
  });

  it("hides a deactivated link until it is reactivated, and refuses bookings meanwhile", async () => {
    const paused = await createLink(owner.cookie, { title: "Paused" });
    const toggle = (isActive: boolean) =>
      ctx.request(`/api/scheduling-links/${paused.id}`, { method: "PATCH", cookie: owner.cookie, json: { isActive } });
    expect((await toggle(false)).status).toBe(200);
    for (const res of await Promise.all(everyEndpoint(paused.linkCode))) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Scheduling link not found");
    }
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledMeetings)
      .where(eq(scheduledMeetings.linkId, paused.id));
    expect(count?.n).toBe(0);
    expect((await toggle(true)).status).toBe(200);
    expect((await ctx.request(`/api/public/schedule/${paused.linkCode}`)).status).toBe(200);
  });
});

describe("GET /api/public/schedule/{linkCode}/slots", () => {
  it("offers the grid of a future available day", async () => {
    const times = await slotsOf(link.linkCode, "2026-12-08");
    expect(times).toHaveLength(16);
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("16:30");
    const res = await ctx.request(`/api/public/schedule/${link.linkCode}/slots?date=2026-12-08`);
    const body = (await res.json()) as SlotList;
    expect(body.date).toBe("2026-12-08");
    expect(body.slots[0]).toEqual({ time: "09:00", startsAt: "2026-12-08T06:00:00.000Z" });
  });

  it("leaves out today's times sooner than the link's notice (2 hours by default)", async () => {
    // 09:00 now: 11:00 is the first time at least 2 hours ahead.
    expect((await slotsOf(link.linkCode, "2026-12-07"))[0]).toBe("11:00");
  });

  it("offers nothing on unavailable weekdays, past dates or dates that do not exist", async () => {
    expect(await slotsOf(link.linkCode, "2026-12-12")).toEqual([]); // Saturday
    expect(await slotsOf(link.linkCode, "2026-12-04")).toEqual([]); // last Friday
    expect(await slotsOf(link.linkCode, "2027-02-30")).toEqual([]);
  });

  it("refuses a malformed date", async () => {
    for (const date of ["2026-1-8", "tomorrow", ""]) {
      const res = await ctx.request(`/api/public/schedule/${link.linkCode}/slots?date=${date}`);
      expect(res.status, date).toBe(400);
    }
  });
});

describe("POST /api/public/schedule/{linkCode}/meetings: validation", () => {
  const valid = { date: "2026-12-09", time: "10:00", email: "valid@prospects.test", name: "Val" };

  it("asks for the required fields", async () => {
    for (const patch of [{ email: "" }, { date: "" }, { time: "" }, { email: "   " }]) {
      const res = await book(link.linkCode, { ...valid, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect((await errorOf(res)).message).toBe("Please fill in all required fields");
    }
  });

  it("refuses an address that is not one", async () => {
    for (const email of ["not-an-email", "a@b", "two@@example.com", "x@example.com\r\nBcc: y@example.com"]) {
      const res = await book(link.linkCode, { ...valid, email });
      expect(res.status, email).toBe(400);
      expect((await errorOf(res)).message).toBe("Please enter a valid email address");
    }
  });

  it("refuses times off the grid, past times, unavailable weekdays and impossible dates", async () => {
    const cases = [
      { time: "10:15" }, // between slots
      { time: "9:00" }, // not the grid's spelling
      { time: "17:00" }, // the window's end
      { time: "16:45" }, // would end after 17:00
      { date: "2026-12-07", time: "09:00" }, // starts now
      { date: "2026-12-07", time: "08:30" }, // before the window, and past
      { date: "2026-12-04" }, // a past Friday
      { date: "2026-12-12" }, // Saturday
      { date: "2026-02-30" },
      { date: "12/09/2026" },
    ];
    for (const patch of cases) {
      const res = await book(link.linkCode, { ...valid, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect((await errorOf(res)).message).toBe(schedulingMessages.slotUnavailable);
    }
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledMeetings)
      .where(eq(scheduledMeetings.linkId, link.id));
    expect(count?.n).toBe(0);
  });
});

describe("booking", () => {
  it("books a free slot: the meeting is stored, the slot disappears, the answer says nothing of the owner", async () => {
    const res = await book(link.linkCode, {
      date: "2026-12-08",
      time: "14:00",
      email: "  first@prospects.test ",
      name: " First Prospect ",
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      date: "2026-12-08",
      time: "14:00",
      startsAt: "2026-12-08T11:00:00.000Z",
      durationMinutes: 30,
      timezone: "Asia/Baghdad",
      title: "Intro call",
    });
    for (const trace of [owner.userId, owner.email, "Olivia"]) expect(text).not.toContain(trace);
    const row = await meetingAt(link.id, "2026-12-08T11:00:00.000Z");
    expect(row).toMatchObject({
      userId: owner.userId,
      prospectEmail: "first@prospects.test",
      prospectName: "First Prospect",
      durationMinutes: 30,
      timezone: "Asia/Baghdad",
      status: "scheduled",
      cancelledAt: null,
    });
    expect(row?.endsAt.toISOString()).toBe("2026-12-08T11:30:00.000Z");
    const times = await slotsOf(link.linkCode, "2026-12-08");
    expect(times).not.toContain("14:00");
    expect(times).toContain("13:30");
    expect(times).toContain("14:30");
    expect(times).toHaveLength(15);
  });

  it("answers 409 'just booked' for a slot taken a moment earlier", async () => {
    await booked(link.linkCode, { date: "2026-12-08", time: "15:00", email: "early@prospects.test" });
    const late = await book(link.linkCode, { date: "2026-12-08", time: "15:00", email: "late@prospects.test" });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toEqual({ code: "conflict", message: schedulingMessages.slotTaken });
  });

  it("20 visitors racing for one slot: exactly one gets it, the others 409, none 5xx", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(link.linkCode, { date: "2026-12-10", time: "10:00", email: `racer-${i}@prospects.test` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.status === 409)) {
      expect((await errorOf(res)).message).toBe(schedulingMessages.slotTaken);
    }
    const rows = await db()
      .select()
      .from(scheduledMeetings)
      .where(and(eq(scheduledMeetings.linkId, link.id), eq(scheduledMeetings.status, "scheduled")));
    expect(rows.filter((r) => r.scheduledDate.toISOString() === "2026-12-10T07:00:00.000Z")).toHaveLength(1);
  });

  it("never double-books the owner across links: overlapping slots of two links race, one wins", async () => {
    const hour = await createLink(owner.cookie, { title: "Long call", durationMinutes: 60 });
    // Thursday 2026-12-10 is free at 13:00–14:00 on both: 13:30 (30 min) overlaps 13:00 (60 min).
    const [a, b] = await Promise.all([
      book(link.linkCode, { date: "2026-12-10", time: "13:30", email: "short@prospects.test" }),
      book(hour.linkCode, { date: "2026-12-10", time: "13:00", email: "long@prospects.test" }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    // Whoever won, the other link no longer offers the overlapping time but still offers the touching ones.
    const thirty = await slotsOf(link.linkCode, "2026-12-10");
    const sixty = await slotsOf(hour.linkCode, "2026-12-10");
    expect(sixty).not.toContain("13:00");
    expect(thirty).not.toContain("13:30");
    expect(sixty).toContain("14:00");
    expect(sixty).toContain("12:00");
    // A sequential booking of a slot overlapping the other link's meeting is refused the same way.
    const again = await book(hour.linkCode, { date: "2026-12-10", time: "13:00", email: "again@prospects.test" });
    expect(again.status).toBe(409);
  });

  it("does not let another owner's meetings block this owner's times", async () => {
    const other = await ctx.signUpVerified("booking-other@example.com");
    const theirs = await createLink(other.cookie, { title: "Other owner" });
    await booked(theirs.linkCode, { date: "2026-12-11", time: "10:00", email: "someone@prospects.test" });
    expect(await slotsOf(link.linkCode, "2026-12-11")).toContain("10:00");
    await booked(link.linkCode, { date: "2026-12-11", time: "10:00", email: "someone@prospects.test" });
  });
});

describe("the mail a booking sends", () => {
  it("sends the prospect a confirmation with an iCalendar invite a real parser reads back", async () => {
    const result = await booked(link.linkCode, {
      date: "2026-12-14",
      time: "14:30",
      email: "ada@prospects.test",
      name: "Ada <Lovelace>",
    });
    const meeting = await meetingAt(link.id, result.startsAt);
    const [mail] = await captured("ada@prospects.test", "Meeting scheduled: Intro call");
    const parsed = await simpleParser(mail!.raw);

    // The body: date, time with the zone's name, duration, the cancel link.
    const body = parsed.text ?? "";
    expect(body).toContain("Monday, December 14, 2026");
    expect(body).toContain("2:30 PM GMT+3 (Asia/Baghdad)");
    expect(body).toContain("30 minutes");
    const token = signToken(ctx.config.appSecret, "meeting", meeting!.id);
    const cancelUrl = `${TEST_ORIGIN}/schedule/cancel/${token}`;
    expect(body).toContain(cancelUrl);
    // The visitor's own text is not part of the prospect's mail: a greeting without it.
    expect(body.startsWith("Hello,\n")).toBe(true);
    for (const part of [body, String(parsed.html), mail!.raw]) expect(part).not.toContain("Lovelace");
    // From the link's organizer (this owner has no sender account: their name and sign-in address,
    // the default then), on the system's own address.
    expect(parsed.from?.value).toEqual([{ name: "Olivia Owner", address: "no-reply@coldreach.local" }]);
    expect(parsed.replyTo?.value).toEqual([{ name: "", address: owner.email }]);

    // The invite: the text/calendar part, parsed with ical.js.
    const calendarPart = parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(calendarPart, `parts: ${parsed.attachments.map((a) => a.contentType).join(", ")}`).toBeDefined();
    const ics = calendarPart!.content.toString("utf8");
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-14T11:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-14T12:00:00.000Z");
    expect(event.duration.toSeconds()).toBe(30 * 60);
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe("Intro call");
    expect(event.uid).toBe(`${meeting!.id}@localhost`);
    expect(event.description).toContain(cancelUrl);
    const organizer = vevent.getFirstProperty("organizer")!;
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe(`mailto:${owner.email}`);
    expect(organizer.getParameter("cn")).toBe("Olivia Owner");
    const attendees = vevent.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0]!.getFirstValue()).toLowerCase()).toBe("mailto:ada@prospects.test");
    expect(String(attendees[0]!.getParameter("rsvp")).toUpperCase()).toBe("TRUE");
    expect(attendees[0]!.getParameter("cn")).toBeUndefined();
  });

  it("tells the owner who booked which link and when, at the account address", async () => {
    await booked(link.linkCode, { date: "2026-12-15", time: "09:00", email: "grace@prospects.test", name: "Grace" });
    const [notice] = await captured(owner.email, "New meeting booked: Intro call", "grace@prospects.test");
    expect(notice!.textBody).toContain(
      '"Intro call" was booked for Tuesday, December 15, 2026 at 9:00 AM GMT+3 (Asia/Baghdad) (30 minutes).',
    );
    // Who booked: labelled data after our sentence, not its subject.
    expect(notice!.textBody).toContain("Email: grace@prospects.test\nName given: Grace\n");
    expect(notice!.htmlBody).toContain('<tr><th align="left">Name given</th><td>Grace</td></tr>');
  });

  it("sends the owner's notice to the notification address when one is set", async () => {
    const alerted = await ctx.signUpVerified("booking-alerts@example.com");
    await db()
      .insert(userSettings)
      .values({ userId: alerted.userId, notificationEmail: "alerts@owner.test" })
      .onConflictDoUpdate({ target: userSettings.userId, set: { notificationEmail: "alerts@owner.test" } });
    const theirs = await createLink(alerted.cookie, { title: "Alerted link" });
    await booked(theirs.linkCode, { date: "2026-12-15", time: "11:00", email: "hopper@prospects.test" });
    const [notice] = await captured("alerts@owner.test", "New meeting booked: Alerted link");
    expect(notice!.textBody).toContain('"Alerted link" was booked for');
    expect(notice!.textBody).toContain("Email: hopper@prospects.test\n\n");
  });

  it("keeps the booking when the mail cannot be sent, logs it without the cancel link, and the worker's sweep sends it later", async () => {
    const { log, lines } = capturingLogger("info");
    const deps = {
      db: db(),
      config: ctx.config,
      log,
      now: clock.now,
      mailer: {
        send: async () => {
          throw new Error("SMTP server unreachable");
        },
        close: async () => {},
      },
    } as unknown as FeatureDeps;
    const service = createBookingService(deps);
    const result = await service.book(link.linkCode, {
      date: "2026-12-16",
      time: "09:00",
      email: "lost@prospects.test",
    });
    expect(result.startsAt).toBe("2026-12-16T06:00:00.000Z");
    expect((await meetingAt(link.id, result.startsAt))?.status).toBe("scheduled");
    const deadline = Date.now() + 5_000;
    const pending = async () => (await meetingAt(link.id, result.startsAt))?.noticesAttempts ?? 0;
    while ((await pending()) < 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const failures = lines.filter((l) => l.includes("meeting notice failed to send"));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain("SMTP server unreachable");
    for (const line of lines) expect(line).not.toContain("/schedule/cancel/");
    // The mail is still owed (as it would be had the process died before sending it).
    expect(await meetingAt(link.id, result.startsAt)).toMatchObject({ noticesPending: "booked", noticesAttempts: 1 });

    // A worker's sweep leaves it alone while the claim is fresh, then takes it over and sends it.
    const mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(ctx.capturePort), from: ctx.config.mailFrom });
    try {
      const notices = createMeetingNotices({ db: db(), config: ctx.config, log, mailer });
      // Earlier tests' notices may still be on their way: let them land, so the sweep finds only this one.
      await expect
        .poll(
          async () =>
            (await db().select().from(scheduledMeetings).where(isNotNull(scheduledMeetings.noticesPending))).length,
        )
        .toBe(1);
      expect(await notices.sweep(new Date())).toBe(0);
      expect(await notices.sweep(new Date(Date.now() + NOTICE_LEASE_MS + 1_000))).toBe(1);
    } finally {
      await mailer.close();
    }
    const [confirmation] = await captured("lost@prospects.test", "Meeting scheduled: Intro call");
    expect(confirmation!.raw).toContain("METHOD:REQUEST");
    await captured(owner.email, "New meeting booked: Intro call", "lost@prospects.test");
    expect(await meetingAt(link.id, result.startsAt)).toMatchObject({ noticesPending: null, noticesClaimedAt: null });
  });
});

describe("a booking by a campaign contact", () => {
  it("through their personal link stops that contact's remaining steps in every campaign of the owner, and nothing else", async () => {
    const seller = await ctx.signUpVerified("booking-seller@example.com");
    await sendAnyTime(db(), seller.userId);
    const campaign = await createCampaign(ctx, seller.cookie, {
      senderAccounts: [{ email: "seller@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [
        { email: "booker@prospects.test", firstName: "Bo", customFields: {} },
        { email: "bystander@prospects.test", firstName: "By", customFields: {} },
      ],
      sequence: [step("Hello {{firstName}}", "Hi"), step("Following up", "Again", { amount: 2, unit: "days" })],
    });
    const launched = await launch(ctx, seller.cookie, campaign.campaign.id);
    expect(launched.status).toBe(200);
    // Imports store addresses in lower case; older rows may not be: match whatever case is stored.
    await db()
      .update(contacts)
      .set({ email: "Booker@Prospects.test" })
      .where(and(eq(contacts.campaignId, campaign.campaign.id), eq(contacts.email, "booker@prospects.test")));
    // Another user's contact with the same address must not be touched.
    const stranger = await ctx.signUpVerified("booking-stranger@example.com");
    await sendAnyTime(db(), stranger.userId);
    const strangers = await createCampaign(ctx, stranger.cookie, {
      senderAccounts: [{ email: "stranger@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [{ email: "booker@prospects.test", customFields: {} }],
      sequence: [step("Hello", "Hi"), step("Again", "Again", { amount: 2, unit: "days" })],
    });
    await launch(ctx, stranger.cookie, strangers.campaign.id);

    const queue = async (campaignId: string) =>
      db()
        .select({ email: contacts.email, status: scheduledEmails.status, reason: scheduledEmails.cancelReason })
        .from(scheduledEmails)
        .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
        .where(and(eq(scheduledEmails.campaignId, campaignId), eq(scheduledEmails.status, "scheduled")));
    expect((await queue(campaign.campaign.id)).map((q) => q.email).sort()).toEqual([
      "Booker@Prospects.test",
      "bystander@prospects.test",
    ]);
    const scheduledBefore = await scheduledCount(campaign.campaign.id);

    const sellersLink = await createLink(seller.cookie, { title: "Demo" });
    // The token of the contact's {{bookingLink}} proves who books (personal-booking-link.test.ts: without it, nothing stops).
    const [bookerContact] = await db()
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.campaignId, campaign.campaign.id), eq(contacts.email, "Booker@Prospects.test")));
    const token = signBookingToken(ctx.config.appSecret, sellersLink.id, bookerContact!.id);
    await booked(sellersLink.linkCode, { date: "2026-12-17", time: "10:00", email: "BOOKER@prospects.TEST", token });

    const rows = await db()
      .select({ email: contacts.email, status: scheduledEmails.status, reason: scheduledEmails.cancelReason })
      .from(scheduledEmails)
      .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
      .where(eq(scheduledEmails.campaignId, campaign.campaign.id));
    const booker = rows.filter((r) => r.email === "Booker@Prospects.test");
    expect(booker.filter((r) => r.status === "cancelled")).toEqual([
      { email: "Booker@Prospects.test", status: "cancelled", reason: "booked" },
    ]);
    expect(booker.filter((r) => r.status === "scheduled")).toEqual([]);
    expect(rows.filter((r) => r.email === "bystander@prospects.test" && r.status === "scheduled")).toHaveLength(1);
    expect(await scheduledCount(campaign.campaign.id)).toBe(scheduledBefore - 1);
    // The contact is neither replied nor opted out: a meeting is not a reply.
    const [contact] = await db().select().from(contacts).where(eq(contacts.email, "Booker@Prospects.test"));
    expect(contact?.status).toBe("active");
    expect(contact?.repliedAt).toBeNull();
    expect(await queue(strangers.campaign.id)).toHaveLength(1);
  });
});

async function scheduledCount(campaignId: string): Promise<number> {
  const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row?.scheduled ?? -1;
}

describe("the cancel link", () => {
  async function bookAndToken(date: string, time: string, email: string) {
    const result = await booked(link.linkCode, { date, time, email });
    const [mail] = await captured(email, "Meeting scheduled: Intro call");
    const token = mail!.textBody?.match(/\/schedule\/cancel\/(\S+)/)?.[1];
    if (!token) throw new Error("no cancel link in the confirmation");
    return { result, token };
  }

  it("shows the meeting, cancels it (the slot is offered again), tells the owner and the prospect's calendar", async () => {
    const { result, token } = await bookAndToken("2026-12-09", "11:00", "cancel-me@prospects.test");
    const shown = await ctx.request(`/api/public/meetings/${token}`);
    expect(shown.status).toBe(200);
    expect((await shown.json()) as PublicMeeting).toEqual({ ...result, status: "scheduled" });
    expect(await slotsOf(link.linkCode, "2026-12-09")).not.toContain("11:00");

    const res = await ctx.request(`/api/public/meetings/${token}/cancel`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicMeeting).status).toBe("cancelled");
    const row = await meetingAt(link.id, result.startsAt);
    expect(row?.status).toBe("cancelled");
    expect(row?.cancelledAt?.toISOString()).toBe(START);
    expect(await slotsOf(link.linkCode, "2026-12-09")).toContain("11:00");

    const [notice] = await captured(owner.email, "Meeting cancelled: Intro call", "cancel-me@prospects.test");
    expect(notice!.textBody).toContain('"Intro call" on Wednesday, December 9, 2026 at 11:00 AM GMT+3');
    expect(notice!.textBody).toContain("was cancelled. The time is free again.");
    expect(notice!.textBody).toContain("Email: cancel-me@prospects.test");
    const [copy] = await captured("cancel-me@prospects.test", "Meeting cancelled: Intro call");
    const ics = (await simpleParser(copy!.raw)).attachments.find((a) => a.contentType.startsWith("text/calendar"));
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString("utf8")));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(new ICAL.Event(calendar.getFirstSubcomponent("vevent")!).uid).toBe(`${row!.id}@localhost`);

    // Twice is harmless: still cancelled, no second notice.
    const again = await ctx.request(`/api/public/meetings/${token}/cancel`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as PublicMeeting).status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 300));
    expect(await captured(owner.email, "Meeting cancelled: Intro call", "cancel-me@prospects.test")).toHaveLength(1);

    // Someone else can now book the freed time.
    await booked(link.linkCode, { date: "2026-12-09", time: "11:00", email: "next@prospects.test" });
  });

  it("answers 'Meeting not found' for tokens that are not ours or not for meetings", async () => {
    const { result } = await bookAndToken("2026-12-09", "12:00", "tokens@prospects.test");
    const row = await meetingAt(link.id, result.startsAt);
    const forged = [
      "nope",
      `${row!.id}.AAAAAAAAAAAAAAAAAAAAAA`,
      signToken(ctx.config.appSecret, "unsubscribe", row!.id),
      signToken("another-secret-another-secret-another-secret", "meeting", row!.id),
      signToken(ctx.config.appSecret, "meeting", "not-a-uuid"),
      signToken(ctx.config.appSecret, "meeting", "00000000-0000-4000-8000-000000000000"),
    ];
    for (const token of forged) {
      for (const res of [
        await ctx.request(`/api/public/meetings/${encodeURIComponent(token)}`),
        await ctx.request(`/api/public/meetings/${encodeURIComponent(token)}/cancel`, { method: "POST" }),
      ]) {
        expect(res.status, token).toBe(404);
        expect((await errorOf(res)).message).toBe(schedulingMessages.meetingNotFound);
      }
    }
    expect((await meetingAt(link.id, result.startsAt))?.status).toBe("scheduled");
  });

  it("does not cancel a meeting that has already started", async () => {
    const { result, token } = await bookAndToken("2026-12-07", "11:00", "started@prospects.test");
    clock.set("2026-12-07T08:10:00.000Z"); // 11:10 in Baghdad
    try {
      const res = await ctx.request(`/api/public/meetings/${token}/cancel`, { method: "POST" });
      expect(res.status).toBe(409);
      expect((await meetingAt(link.id, result.startsAt))?.status).toBe("scheduled");
    } finally {
      clock.set(START);
    }
  });
});

describe("rate limits", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "3",
      PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "2",
    });
  });
  afterAll(() => limited?.close());

  it("answers 429 with Retry-After once a budget is spent, reads and writes counted apart", async () => {
    const read = () => limited.request("/api/public/schedule/ZZZZZZZZ");
    const write = () =>
      limited.request("/api/public/schedule/ZZZZZZZZ/meetings", {
        method: "POST",
        json: { date: "2026-12-08", time: "10:00", email: "x@prospects.test" },
      });
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(404);
    const over = await read();
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await over.json()).toEqual({ error: { code: "rate_limited", message: schedulingMessages.tooManyRequests } });
    // Writes have their own budget, also applied to the cancel link.
    expect((await write()).status).toBe(404);
    expect((await limited.request("/api/public/meetings/nope/cancel", { method: "POST" })).status).toBe(404);
    const overWrite = await write();
    expect(overWrite.status).toBe(429);
    expect(overWrite.headers.get("retry-after")).toMatch(/^\d+$/);
    // The signed-in API is not affected.
    expect((await limited.request("/api/health")).status).toBeLessThan(400);
    if (limited.database.kind === "postgres") {
      // Shared through the database, so several web processes count together.
      const rows = await limited.database.db.execute(sql`select key, points from rate_limits order by key`);
      expect((rows as unknown as { rows: { key: string; points: number }[] }).rows).toEqual([
        { key: "public_reads:unknown", points: 4 },
        { key: "public_writes:unknown", points: 3 },
      ]);
    }
  });
});
