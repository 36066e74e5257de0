// The calendar API on rows seeded directly (the sending path makes the same
// rows; here the times are chosen to the microsecond), for a user whose
// timezone is Asia/Baghdad (UTC+3, no DST):
// - counts per local day: 23:30 UTC is the next day there; the month's edges
//   are local midnights, also across a clock change; failed vs sent; meetings (a cancelled one is gone);
//   pending sends and queue rows no longer 'scheduled' are not events;
// - `only`: a day with exactly one event carries it, with its joined fields;
// - a day's list in time order, 100 a page, across ties at one instant within
//   and across kinds: every event exactly once, in order;
// - another user's events are never counted or listed;
// - a bad month, date or cursor is a 400; a month is a bounded number of
//   statements (two), whatever the number of days with events.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDayEvents, CalendarEvent, CalendarMonth } from "#shared/calendar/calendar.schemas.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import type { Db } from "../../db/client.ts";
import {
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  scheduledEmails,
  scheduledMeetings,
  schedulingLinks,
  userSettings,
} from "../../db/schema/index.ts";
import { createCalendarService, DAY_PAGE_SIZE } from "./calendar.service.ts";

/** A scheduling link row written directly needs its organizer (the API fills it from the owner's senders). */
const organizer = { organizerName: "Olivia Owner", organizerEmail: "olivia@sender.test" };

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const utc = (text: string) => new Date(text);
const FAILURE = "550 5.1.1 <gone@prospect.test>: Recipient address rejected: User unknown";

async function get<T>(path: string, cookie: string): Promise<{ status: number; body: T }> {
  const res = await ctx.request(path, { cookie });
  return { status: res.status, body: (await res.json()) as T };
}

const month = (m: string, cookie = alice.cookie) => get<CalendarMonth>(`/api/calendar/month?month=${m}`, cookie);
const dayPage = (date: string, cursor?: string, cookie = alice.cookie) =>
  get<CalendarDayEvents>(
    `/api/calendar/day?date=${date}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    cookie,
  );

async function seedCampaign(db: Db, userId: string, name: string, contactCount: number) {
  const [campaign] = await db.insert(campaigns).values({ userId, name, status: "active" }).returning();
  const steps = await db
    .insert(emailSequences)
    .values([
      { campaignId: campaign!.id, stepNumber: 1, subject: "Hello {{firstName}}", body: "Hi" },
      { campaignId: campaign!.id, stepNumber: 2, subject: "", body: "Following up" },
    ])
    .returning();
  const people = await db
    .insert(contacts)
    .values(
      Array.from({ length: contactCount }, (_, i) => ({
        userId,
        campaignId: campaign!.id,
        email: `${name.toLowerCase().replaceAll(" ", "-")}-${i + 1}@prospect.test`,
      })),
    )
    .returning();
  return {
    campaign: campaign!,
    step1: steps.find((s) => s.stepNumber === 1)!,
    step2: steps.find((s) => s.stepNumber === 2)!,
    people,
  };
}

const ids: Record<string, string> = {};

/** Alice's November 2026 (Baghdad time). Bob has events on the same days. */
async function seed() {
  const db = ctx.database.db;
  await db.insert(userSettings).values({ userId: alice.userId, timezone: "Asia/Baghdad" });
  const a = await seedCampaign(db, alice.userId, "Autumn Outreach", 80);
  const base = { userId: alice.userId, fromEmail: "me@acme.test", body: "Hi" };

  const queued = await db
    .insert(scheduledEmails)
    .values([
      // 23:30 UTC on the 10th is 02:30 on the 11th in Baghdad: the 11th's only event.
      {
        campaignId: a.campaign.id,
        contactId: a.people[0]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-11-10T23:30:00Z"),
      },
      // Not events: sent already, cancelled.
      {
        campaignId: a.campaign.id,
        contactId: a.people[1]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-11-10T12:00:00Z"),
        status: "sent",
      },
      {
        campaignId: a.campaign.id,
        contactId: a.people[2]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-11-10T12:00:00Z"),
        status: "cancelled",
      },
      // 21:00 UTC on 31 October is midnight, 1 November, in Baghdad: in the month.
      {
        campaignId: a.campaign.id,
        contactId: a.people[3]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-10-31T21:00:00Z"),
      },
      // 20:59:59 UTC on 30 November is still 30 November there; 21:00 is 1 December: not in the month.
      {
        campaignId: a.campaign.id,
        contactId: a.people[4]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-11-30T20:59:59Z"),
      },
      {
        campaignId: a.campaign.id,
        contactId: a.people[5]!.id,
        sequenceId: a.step1.id,
        scheduledFor: utc("2026-11-30T21:00:00Z"),
      },
      // Step 2 has no subject: '(no subject)'.
      {
        campaignId: a.campaign.id,
        contactId: a.people[6]!.id,
        sequenceId: a.step2.id,
        scheduledFor: utc("2026-11-14T07:00:00Z"),
      },
    ])
    .returning();
  ids.queued11 = queued[0]!.id;
  ids.noSubject = queued[6]!.id;

  const sends = await db
    .insert(emailSends)
    .values([
      // The 12th: one sent, one failed (no sent_at: its time is created_at), one pending (not an event).
      {
        ...base,
        campaignId: a.campaign.id,
        contactId: a.people[1]!.id,
        sequenceId: a.step1.id,
        toEmail: a.people[1]!.email,
        subject: "Hello Ana",
        status: "sent",
        sentAt: utc("2026-11-12T06:00:00Z"),
        createdAt: utc("2026-11-12T06:00:00Z"),
      },
      {
        ...base,
        campaignId: a.campaign.id,
        contactId: a.people[2]!.id,
        sequenceId: a.step1.id,
        toEmail: "gone@prospect.test",
        subject: "Hello Gone",
        status: "failed",
        failureCategory: "invalid_address",
        errorMessage: buildSendErrorMessage({
          error: FAILURE,
          recipient: "gone@prospect.test",
          sender: "me@acme.test",
          subject: "Hello Gone",
          timestamp: "2026-11-12T07:00:00Z",
          category: "invalid_address",
        }),
        createdAt: utc("2026-11-12T07:00:00Z"),
      },
      {
        ...base,
        campaignId: a.campaign.id,
        contactId: a.people[7]!.id,
        sequenceId: a.step1.id,
        toEmail: a.people[7]!.email,
        subject: "Hello Pending",
        status: "pending",
        createdAt: utc("2026-11-12T08:00:00Z"),
      },
      // The 13th: a failed direct send (no campaign, no contact) with a plain-text error.
      {
        ...base,
        toEmail: "direct@elsewhere.test",
        subject: "Direct note",
        status: "failed",
        errorMessage: "Connection refused",
        createdAt: utc("2026-11-13T09:15:00Z"),
      },
    ])
    .returning();
  ids.failed13 = sends[3]!.id;

  const [link] = await db
    .insert(schedulingLinks)
    .values({ userId: alice.userId, title: "Intro call", linkCode: "aliceABC", ...organizer })
    .returning();
  const meeting = (at: string, status: "scheduled" | "completed" | "cancelled", email = "lead@prospect.test") => {
    const start = utc(at);
    return {
      linkId: link!.id,
      userId: alice.userId,
      prospectEmail: email,
      scheduledDate: start,
      durationMinutes: 30,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      timezone: "Asia/Baghdad",
      status,
    };
  };
  const meetings = await db
    .insert(scheduledMeetings)
    .values([
      // The 20th: 12:30 in Baghdad, its only event (the cancelled one at the same time is not one).
      meeting("2026-11-20T09:30:00Z", "scheduled"),
      { ...meeting("2026-11-20T09:30:00Z", "cancelled", "changed-mind@prospect.test"), cancelledAt: new Date() },
      // The 3rd: a completed meeting counts.
      meeting("2026-11-03T06:00:00Z", "completed", "met@prospect.test"),
    ])
    .returning();
  ids.meeting20 = meetings[0]!.id;

  // Bob, same days: never Alice's.
  const b = await seedCampaign(db, bob.userId, "Bob Campaign", 2);
  await db.insert(scheduledEmails).values({
    campaignId: b.campaign.id,
    contactId: b.people[0]!.id,
    sequenceId: b.step1.id,
    scheduledFor: utc("2026-11-10T23:30:00Z"),
  });
  await db.insert(emailSends).values({
    userId: bob.userId,
    fromEmail: "bob@acme.test",
    body: "Hi",
    toEmail: "x@prospect.test",
    subject: "Bob's",
    status: "sent",
    sentAt: utc("2026-11-12T06:00:00Z"),
  });
  const [bobLink] = await db
    .insert(schedulingLinks)
    .values({ userId: bob.userId, title: "Bob call", linkCode: "bobXYZ12", ...organizer })
    .returning();
  await db.insert(scheduledMeetings).values({
    ...meeting("2026-11-20T11:00:00Z", "scheduled"),
    linkId: bobLink!.id,
    userId: bob.userId,
  });
}

/**
 * The 25th (Baghdad): 250 events, many at one instant (10:00 UTC exactly, in
 * all three kinds) so pages break inside ties. Returns the expected ids in order.
 */
async function seedBusyDay(): Promise<string[]> {
  const db = ctx.database.db;
  const { userId } = alice;
  const tie = "2026-11-25T10:00:00Z";
  const c = await seedCampaign(db, userId, "Busy Day", 60);
  const queue = await db
    .insert(scheduledEmails)
    .values(
      c.people.map((p) => ({
        campaignId: c.campaign.id,
        contactId: p.id,
        sequenceId: c.step1.id,
        scheduledFor: utc(tie),
      })),
    )
    .returning({ id: scheduledEmails.id });
  // 120 sends at the tie, 50 a microsecond apart around it (a JS Date could not tell them apart).
  const sends = await db.execute(sql`
    insert into email_sends (user_id, to_email, from_email, subject, body, status, sent_at, created_at)
    select ${userId}, 'bulk-' || g || '@prospect.test', 'me@acme.test', 'Bulk ' || g, 'Hi',
      case when g % 7 = 0 then 'failed' else 'sent' end,
      case when g % 7 = 0 then null
           when g <= 120 then ${tie}::timestamptz
           else ${tie}::timestamptz + (g - 145) * interval '1 microsecond' end,
      case when g <= 120 then ${tie}::timestamptz
           else ${tie}::timestamptz + (g - 145) * interval '1 microsecond' end
    from generate_series(1, 170) g
    returning id`);
  const sendIds = (sends as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const [link] = await db
    .insert(schedulingLinks)
    .values({ userId, title: "Busy call", linkCode: "busyDAY1", ...organizer })
    .returning();
  // Completed meetings are not held apart by the no-overlap constraint (only scheduled ones are).
  const meetingRows = await db
    .insert(scheduledMeetings)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        linkId: link!.id,
        userId,
        prospectEmail: `m${i}@prospect.test`,
        scheduledDate: utc(tie),
        durationMinutes: 30,
        endsAt: utc("2026-11-25T10:30:00Z"),
        timezone: "Asia/Baghdad",
        status: "completed" as const,
      })),
    )
    .returning({ id: scheduledMeetings.id });

  // The expected order: time, then event id byte by byte.
  const times = await db.execute(sql`
    select 'sent-' || id::text as event_id,
      to_char(coalesce(sent_at, created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at
    from email_sends where user_id = ${userId} and subject like 'Bulk %'`);
  const sendTimes = (times as unknown as { rows: { event_id: string; at: string }[] }).rows;
  expect(sendTimes).toHaveLength(sendIds.length);
  const all = [
    ...sendTimes,
    ...queue.map((q) => ({ event_id: `scheduled-${q.id}`, at: "2026-11-25T10:00:00.000000" })),
    ...meetingRows.map((m) => ({ event_id: `meeting-${m.id}`, at: "2026-11-25T10:00:00.000000" })),
  ];
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  all.sort((x, y) => cmp(x.at, y.at) || cmp(x.event_id, y.event_id));
  return all.map((e) => e.event_id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-calendar@example.com");
  bob = await ctx.signUpVerified("bob-calendar@example.com");
  await seed();
});

afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/calendar/month", () => {
  it("counts each kind per local day in the user's zone, with the month's totals", async () => {
    const { status, body } = await month("2026-11");
    expect(status).toBe(200);
    expect(body.timezone).toBe("Asia/Baghdad");
    const counts = Object.fromEntries(body.days.map((d) => [d.date, d.counts]));
    const c = (scheduled: number, sent: number, failed: number, meetings: number) => ({
      scheduled,
      sent,
      failed,
      meetings,
    });
    expect(counts).toEqual({
      "2026-11-01": c(1, 0, 0, 0),
      "2026-11-03": c(0, 0, 0, 1),
      "2026-11-11": c(1, 0, 0, 0),
      "2026-11-12": c(0, 1, 1, 0),
      "2026-11-13": c(0, 0, 1, 0),
      "2026-11-14": c(1, 0, 0, 0),
      "2026-11-20": c(0, 0, 0, 1),
      "2026-11-30": c(1, 0, 0, 0),
    });
    expect(body.totals).toEqual(c(4, 1, 2, 2));
    // Ascending, and only days with events.
    expect(body.days.map((d) => d.date)).toEqual(Object.keys(counts).sort());
  });

  it("gives a day with exactly one event that event, and none to a day with several", async () => {
    const { body } = await month("2026-11");
    const day = (date: string) => body.days.find((d) => d.date === date)!;
    expect(day("2026-11-12").only).toBeNull();
    expect(day("2026-11-11").only).toEqual<CalendarEvent>({
      id: `scheduled-${ids.queued11}`,
      type: "scheduled",
      title: "Hello {{firstName}}",
      at: "2026-11-10T23:30:00.000Z",
      status: "scheduled",
      campaignName: "Autumn Outreach",
      contactEmail: "autumn-outreach-1@prospect.test",
      subject: "Hello {{firstName}}",
      stepNumber: 1,
      errorMessage: null,
      durationMinutes: null,
      prospectName: null,
      linkedContact: null,
    });
    expect(day("2026-11-13").only).toMatchObject({
      id: `sent-${ids.failed13}`,
      type: "failed",
      title: "Direct note",
      at: "2026-11-13T09:15:00.000Z",
      status: "failed",
      campaignName: null,
      contactEmail: "direct@elsewhere.test",
      errorMessage: "Connection refused",
    });
    expect(day("2026-11-14").only).toMatchObject({ title: "(no subject)", subject: "", stepNumber: 2 });
    expect(day("2026-11-20").only).toEqual<CalendarEvent>({
      id: `meeting-${ids.meeting20}`,
      type: "meeting",
      title: "Intro call",
      at: "2026-11-20T09:30:00.000Z",
      status: "scheduled",
      campaignName: null,
      contactEmail: "lead@prospect.test",
      subject: null,
      stepNumber: null,
      errorMessage: null,
      durationMinutes: 30,
      prospectName: null,
      linkedContact: null,
    });
  });

  it("puts the events of the month's last UTC evening in the next month", async () => {
    const { body } = await month("2026-12");
    expect(body.days.map((d) => [d.date, d.counts.scheduled])).toEqual([["2026-12-01", 1]]);
    expect(body.totals).toEqual({ scheduled: 1, sent: 0, failed: 0, meetings: 0 });
  });

  it("counts in UTC for a user without a timezone setting, and never another user's events", async () => {
    const { body } = await month("2026-11", bob.cookie);
    expect(body.timezone).toBe("UTC");
    expect(body.days.map((d) => [d.date, d.counts])).toEqual([
      ["2026-11-10", { scheduled: 1, sent: 0, failed: 0, meetings: 0 }],
      ["2026-11-12", { scheduled: 0, sent: 1, failed: 0, meetings: 0 }],
      ["2026-11-20", { scheduled: 0, sent: 0, failed: 0, meetings: 1 }],
    ]);
    expect(body.days.find((d) => d.date === "2026-11-20")?.only?.title).toBe("Bob call");
  });

  it("follows the zone's clock changes: a 25-hour local day holds all of its hours", async () => {
    // New York leaves summer time on 1 November 2026: that day runs 04:00 UTC to 05:00 UTC the next day.
    const carol = await ctx.signUpVerified("carol-calendar@example.com");
    const db = ctx.database.db;
    await db.insert(userSettings).values({ userId: carol.userId, timezone: "America/New_York" });
    const send = (at: string, subject: string) => ({
      userId: carol.userId,
      fromEmail: "carol@acme.test",
      toEmail: "lead@prospect.test",
      body: "Hi",
      subject,
      status: "sent" as const,
      sentAt: utc(at),
      createdAt: utc(at),
    });
    await db
      .insert(emailSends)
      .values([
        send("2026-11-01T03:59:59Z", "Saturday night"),
        send("2026-11-01T04:30:00Z", "00:30 EDT"),
        send("2026-11-02T04:30:00Z", "23:30 EST"),
        send("2026-11-02T05:00:00Z", "Monday midnight"),
      ]);
    const { body } = await month("2026-11", carol.cookie);
    expect(body.timezone).toBe("America/New_York");
    expect(body.days.map((d) => [d.date, d.counts.sent])).toEqual([
      ["2026-11-01", 2],
      ["2026-11-02", 1],
    ]);
    const sunday = await dayPage("2026-11-01", undefined, carol.cookie);
    expect(sunday.body.events.map((e) => e.title)).toEqual(["00:30 EDT", "23:30 EST"]);
    const october = await month("2026-10", carol.cookie);
    expect(october.body.days.map((d) => [d.date, d.only?.title])).toEqual([["2026-10-31", "Saturday night"]]);
  });

  it("is an empty month with zero totals when nothing happens", async () => {
    const { status, body } = await month("2025-02");
    expect(status).toBe(200);
    expect(body).toEqual({
      month: "2025-02",
      timezone: "Asia/Baghdad",
      days: [],
      totals: { scheduled: 0, sent: 0, failed: 0, meetings: 0 },
    });
  });

  it("answers for the first and last months PostgreSQL and the API can name", async () => {
    for (const edge of ["0001-01", "9999-12"]) {
      const { status, body } = await month(edge);
      expect(status, edge).toBe(200);
      expect(body.days).toEqual([]);
    }
    for (const edge of ["0001-01-01", "9999-12-31"]) {
      const { status, body } = await dayPage(edge);
      expect(status, edge).toBe(200);
      expect(body.events).toEqual([]);
    }
  });

  it("rejects a malformed month with a 400, and answers 401 when signed out", async () => {
    for (const bad of ["2026-13", "2026-00", "0000-01", "2026-1", "november", ""]) {
      expect((await month(bad)).status, bad).toBe(400);
    }
    expect((await ctx.request("/api/calendar/month?month=2026-11")).status).toBe(401);
  });

  it("reads a month in a bounded number of statements, whatever the number of days with events", async () => {
    // A month where every day has exactly one event (each needs its single event fetched).
    const db = ctx.database.db;
    const c = await seedCampaign(db, bob.userId, "Every Day", 31);
    await db.insert(scheduledEmails).values(
      c.people.map((p, i) => ({
        campaignId: c.campaign.id,
        contactId: p.id,
        sequenceId: c.step1.id,
        scheduledFor: new Date(Date.UTC(2027, 0, i + 1, 12)),
      })),
    );
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "execute" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const service = createCalendarService({ db: counting });
    const result = await service.month(bob.userId, "2027-01");
    expect(result.days).toHaveLength(31);
    expect(result.days.every((d) => d.only?.type === "scheduled" && d.only.campaignName === "Every Day")).toBe(true);
    expect(statements).toBe(2);
    statements = 0;
    await service.day(bob.userId, "2027-01-05");
    expect(statements).toBe(2);
  });
});

describe("GET /api/calendar/day", () => {
  it("lists a local day's events in time order with their joined fields and the error's text", async () => {
    const { status, body } = await dayPage("2026-11-12");
    expect(status).toBe(200);
    expect(body.timezone).toBe("Asia/Baghdad");
    expect(body.nextCursor).toBeNull();
    expect(body.events.map((e) => [e.type, e.title, e.at])).toEqual([
      ["sent", "Hello Ana", "2026-11-12T06:00:00.000Z"],
      ["failed", "Hello Gone", "2026-11-12T07:00:00.000Z"],
    ]);
    expect(body.events[1]).toMatchObject({
      status: "failed",
      campaignName: "Autumn Outreach",
      contactEmail: "autumn-outreach-3@prospect.test",
      stepNumber: 1,
      // The human text, not the stored JSON.
      errorMessage: FAILURE,
    });
  });

  it("takes the day in the user's zone: 23:30 UTC belongs to the next local day", async () => {
    expect((await dayPage("2026-11-10")).body.events).toEqual([]);
    const next = await dayPage("2026-11-11");
    expect(next.body.events.map((e) => e.id)).toEqual([`scheduled-${ids.queued11}`]);
  });

  it("pages a day of 250 events 100 at a time, with no event repeated or missed", async () => {
    const expected = await seedBusyDay();
    expect(expected).toHaveLength(250);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const { status, body } = await dayPage("2026-11-25", cursor);
      expect(status).toBe(200);
      sizes.push(body.events.length);
      seen.push(...body.events.map((e) => e.id));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(sizes).toEqual([DAY_PAGE_SIZE, DAY_PAGE_SIZE, 50]);
    expect(seen).toEqual(expected);
    // The month counts them without listing them.
    const { body } = await month("2026-11");
    const busy = body.days.find((d) => d.date === "2026-11-25")!;
    expect(busy.counts).toEqual({ scheduled: 60, sent: 146, failed: 24, meetings: 20 });
    expect(busy.only).toBeNull();
    expect(JSON.stringify(body).length).toBeLessThan(6_000);
  });

  it("never lists another user's events", async () => {
    const { body } = await dayPage("2026-11-20", undefined, bob.cookie);
    expect(body.events.map((e) => e.title)).toEqual(["Bob call"]);
    const alices = await dayPage("2026-11-20");
    expect(alices.body.events.map((e) => e.id)).toEqual([`meeting-${ids.meeting20}`]);
    // Alice's busy day is empty for Bob.
    expect((await dayPage("2026-11-25", undefined, bob.cookie)).body.events).toEqual([]);
  });

  it("rejects a bad date or cursor with a 400", async () => {
    for (const bad of ["2026-02-30", "2026-13-01", "0000-01-01", "2026-11-1", "yesterday"]) {
      expect((await dayPage(bad)).status, bad).toBe(400);
    }
    const forged = [
      "nope",
      Buffer.from(
        JSON.stringify(["2026-11-25T10:00:00.000000Z", "other-8a1c5c64-8d0b-4c55-9a57-0e7bd6f3b7c1"]),
      ).toString("base64url"),
      Buffer.from(
        JSON.stringify(["2026-02-30T10:00:00.000000Z", "sent-8a1c5c64-8d0b-4c55-9a57-0e7bd6f3b7c1"]),
      ).toString("base64url"),
      Buffer.from(
        JSON.stringify(["2026-11-25T10:00:00.000000Z", "sent-------------------------------------"]),
      ).toString("base64url"),
    ];
    for (const cursor of forged) expect((await dayPage("2026-11-25", cursor)).status, cursor).toBe(400);
  });
});
