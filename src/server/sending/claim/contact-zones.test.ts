// The sending window on the contact's wall clock, through the real claim: two
// contacts in zones 9 hours apart (Berlin, UTC+1 in December, and Los
// Angeles, UTC−8), a 09:00–17:00 weekday window and a fake clock. Only the contact whose zone is open is sent; the other waits
// for its own 09:00; its follow-up lands at its own zone's time.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCampaign,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  setSendingSettings,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { contacts, scheduledEmails } from "../../db/schema/index.ts";

// Monday 7 December 2026, 10:00 in Berlin (UTC+1) = 01:00 in Los Angeles (UTC−8).
const MONDAY_10_BERLIN = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(MONDAY_10_BERLIN);
const h = registerSendingHarness(clock, MONDAY_10_BERLIN);
const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });
let n = 0;

async function berlinUser() {
  n += 1;
  const owner = await h.ctx.signUpVerified(`zones-${n}@example.com`);
  await setSendingSettings(db(), owner.userId, {
    timezone: "Europe/Berlin",
    sendTimeStart: "09:00",
    sendTimeEnd: "17:00",
    sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    dailySendLimit: 100,
  });
  return owner;
}

const mailTo = (prefix: string) => h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith(`${prefix}-`));

async function queuedOf(email: string) {
  const rows = await db()
    .select({ at: scheduledEmails.scheduledFor })
    .from(scheduledEmails)
    .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
    .where(and(eq(contacts.email, email), eq(scheduledEmails.status, "scheduled")));
  // To the second: launch keeps its rows in contact order a millisecond apart, and two
  // contacts made in one statement share created_at, so their order (by id) is not fixed.
  return rows.map((r) => new Date(Math.floor(r.at.getTime() / 1000) * 1000).toISOString());
}

describe("sending window per contact time zone", () => {
  it("claims only the contact whose zone is open; the other waits for its own 09:00, and its follow-up keeps its zone's time", async () => {
    const owner = await berlinUser();
    const [berlin, la] = people(2, "zone");
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: [
        { ...berlin!, timezone: null },
        { ...la!, timezone: "America/Los_Angeles" },
      ],
      sequence: [step("One", "1"), step("Two", "2", { amount: 1, unit: "days" })],
    });
    const launched = await launch(h.ctx, owner.cookie, campaign.campaign.id);
    expect(launched.status).toBe(200);
    await drain(worker());

    // Berlin (the user's zone) is open at 10:00: sent. Los Angeles is at 01:00: not sent.
    expect(mailTo("zone").map((m) => m.envelope.to[0])).toEqual([berlin!.email]);
    // Los Angeles waits for 09:00 its time (17:00 UTC), not the user's 09:00.
    expect(await queuedOf(la!.email)).toEqual(["2026-12-07T17:00:00.000Z"]);
    // Berlin's step 2: one day later at the same Berlin time.
    expect(await queuedOf(berlin!.email)).toEqual(["2026-12-08T09:00:00.000Z"]);

    // 16:59 UTC: 17:59 Berlin (closed for the user), 08:59 in Los Angeles: still nothing.
    clock.set("2026-12-07T16:59:00.000Z");
    await drain(worker());
    expect(mailTo("zone")).toHaveLength(1);

    // 17:00 UTC: 09:00 in Los Angeles, though the user's window closed at 17:00 Berlin
    // (half a second in: the row may sit a millisecond after the opening, as queuedOf says).
    clock.set("2026-12-07T17:00:00.500Z");
    await drain(worker());
    expect(mailTo("zone").map((m) => m.envelope.to[0])).toEqual([berlin!.email, la!.email]);
    // Its step 2: one day later at 09:00 Los Angeles time.
    expect(await queuedOf(la!.email)).toEqual(["2026-12-08T17:00:00.000Z"]);
  });

  it("holds a UTC+05:30 contact to its own window", async () => {
    const owner = await berlinUser();
    // Monday 15:00 Berlin (open for the user) is 19:30 in India (UTC+05:30): closed.
    clock.set("2026-12-07T14:00:00.000Z");
    const [india] = people(1, "offset");
    const campaign = await createCampaign(h.ctx, owner.cookie, { contacts: [{ ...india!, timezone: "+05:30" }] });
    const [stored] = await db().select().from(contacts).where(eq(contacts.campaignId, campaign.campaign.id));
    expect(stored!.timezone).toBe("UTC+05:30");
    await launch(h.ctx, owner.cookie, campaign.campaign.id);
    await drain(worker());
    expect(mailTo("offset")).toHaveLength(0);
    // Tuesday 09:00 in India is 03:30 UTC (04:30 Berlin, outside the user's window).
    expect(await queuedOf(india!.email)).toEqual(["2026-12-08T03:30:00.000Z"]);
    clock.set("2026-12-08T03:30:00.000Z");
    await drain(worker());
    expect(mailTo("offset")).toHaveLength(1);
  });

  it("queues step 1 at launch for each contact's own first opening, not the user's", async () => {
    const owner = await berlinUser();
    // Friday 11 December 18:00 Berlin = Saturday 02:00 Tokyo: both closed until Monday.
    clock.set("2026-12-11T17:00:00.000Z");
    const [berlin, tokyo] = people(2, "launch-zone");
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: [berlin!, { ...tokyo!, timezone: "Asia/Tokyo" }],
    });
    expect((await launch(h.ctx, owner.cookie, campaign.campaign.id)).body).toMatchObject({ emailsSent: 0 });
    // Monday 09:00 Berlin (08:00 UTC) and Monday 09:00 Tokyo (00:00 UTC), each plus its 0 or 1 ms of
    // contact order (contacts created in one statement are ordered by id).
    const second = (iso: string[]) => iso.map((t) => t.slice(0, 19));
    expect(second(await queuedOf(berlin!.email))).toEqual(["2026-12-14T08:00:00"]);
    expect(second(await queuedOf(tokyo!.email))).toEqual(["2026-12-14T00:00:00"]);
    clock.set("2026-12-14T00:00:01.000Z");
    await drain(worker());
    expect(mailTo("launch-zone").map((m) => m.envelope.to[0])).toEqual([tokyo!.email]);
  });

  it("refuses a contact whose time zone is not one, naming the field, and stores nothing", async () => {
    const owner = await berlinUser();
    const res = await h.ctx.request("/api/campaigns", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        name: "Bad zone",
        description: null,
        emailColumn: "email",
        senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
        contacts: [{ email: "a@prospects.test", timezone: "Mars/Olympus", customFields: {} }],
        sequence: [step("Hi", "Hello")],
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields["contacts.0.timezone"]).toContain('"Mars/Olympus" is not a time zone');
    const rows = await db().select().from(contacts).where(eq(contacts.email, "a@prospects.test"));
    expect(rows).toEqual([]);
  });
});
