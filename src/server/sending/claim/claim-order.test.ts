// Follow-ups first (docs/decisions/026-human-pacing.md, #shared/sending/pacing.ts:
// "follow-ups go before step 1 when a day's room is short") for a paced mailbox.
// FOUND BY THE SCHEDULE PREVIEW (record 027), NOT FIXED HERE: the claim reads a
// paced mailbox's `allowance` oldest due rows (due-rows.ts, the LATERAL), and
// sorts follow-ups first only among those, so a step 1 held over from an earlier
// day (a paced mailbox's rows are not moved) goes before a follow-up due today.
// `it.fails` keeps the suite green while the claim disagrees with its rule; when
// the claim is fixed this test fails: turn it into `it`.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { contacts, scheduledEmails } from "../../db/schema/index.ts";

// Monday 7 December 2026, 10:00 UTC; the default settings send every day, all day, in UTC.
const START = "2026-12-07T10:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);

describe("a paced mailbox with a short day", () => {
  it.fails("sends today's follow-up before a step 1 held over from yesterday", async () => {
    const o = await h.ctx.signUpVerified("claim-order@example.com");
    const put = await h.ctx.request("/api/sender-pacing", {
      method: "PUT",
      cookie: o.cookie,
      json: {
        email: "ramp@acme.test",
        gapMinSeconds: 0,
        gapMaxSeconds: 0,
        hourlyLimit: null,
        ramp: { start: 1, step: 0 },
      },
    });
    expect(put.status).toBe(200);
    const created = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [{ email: "ramp@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: people(2, "order"),
      sequence: [step("First", "One"), step("Second", "Two", { amount: 1, unit: "days" })],
    });
    const db = h.ctx.database.db;
    const worker = () => testWorker({ db, config: h.ctx.config, transports: h.transports, clock });
    await launch(h.ctx, o.cookie, created.campaign.id);
    await drain(worker());
    // Day 1: the ramp allows one: one contact's step 1 (contacts stored together are in id order).
    const first = h.sink.messages.map((m) => m.envelope.to[0]);
    expect(first).toHaveLength(1);
    const other = first[0] === "order-1@prospects.test" ? "order-2@prospects.test" : "order-1@prospects.test";

    // Day 2, one send allowed: that contact's follow-up (due now) and the second's step 1 (due since yesterday).
    clock.advance(DAY);
    h.sink.reset();
    await drain(worker());
    expect(h.sink.messages.map((m) => m.envelope.to[0])).toEqual(first);
    const [second] = await db
      .select({ status: scheduledEmails.status })
      .from(scheduledEmails)
      .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
      .where(and(eq(contacts.email, other), eq(scheduledEmails.campaignId, created.campaign.id)));
    expect(second?.status).toBe("scheduled");
  });
});
