// The schedule preview through the API: a draft (the wizard's body), a saved
// campaign before launch and from its queue after, the same plan each time;
// another user's campaign is not found; bad input is refused naming the field.
import { describe, expect, it } from "vitest";
import type { SchedulePreview } from "#shared/sending/schedule-preview.schemas.ts";
import {
  createCampaign,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  setSendingSettings,
  step,
} from "../../../../tests/support/sending-fixtures.ts";

// Monday 7 December 2026, before the window opens (nothing is sent at launch).
const START = "2026-12-07T06:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const ALL_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

const senders = [
  { email: "a@sender.test", provider: "custom" as const, dailyLimit: 3 },
  { email: "b@sender.test", provider: "custom" as const, dailyLimit: 2 },
];
const sequence = [step("Hi", "Hello"), step("Again", "Hello again", { amount: 1, unit: "days" })];

async function user(email: string) {
  const u = await h.ctx.signUpVerified(email);
  await setSendingSettings(h.ctx.database.db, u.userId, {
    timezone: "UTC",
    sendTimeStart: "08:00",
    sendTimeEnd: "17:59",
    sendingDays: [...ALL_DAYS],
    dailySendLimit: 1000,
  });
  return u;
}

const rows = (p: SchedulePreview) => p.days.map((d) => [d.date, d.firstSteps, d.followUps, d.bySender]);
// 9 contacts round-robin: 5 for a (3 a day), 4 for b (2 a day); step 2 a day after step 1, first.
const expected = [
  ["2026-12-07", 5, 0, { "a@sender.test": 3, "b@sender.test": 2 }],
  ["2026-12-08", 0, 5, { "a@sender.test": 3, "b@sender.test": 2 }],
  ["2026-12-09", 4, 0, { "a@sender.test": 2, "b@sender.test": 2 }],
  ["2026-12-10", 0, 4, { "a@sender.test": 2, "b@sender.test": 2 }],
];

describe("schedule preview API", () => {
  it("plans a draft, a saved campaign and its queue after launch alike", async () => {
    const alice = await user("alice-preview@example.com");
    const draft = await h.ctx.request("/api/campaigns/schedule-preview", {
      method: "POST",
      cookie: alice.cookie,
      json: { senderAccounts: senders, contacts: people(9).map(() => ({})), sequence },
    });
    expect(draft.status).toBe(200);
    const planned = (await draft.json()) as SchedulePreview;
    expect(rows(planned)).toEqual(expected);
    expect(planned.endDate).toBe("2026-12-10");
    expect(planned.limits.map((l) => l.kind)).toEqual(["sender daily limits"]);
    expect(planned.limits[0]?.message).toContain("daily limit");

    const campaign = await createCampaign(h.ctx, alice.cookie, {
      senderAccounts: senders,
      contacts: people(9),
      sequence,
    });
    const before = await h.ctx.request(`/api/campaigns/${campaign.campaign.id}/schedule-preview`, {
      cookie: alice.cookie,
    });
    expect(before.status, await before.clone().text()).toBe(200);
    expect(rows((await before.json()) as SchedulePreview)).toEqual(expected);

    expect((await launch(h.ctx, alice.cookie, campaign.campaign.id)).status).toBe(200);
    const after = await h.ctx.request(`/api/campaigns/${campaign.campaign.id}/schedule-preview`, {
      cookie: alice.cookie,
    });
    expect(rows((await after.json()) as SchedulePreview)).toEqual(expected);
  });

  it("does not show another user's campaign", async () => {
    const owner = await user("owner-preview@example.com");
    const other = await user("other-preview@example.com");
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      senderAccounts: senders,
      contacts: people(2),
      sequence,
    });
    const res = await h.ctx.request(`/api/campaigns/${campaign.campaign.id}/schedule-preview`, {
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
    expect((await h.ctx.request("/api/campaigns/not-a-uuid/schedule-preview", { cookie: other.cookie })).status).toBe(
      404,
    );
  });

  it("refuses a bad draft naming the field and its limit", async () => {
    const u = await user("bad-preview@example.com");
    const post = (json: unknown) =>
      h.ctx.request("/api/campaigns/schedule-preview", { method: "POST", cookie: u.cookie, json });
    const res = await post({
      senderAccounts: [{ email: "a@sender.test", dailyLimit: 0 }],
      contacts: [{ timezone: "Mars/Olympus" }],
      sequence,
      dailyNewContactsLimit: 20_000,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields["senderAccounts.0.dailyLimit"]).toBe("Daily limit must be between 1 and 500");
    expect(body.error.details.fields["contacts.0.timezone"]).toContain("Mars/Olympus");
    expect(body.error.details.fields.dailyNewContactsLimit).toBe("New contacts per day must be between 1 and 10,000");
    const empty = await post({ senderAccounts: senders, contacts: [], sequence });
    expect(empty.status).toBe(400);
  });
});
