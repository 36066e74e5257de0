// Sending window, sending days and daily limits, in the user's timezone, with
// a fake clock: what does not fit moves to the next allowed slot, nothing is
// dropped.
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
import { scheduledEmails, senderDailyCounts, userDailyCounts } from "../../db/schema/index.ts";

// Monday 7 December 2026, 10:00 in Berlin (CET, UTC+1).
const MONDAY_10 = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(MONDAY_10);
let n = 0;

const h = registerSendingHarness(clock, MONDAY_10);

const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });

/** A user in Berlin sending 09:00–17:00 on weekdays. */
async function berlinUser(dailySendLimit: number) {
  n += 1;
  const owner = await h.ctx.signUpVerified(`limits-${n}@example.com`);
  await setSendingSettings(db(), owner.userId, {
    timezone: "Europe/Berlin",
    sendTimeStart: "09:00",
    sendTimeEnd: "17:00",
    sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    dailySendLimit,
  });
  return owner;
}

async function queued(campaignId: string) {
  const rows = await db()
    .select()
    .from(scheduledEmails)
    .where(and(eq(scheduledEmails.campaignId, campaignId), eq(scheduledEmails.status, "scheduled")));
  return rows.map((r) => r.scheduledFor.toISOString()).sort();
}

const mailTo = (prefix: string) => h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith(`${prefix}-`));

describe("daily limits", () => {
  it("stops at the user's daily limit and sends the rest the next day", async () => {
    const owner = await berlinUser(5);
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      senderAccounts: [
        { email: "s1@acme.test", provider: "custom", dailyLimit: 3 },
        { email: "s2@acme.test", provider: "custom", dailyLimit: 3 },
      ],
      contacts: people(10, "user-limit"),
    });
    const id = campaign.campaign.id;

    const launched = await launch(h.ctx, owner.cookie, id);
    expect(launched.body).toMatchObject({ emailsSent: 5, scheduled: 10 });
    // Contacts alternate senders: 3 from s1 and 2 from s2 fill the user's 5.
    const from = mailTo("user-limit").map((m) => m.envelope.from);
    expect(from.filter((f) => f === "s1@acme.test")).toHaveLength(3);
    expect(from.filter((f) => f === "s2@acme.test")).toHaveLength(2);
    // The rest wait for Tuesday 09:00 Berlin.
    expect(await queued(id)).toEqual(Array(5).fill("2026-12-08T08:00:00.000Z"));

    // Later on Monday: still full.
    clock.set("2026-12-07T15:00:00.000Z");
    await drain(worker());
    expect(mailTo("user-limit")).toHaveLength(5);

    clock.set("2026-12-08T08:00:00.000Z");
    await drain(worker());
    expect(mailTo("user-limit")).toHaveLength(10);
    expect(await queued(id)).toEqual([]);
    const days = await db().select().from(userDailyCounts).where(eq(userDailyCounts.userId, owner.userId));
    expect(days.map((d) => [d.day, d.sent]).sort()).toEqual([
      ["2026-12-07", 5],
      ["2026-12-08", 5],
    ]);
  });

  it("stops each sender at its own daily limit", async () => {
    const owner = await berlinUser(100);
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      senderAccounts: [
        { email: "t1@acme.test", provider: "custom", dailyLimit: 2 },
        { email: "t2@acme.test", provider: "custom", dailyLimit: 1 },
      ],
      contacts: people(6, "sender-limit"),
    });
    const id = campaign.campaign.id;
    expect((await launch(h.ctx, owner.cookie, id)).body).toMatchObject({ emailsSent: 3 });
    expect(await queued(id)).toEqual(Array(3).fill("2026-12-08T08:00:00.000Z"));

    clock.set("2026-12-08T08:00:00.000Z");
    await drain(worker());
    // Tuesday: t1 sends its last one, t2 one of its two; the third waits for Wednesday.
    expect(mailTo("sender-limit")).toHaveLength(5);
    expect(await queued(id)).toEqual(["2026-12-09T08:00:00.000Z"]);
    const counts = await db().select().from(senderDailyCounts);
    const t2 = campaign.senders.find((s) => s.email === "t2@acme.test")!.id;
    expect(counts.filter((c) => c.senderAccountId === t2).map((c) => [c.day, c.sent])).toEqual([
      ["2026-12-07", 1],
      ["2026-12-08", 1],
    ]);
  });
});

describe("the sending window and days", () => {
  it("queues a launch outside the window for the next sending day and sends nothing until then", async () => {
    const owner = await berlinUser(50);
    // Friday 11 December, 18:00 Berlin.
    clock.set("2026-12-11T17:00:00.000Z");
    const campaign = await createCampaign(h.ctx, owner.cookie, { contacts: people(3, "weekend") });
    const id = campaign.campaign.id;
    expect((await launch(h.ctx, owner.cookie, id)).body).toMatchObject({ emailsSent: 0, scheduled: 3 });
    // Monday 09:00 Berlin, 1 ms apart in contact order.
    expect(await queued(id)).toEqual([
      "2026-12-14T08:00:00.000Z",
      "2026-12-14T08:00:00.001Z",
      "2026-12-14T08:00:00.002Z",
    ]);
    clock.set("2026-12-12T10:00:00.000Z"); // Saturday
    await drain(worker());
    clock.set("2026-12-14T07:59:00.000Z"); // Monday 08:59
    await drain(worker());
    expect(mailTo("weekend")).toHaveLength(0);
    clock.set("2026-12-14T08:00:01.000Z");
    await drain(worker());
    expect(mailTo("weekend")).toHaveLength(3);
  });

  it("moves a follow-up that falls outside the window to the next opening", async () => {
    const owner = await berlinUser(50);
    // Monday 16:30 Berlin; step 2 ten hours later would be 02:30 on Tuesday.
    clock.set("2026-12-07T15:30:00.000Z");
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: people(1, "night"),
      sequence: [step("One", "1"), step("Two", "2", { amount: 10, unit: "hours" })],
    });
    const id = campaign.campaign.id;
    expect((await launch(h.ctx, owner.cookie, id)).body.emailsSent).toBe(1);
    expect(await queued(id)).toEqual(["2026-12-08T08:00:00.000Z"]);
  });

  it("holds work that became due outside the window (e.g. a retry at night) until the window opens", async () => {
    const owner = await berlinUser(50);
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: people(1, "held"),
      sequence: [step("One", "1"), step("Two", "2", { amount: 1 })],
    });
    const id = campaign.campaign.id;
    await launch(h.ctx, owner.cookie, id);
    // Pretend step 2 came due at 03:00 Tuesday Berlin.
    await db()
      .update(scheduledEmails)
      .set({ scheduledFor: new Date("2026-12-08T02:00:00.000Z") })
      .where(and(eq(scheduledEmails.campaignId, id), eq(scheduledEmails.status, "scheduled")));
    clock.set("2026-12-08T02:30:00.000Z");
    await drain(worker());
    expect(mailTo("held")).toHaveLength(1);
    expect(await queued(id)).toEqual(["2026-12-08T08:00:00.000Z"]);
  });
});
