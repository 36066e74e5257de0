// Personal booking links (issue 27 §2, decision 018), through the app: a
// booking stops a contact's sequence only when it proves who booked (the
// token of that contact's {{bookingLink}}, as sent in their campaign mail);
// through the bare link, or with a token that proves nothing, it is booked,
// linked to nobody, and stops nothing. The owner links a meeting by hand from
// the calendar. The campaign chooses its link (the owner's own only), and a
// step using {{bookingLink}} without one cannot launch or be activated.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarDayEvents, LinkedMeeting, MeetingContactList } from "#shared/calendar/calendar.schemas.ts";
import type { CampaignDetail } from "#shared/campaigns/campaigns.schemas.ts";
import type { SchedulingLinkDto } from "#shared/scheduling/scheduling.schemas.ts";
import { propertySeed } from "../../../../tests/support/hostile-messages.ts";
import { sendAnyTime } from "../../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, fakeClock, launch, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, capturedEmails, contacts, scheduledEmails, scheduledMeetings } from "../../db/schema/index.ts";
import { signBookingToken, verifyBookingToken } from "../../mail/tokens.ts";

// Monday 2026-12-07, 09:00 in Baghdad (+03:00), where the links live.
const clock = fakeClock("2026-12-07T06:00:00.000Z");
const unlimited = { PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "1000000", PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "1000000" };

let ctx: TestContext;
let seller: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let linkA: SchedulingLinkDto;
let linkB: SchedulingLinkDto;
let othersLink: SchedulingLinkDto;
let campaign: CampaignDetail;
let othersCampaign: CampaignDetail;

const db = () => ctx.database.db;

async function createLink(cookie: string, title: string): Promise<SchedulingLinkDto> {
  const res = await ctx.request("/api/scheduling-links", {
    method: "POST",
    cookie,
    json: {
      title,
      durationMinutes: 30,
      availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      availableTimeStart: "09:00",
      availableTimeEnd: "17:00",
      timezone: "Asia/Baghdad",
    },
  });
  if (res.status !== 201) throw new Error(`link create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as SchedulingLinkDto;
}

const followUp = step("Following up", "Still keen? {{bookingLink}}", { amount: 2, unit: "days" });

beforeAll(async () => {
  ctx = await createTestContext(unlimited, undefined, { now: clock.now });
  seller = await ctx.signUpVerified("personal-link-seller@example.com");
  other = await ctx.signUpVerified("personal-link-other@example.com");
  await sendAnyTime(db(), seller.userId);
  await sendAnyTime(db(), other.userId);
  linkA = await createLink(seller.cookie, "Demo");
  linkB = await createLink(seller.cookie, "Second call");
  othersLink = await createLink(other.cookie, "Their call");
  campaign = await createCampaign(ctx, seller.cookie, {
    senderAccounts: [{ email: "seller@acme.test", provider: "custom", dailyLimit: 50 }],
    contacts: ["victim1", "victim2", "victim3", "victim4"].map((name) => ({
      email: `${name}@prospect.test`,
      firstName: name,
      customFields: {},
    })),
    sequence: [step("Hi {{firstName}}", "Pick a time: {{bookingLink}}"), followUp],
    bookingLinkId: linkA.id,
  });
  expect((await launch(ctx, seller.cookie, campaign.campaign.id)).status).toBe(200);
  // Another user's campaign to the same address: never touched by the seller's bookings.
  othersCampaign = await createCampaign(ctx, other.cookie, {
    senderAccounts: [{ email: "other@acme.test", provider: "custom", dailyLimit: 50 }],
    contacts: [{ email: "victim1@prospect.test", firstName: "Theirs", customFields: {} }],
    sequence: [step("Hello", "Hi"), step("Again", "Again", { amount: 2, unit: "days" })],
  });
  expect((await launch(ctx, other.cookie, othersCampaign.campaign.id)).status).toBe(200);
});
afterAll(() => ctx?.close());

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const book = (code: string, body: object) =>
  ctx.request(`/api/public/schedule/${code}/meetings`, { method: "POST", json: body });

async function booked(code: string, body: object) {
  const res = await book(code, body);
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = await db()
    .select()
    .from(scheduledMeetings)
    .where(
      sql`${scheduledMeetings.scheduledDate} = ${((await res.json()) as { startsAt: string }).startsAt}::timestamptz`,
    );
  return row!;
}

async function contactOf(campaignId: string, email: string) {
  const [row] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
  return row!;
}

/** The statuses of the contact's queue rows (step 1 was sent at launch; step 2 waits). */
async function queueOf(campaignId: string, email: string) {
  const contact = await contactOf(campaignId, email);
  return db()
    .select({ status: scheduledEmails.status, reason: scheduledEmails.cancelReason })
    .from(scheduledEmails)
    .where(and(eq(scheduledEmails.contactId, contact.id), eq(scheduledEmails.status, "scheduled")))
    .then(async (queued) => ({
      queued: queued.length,
      cancelled: (
        await db()
          .select({ reason: scheduledEmails.cancelReason })
          .from(scheduledEmails)
          .where(and(eq(scheduledEmails.contactId, contact.id), eq(scheduledEmails.status, "cancelled")))
      ).map((r) => r.reason),
    }));
}

/** The personal link in the campaign mail captured for `email`, as the prospect's mail client shows it. */
async function personalLinkIn(email: string): Promise<URL> {
  const [mail] = await db()
    .select()
    .from(capturedEmails)
    .where(sql`${email} = any(${capturedEmails.toAddresses}) and ${capturedEmails.subject} like 'Hi %'`);
  const found = /https?:\/\/\S+\/schedule\/\S+/.exec(mail?.textBody ?? "");
  if (!found) throw new Error(`no booking link in the mail to ${email}: ${mail?.textBody}`);
  expect(mail?.htmlBody).toContain(`href="${found[0].replaceAll("&", "&amp;")}"`);
  return new URL(found[0]);
}

describe("the campaign mail's {{bookingLink}}", () => {
  it("is the contact's personal link to the campaign's scheduling link, signed for that contact", async () => {
    const url = await personalLinkIn("victim2@prospect.test");
    expect(url.pathname).toBe(`/schedule/${linkA.linkCode}`);
    const victim2 = await contactOf(campaign.campaign.id, "victim2@prospect.test");
    expect(verifyBookingToken(ctx.config.appSecret, linkA.id, url.searchParams.get("t") ?? "")).toBe(victim2.id);
    // Each contact has their own.
    expect((await personalLinkIn("victim3@prospect.test")).search).not.toBe(url.search);
  });
});

describe("a booking", () => {
  it("through the bare link stops nothing: a stranger typing victim1's address leaves their step 2 queued", async () => {
    expect(await queueOf(campaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
    const meeting = await booked(linkA.linkCode, { date: "2026-12-08", time: "10:00", email: "victim1@prospect.test" });
    expect(meeting.contactId).toBeNull();
    expect(await queueOf(campaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
  });

  it("through the contact's personal link is linked to them and stops their steps (every campaign of the owner)", async () => {
    const url = await personalLinkIn("victim1@prospect.test");
    const victim1 = await contactOf(campaign.campaign.id, "victim1@prospect.test");
    // The booker may type another address: the token, not the form, says who it is.
    const meeting = await booked(url.pathname.split("/").at(-1)!, {
      date: "2026-12-08",
      time: "11:00",
      email: "assistant-of-victim1@prospect.test",
      token: url.searchParams.get("t"),
    });
    expect(meeting.contactId).toBe(victim1.id);
    expect(await queueOf(campaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 0, cancelled: ["booked"] });
    // Nobody else's steps: not the other contacts, not another user's contact with the same address.
    expect(await queueOf(campaign.campaign.id, "victim2@prospect.test")).toEqual({ queued: 1, cancelled: [] });
    expect(await queueOf(othersCampaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
  });

  it("with a forged token, a token of another link or of another user's contact is booked, linked to nobody, and stops nothing", async () => {
    const victim2 = await contactOf(campaign.campaign.id, "victim2@prospect.test");
    const theirs = await contactOf(othersCampaign.campaign.id, "victim1@prospect.test");
    const real = signBookingToken(ctx.config.appSecret, linkA.id, victim2.id);
    const attempts: [string, string, string][] = [
      [linkA.linkCode, `${victim2.id}.AAAAAAAAAAAAAAAAAAAAAA`, "09:00"],
      [linkA.linkCode, "not a token at all", "09:30"],
      [linkA.linkCode, `${randomUUID()}.${real.split(".")[1]}`, "12:00"],
      // victim2's real token, on the seller's other link.
      [linkB.linkCode, real, "13:00"],
      // Signed for this link, naming another user's contact (as a leaked secret could): not the owner's.
      [linkA.linkCode, signBookingToken(ctx.config.appSecret, linkA.id, theirs.id), "14:00"],
      // victim2's token on another user's link.
      [othersLink.linkCode, real, "15:00"],
    ];
    for (const [code, token, time] of attempts) {
      const meeting = await booked(code, { date: "2026-12-09", time, email: "victim2@prospect.test", token });
      expect(meeting.contactId, token).toBeNull();
    }
    expect(await queueOf(campaign.campaign.id, "victim2@prospect.test")).toEqual({ queued: 1, cancelled: [] });
    expect(await queueOf(othersCampaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
  });
});

describe("hostile tokens", () => {
  // A token PostgreSQL could not store (NUL, a lone surrogate) is never stored either: the booking goes
  // through, linked to nobody, instead of the request being refused as unstorable text.
  it("books a slot, linked to nobody, when the token holds a NUL or a lone surrogate", async () => {
    for (const [time, token] of [
      ["15:00", "abc\u0000def"],
      ["15:30", "\ud800"],
    ] as const) {
      const res = await book(othersLink.linkCode, { date: "2026-12-16", time, email: "victim1@prospect.test", token });
      expect(res.status, await res.clone().text()).toBe(201);
      const { startsAt } = (await res.json()) as { startsAt: string };
      const [row] = await db()
        .select({ contactId: scheduledMeetings.contactId })
        .from(scheduledMeetings)
        .where(
          sql`${scheduledMeetings.linkId} = ${othersLink.id}::uuid and ${scheduledMeetings.scheduledDate} = ${startsAt}::timestamptz`,
        );
      expect(row?.contactId).toBeNull();
    }
    // Other fields of the same request are still refused.
    const refused = await book(othersLink.linkCode, {
      date: "2026-12-16",
      time: "16:00",
      email: "victim1@prospect.test",
      name: "Ann\u0000",
      token: "abc\u0000",
    });
    expect(refused.status).toBe(400);
  });

  it("never link a meeting or stop a sequence, and never fail the booking (property, through the API)", async () => {
    const theirs = await contactOf(othersCampaign.campaign.id, "victim1@prospect.test");
    const real = signBookingToken(ctx.config.appSecret, othersLink.id, theirs.id);
    // Free slots of the other user's link (Mon 14th to Wed 16th, 09:00 to 16:30 in Baghdad), one per run.
    const slots = ["2026-12-14", "2026-12-15", "2026-12-16"].flatMap((date) =>
      Array.from({ length: 16 }, (_, i) => ({
        date,
        time: `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
      })),
    );
    const mutated = fc
      .tuple(fc.nat({ max: real.length - 1 }), fc.string({ minLength: 0, maxLength: 3 }), fc.nat({ max: 3 }))
      .map(([at, insert, cut]) => real.slice(0, at) + insert + real.slice(at + cut));
    const token = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 80 }), mutated);
    let next = 0;
    await fc.assert(
      fc.asyncProperty(token, async (t) => {
        fc.pre(t !== real);
        const slot = slots[next++]!;
        const res = await book(othersLink.linkCode, { ...slot, email: "victim1@prospect.test", token: t });
        expect(res.status, await res.clone().text()).toBe(201);
        const [row] = await db()
          .select({ contactId: scheduledMeetings.contactId })
          .from(scheduledMeetings)
          .where(
            sql`${scheduledMeetings.linkId} = ${othersLink.id}::uuid and ${scheduledMeetings.scheduledDate} = ${((await res.json()) as { startsAt: string }).startsAt}::timestamptz`,
          );
        expect(row?.contactId).toBeNull();
      }),
      { numRuns: Math.min(Number(process.env.FC_RUNS ?? 30), slots.length), seed: propertySeed(), endOnFailure: true },
    );
    expect(await queueOf(othersCampaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
  });
});

describe("the calendar's meeting details", () => {
  const day = async (cookie: string, date: string) => {
    const res = await ctx.request(`/api/calendar/day?date=${date}`, { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as CalendarDayEvents).events.filter((e) => e.type === "meeting");
  };
  const linkBy = (cookie: string, meetingId: string, contactId: string) =>
    ctx.request(`/api/calendar/meetings/${meetingId}/contact`, { method: "POST", cookie, json: { contactId } });

  it("say which contact a meeting is linked to, and none for a bare-link booking", async () => {
    const victim1 = await contactOf(campaign.campaign.id, "victim1@prospect.test");
    const meetings = await day(seller.cookie, "2026-12-08");
    expect(meetings.map((m) => [m.contactEmail, m.linkedContact])).toEqual([
      ["victim1@prospect.test", null],
      ["assistant-of-victim1@prospect.test", { id: victim1.id, name: "victim1", email: "victim1@prospect.test" }],
    ]);
  });

  it("link a bare-link meeting by hand: the contacts offered put the booker's address first, the link stops their steps", async () => {
    const bare = await booked(linkA.linkCode, { date: "2026-12-10", time: "10:00", email: "VICTIM4@prospect.test" });
    const victim4 = await contactOf(campaign.campaign.id, "victim4@prospect.test");
    const offered = await ctx.request(`/api/calendar/meetings/${bare.id}/contacts`, { cookie: seller.cookie });
    const list = (await offered.json()) as MeetingContactList;
    expect(list.contacts[0]).toMatchObject({ id: victim4.id, matchesBooker: true, campaignName: "Sending test" });
    expect(list.contacts.filter((c) => c.matchesBooker)).toHaveLength(1);
    // Only the seller's contacts, searchable by address or name.
    expect(list.contacts.map((c) => c.email).sort()).toEqual(
      ["victim1", "victim2", "victim3", "victim4"].map((n) => `${n}@prospect.test`),
    );
    const searched = await ctx.request(`/api/calendar/meetings/${bare.id}/contacts?search=tim3`, {
      cookie: seller.cookie,
    });
    expect(((await searched.json()) as MeetingContactList).contacts.map((c) => c.email)).toEqual([
      "victim3@prospect.test",
    ]);

    const res = await linkBy(seller.cookie, bare.id, victim4.id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()) as LinkedMeeting).toEqual({
      meetingId: bare.id,
      linkedContact: { id: victim4.id, name: "victim4", email: "victim4@prospect.test" },
      stoppedSteps: 1,
    });
    expect(await queueOf(campaign.campaign.id, "victim4@prospect.test")).toEqual({ queued: 0, cancelled: ["booked"] });
    const [shown] = await day(seller.cookie, "2026-12-10");
    expect(shown?.linkedContact?.id).toBe(victim4.id);
  });

  it("never link another user's meeting, or to another user's contact (404, nothing changed)", async () => {
    const bare = await booked(linkA.linkCode, { date: "2026-12-10", time: "11:00", email: "victim3@prospect.test" });
    const victim3 = await contactOf(campaign.campaign.id, "victim3@prospect.test");
    const theirs = await contactOf(othersCampaign.campaign.id, "victim1@prospect.test");
    const others = await linkBy(other.cookie, bare.id, theirs.id);
    expect(others.status).toBe(404);
    expect((await errorOf(others)).message).toBe("Meeting not found");
    const contacts = await ctx.request(`/api/calendar/meetings/${bare.id}/contacts`, { cookie: other.cookie });
    expect(contacts.status).toBe(404);
    const foreign = await linkBy(seller.cookie, bare.id, theirs.id);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe("Contact not found");
    expect((await linkBy(seller.cookie, bare.id, "not-a-uuid")).status).toBe(400);
    const [row] = await db().select().from(scheduledMeetings).where(eq(scheduledMeetings.id, bare.id));
    expect(row?.contactId).toBeNull();
    expect(await queueOf(campaign.campaign.id, "victim3@prospect.test")).toEqual({ queued: 1, cancelled: [] });
    expect(await queueOf(othersCampaign.campaign.id, "victim1@prospect.test")).toEqual({ queued: 1, cancelled: [] });
    expect(victim3.id).toBeTruthy();
  });
});

describe("the campaign's scheduling link", () => {
  const base = {
    senderAccounts: [{ email: "seller@acme.test", provider: "custom" as const, dailyLimit: 50 }],
    contacts: [{ email: "later@prospect.test", customFields: {} }],
    sequence: [step("Hi", "Hello"), followUp],
  };

  it("is one of the owner's own links: another user's, or none that exists, is refused with a clear message", async () => {
    for (const bookingLinkId of [othersLink.id, randomUUID(), "nope"]) {
      const res = await ctx.request("/api/campaigns", {
        method: "POST",
        cookie: seller.cookie,
        json: { name: "Wrong link", emailColumn: "email", ...base, bookingLinkId },
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/^Scheduling link not found/);
    }
    const put = await ctx.request(`/api/campaigns/${campaign.campaign.id}`, {
      method: "PUT",
      cookie: seller.cookie,
      json: {
        name: campaign.campaign.name,
        description: null,
        sequence: campaign.sequence,
        senderAccounts: campaign.senders.map((s) => ({ ...s, savedSenderId: s.savedSenderId })),
        bookingLinkId: othersLink.id,
      },
    });
    expect(put.status).toBe(400);
    // A campaign sending now cannot drop the link its steps use.
    const dropped = await ctx.request(`/api/campaigns/${campaign.campaign.id}`, {
      method: "PUT",
      cookie: seller.cookie,
      json: {
        name: campaign.campaign.name,
        description: null,
        sequence: campaign.sequence,
        senderAccounts: campaign.senders.map((s) => ({ ...s, savedSenderId: s.savedSenderId })),
        bookingLinkId: null,
      },
    });
    expect(dropped.status).toBe(400);
    expect((await errorOf(dropped)).message).toBe(
      "Step 1 uses {{bookingLink}} but the campaign has no scheduling link. Step 2 uses {{bookingLink}} but the campaign has no scheduling link",
    );
    const [stored] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.campaign.id));
    expect(stored?.bookingLinkId).toBe(linkA.id);
  });

  it("is needed to launch or activate a campaign whose steps use {{bookingLink}}", async () => {
    const draft = await createCampaign(ctx, seller.cookie, { name: "No link", ...base });
    expect(draft.campaign.bookingLinkId).toBeNull();
    const refused = await launch(ctx, seller.cookie, draft.campaign.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe("Step 2 uses {{bookingLink}} but the campaign has no scheduling link");
    const activate = await ctx.request(`/api/campaigns/${draft.campaign.id}/status`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "active" },
    });
    expect(activate.status).toBe(400);
    const oneRequest = await ctx.request("/api/campaigns/launch", {
      method: "POST",
      cookie: seller.cookie,
      json: { name: "No link", emailColumn: "email", ...base, launchKey: randomUUID() },
    });
    expect(oneRequest.status).toBe(400);
    expect((await errorOf(oneRequest)).message).toBe(
      "Step 2 uses {{bookingLink}} but the campaign has no scheduling link",
    );
    const queued = await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, draft.campaign.id));
    expect(queued).toEqual([]);
    const [stored] = await db().select().from(campaigns).where(eq(campaigns.id, draft.campaign.id));
    expect(stored?.status).toBe("draft");

    // Chosen on the edit page, the launch goes ahead.
    const put = await ctx.request(`/api/campaigns/${draft.campaign.id}`, {
      method: "PUT",
      cookie: seller.cookie,
      json: {
        name: "No link",
        description: null,
        sequence: base.sequence,
        senderAccounts: draft.senders.map((s) => ({ ...s })),
        bookingLinkId: linkB.id,
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(((await put.json()) as CampaignDetail).campaign.bookingLinkId).toBe(linkB.id);
    expect((await launch(ctx, seller.cookie, draft.campaign.id)).status).toBe(200);
  });

  it("is cleared when the link is deleted", async () => {
    const spare = await createLink(seller.cookie, "Spare");
    const draft = await createCampaign(ctx, seller.cookie, { name: "Spare link", ...base, bookingLinkId: spare.id });
    expect(draft.campaign.bookingLinkId).toBe(spare.id);
    const del = await ctx.request(`/api/scheduling-links/${spare.id}`, { method: "DELETE", cookie: seller.cookie });
    expect(del.status).toBeLessThan(300);
    const res = await ctx.request(`/api/campaigns/${draft.campaign.id}`, { cookie: seller.cookie });
    expect(((await res.json()) as CampaignDetail).campaign.bookingLinkId).toBeNull();
  });
});
