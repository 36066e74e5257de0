// Editing a campaign that is already running: its queue follows the edit.
// Contacts added later get step 1, removed contacts and steps leave the
// pending count, and a removed sender's contacts move to the senders left.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCampaign,
  drain,
  fakeClock,
  HOUR,
  launch,
  people,
  registerSendingHarness,
  setSendingSettings,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import type { CampaignDetail } from "../../../shared/campaigns/campaigns.schemas.ts";
import { campaignStats, contacts, scheduledEmails } from "../../db/schema/index.ts";

// Monday 7 December 2026, 07:00 UTC: before the 09:00–17:00 window, so launch queues and sends nothing.
const BEFORE_WINDOW = "2026-12-07T07:00:00.000Z";
// Queued rows start at the window's opening, 1 ms apart: a minute in, all are due.
const IN_WINDOW = "2026-12-07T09:01:00.000Z";
const clock = fakeClock(BEFORE_WINDOW);
const h = registerSendingHarness(clock, BEFORE_WINDOW);
const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });
let n = 0;

async function launchedCampaign(opts: { senders?: string[]; contacts?: number; steps?: number } = {}) {
  n += 1;
  const owner = await h.ctx.signUpVerified(`launched-edits-${n}@example.com`);
  await setSendingSettings(db(), owner.userId, {
    timezone: "UTC",
    sendTimeStart: "09:00",
    sendTimeEnd: "17:00",
    sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  });
  const senders = opts.senders ?? ["s1@acme.test"];
  const campaign = await createCampaign(h.ctx, owner.cookie, {
    senderAccounts: senders.map((email) => ({ email, provider: "custom" as const, dailyLimit: 100 })),
    contacts: people(opts.contacts ?? 2, `c${n}`),
    sequence: Array.from({ length: opts.steps ?? 1 }, (_, i) =>
      step(`Step ${i + 1}`, `Body ${i + 1}`, { amount: i === 0 ? 0 : 1 }),
    ),
  });
  const launched = await launch(h.ctx, owner.cookie, campaign.campaign.id);
  expect(launched.status).toBe(200);
  expect(h.sink.messages).toHaveLength(0);
  return { owner, campaign };
}

async function pendingCount(campaignId: string) {
  const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row?.scheduled;
}

async function queueRows(campaignId: string) {
  return db()
    .select()
    .from(scheduledEmails)
    .where(and(eq(scheduledEmails.campaignId, campaignId)));
}

function edit(cookie: string, detail: CampaignDetail, change: Partial<Record<"sequence" | "senderAccounts", unknown>>) {
  return h.ctx.request(`/api/campaigns/${detail.campaign.id}`, {
    method: "PUT",
    cookie,
    json: {
      name: detail.campaign.name,
      description: null,
      sequence: detail.sequence.map((s) => step(s.subject, s.body, { amount: s.delayAmount })),
      senderAccounts: detail.senders.map((s) => ({
        id: s.id,
        email: s.email,
        provider: s.provider,
        dailyLimit: s.dailyLimit,
      })),
      ...change,
    },
  });
}

describe("editing a launched campaign", () => {
  it("queues step 1 for contacts added after launch, and sends it with the rest", async () => {
    const { owner, campaign } = await launchedCampaign({ contacts: 2 });
    const id = campaign.campaign.id;
    expect(await pendingCount(id)).toBe(2);

    const added = await h.ctx.request(`/api/campaigns/${id}/contacts`, {
      method: "POST",
      cookie: owner.cookie,
      json: { contacts: [{ email: "late-1@prospects.test" }, { email: "late-2@prospects.test" }] },
    });
    expect(added.status).toBe(200);
    expect(await pendingCount(id)).toBe(4);

    clock.set(IN_WINDOW);
    await drain(worker());
    expect(h.sink.messagesTo("late-1@prospects.test")).toHaveLength(1);
    expect(h.sink.messagesTo("late-2@prospects.test")).toHaveLength(1);
    expect(h.sink.messages).toHaveLength(4);
    expect(await pendingCount(id)).toBe(0);
  });

  it("holds contacts added to a paused campaign until it is activated", async () => {
    const { owner, campaign } = await launchedCampaign({ contacts: 1 });
    const id = campaign.campaign.id;
    const status = (s: string) =>
      h.ctx.request(`/api/campaigns/${id}/status`, { method: "PATCH", cookie: owner.cookie, json: { status: s } });
    expect((await status("paused")).status).toBe(200);
    await h.ctx.request(`/api/campaigns/${id}/contacts`, {
      method: "POST",
      cookie: owner.cookie,
      json: { contacts: [{ email: "while-paused@prospects.test" }] },
    });
    expect((await queueRows(id)).map((r) => r.status)).toEqual(["paused", "paused"]);

    clock.set(IN_WINDOW);
    await drain(worker());
    expect(h.sink.messages).toHaveLength(0);

    expect((await status("active")).status).toBe(200);
    await drain(worker());
    expect(h.sink.messagesTo("while-paused@prospects.test")).toHaveLength(1);
    expect(h.sink.messages).toHaveLength(2);
  });

  it("a deleted contact's queued sends leave the pending count", async () => {
    const { owner, campaign } = await launchedCampaign({ contacts: 3 });
    const id = campaign.campaign.id;
    const [victim] = await db().select().from(contacts).where(eq(contacts.campaignId, id)).limit(1);
    const res = await h.ctx.request(`/api/campaigns/${id}/contacts/${victim!.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    expect(await pendingCount(id)).toBe(2);

    clock.set(IN_WINDOW);
    await drain(worker());
    expect(h.sink.messagesTo(victim!.email)).toHaveLength(0);
    expect(h.sink.messages).toHaveLength(2);
  });

  it("deleting a step drops its queued follow-ups from the count", async () => {
    const { owner, campaign } = await launchedCampaign({ contacts: 2, steps: 2 });
    const id = campaign.campaign.id;
    clock.set(IN_WINDOW);
    await drain(worker());
    expect(h.sink.messages).toHaveLength(2);
    // Step 1 went; step 2 is queued for both contacts.
    expect(await pendingCount(id)).toBe(2);

    const res = await edit(owner.cookie, campaign, { sequence: [step("Step 1", "Body 1")] });
    expect(res.status).toBe(200);
    expect(await pendingCount(id)).toBe(0);
    clock.advance(48 * HOUR);
    await drain(worker());
    expect(h.sink.messages).toHaveLength(2);
  });

  it("a removed sender's contacts move to the senders left instead of being dropped", async () => {
    const { owner, campaign } = await launchedCampaign({ senders: ["a@acme.test", "b@acme.test"], contacts: 4 });
    const id = campaign.campaign.id;
    const keep = campaign.senders.find((s) => s.email === "a@acme.test")!;
    const res = await edit(owner.cookie, campaign, {
      senderAccounts: [{ id: keep.id, email: keep.email, provider: keep.provider, dailyLimit: keep.dailyLimit }],
    });
    expect(res.status).toBe(200);
    expect(await pendingCount(id)).toBe(4);

    clock.set(IN_WINDOW);
    await drain(worker());
    expect(h.sink.messages).toHaveLength(4);
    expect(new Set(h.sink.messages.map((m) => m.envelope.from))).toEqual(new Set(["a@acme.test"]));
    expect((await queueRows(id)).every((r) => r.status === "sent")).toBe(true);
  });
});
