// Human pacing through the real claim (fake clock, SMTP sink): the gap and the
// hourly limit hold across the campaigns that share a mailbox, the ramp grows
// day by day, the new-contact cap starts so many contacts a day with their
// follow-ups first, and nothing held back is dropped.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  HOUR,
  launch,
  MINUTE,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { contacts, scheduledEmails } from "../../db/schema/index.ts";
import { stopContactSequence } from "../../domain/stop-contact-sequence.ts";

// Monday 7 December 2026, 10:00 UTC; the default settings send every day, all day, in UTC.
const START = "2026-12-07T10:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });
let n = 0;

async function owner() {
  n += 1;
  return h.ctx.signUpVerified(`pacing-${n}@example.com`);
}

async function setPacing(cookie: string, email: string, body: unknown) {
  const res = await h.ctx.request("/api/sender-pacing", {
    method: "PUT",
    cookie,
    json: { ...(body as object), email },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sentFrom = (address: string) => h.sink.messages.filter((m) => m.envelope.from === address).length;

describe("the gap between two sends", () => {
  it("holds across two campaigns that share the mailbox, and sends everything in the end", async () => {
    const o = await owner();
    const put = await setPacing(o.cookie, "Paced@Acme.test", {
      gapMinSeconds: 120,
      gapMaxSeconds: 300,
      hourlyLimit: null,
      ramp: null,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ email: "paced@acme.test", gapMinSeconds: 120, gapMaxSeconds: 300 });
    const sender = [{ email: "paced@acme.test", provider: "custom" as const, dailyLimit: 50 }];
    const a = await createCampaign(h.ctx, o.cookie, { senderAccounts: sender, contacts: people(3, "gap-a") });
    const b = await createCampaign(h.ctx, o.cookie, { senderAccounts: sender, contacts: people(2, "gap-b") });
    await launch(h.ctx, o.cookie, a.campaign.id);
    await launch(h.ctx, o.cookie, b.campaign.id);
    await drain(worker());
    expect(sentFrom("paced@acme.test")).toBe(1);

    // Within the shortest gap: nothing more, from either campaign.
    clock.advance(119_000);
    await drain(worker());
    expect(sentFrom("paced@acme.test")).toBe(1);

    // Each send waits 2 to 5 minutes after the one before: five sends need at least 4 gaps.
    const counts: number[] = [];
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000);
      await drain(worker());
      counts.push(sentFrom("paced@acme.test"));
    }
    expect(counts.at(-1)).toBe(5);
    // Never two sends within one minute's step (the gap is at least 2 minutes).
    for (let i = 1; i < counts.length; i++) expect(counts[i]! - counts[i - 1]!).toBeLessThanOrEqual(1);
    const scheduled = await db()
      .select()
      .from(scheduledEmails)
      .where(and(eq(scheduledEmails.campaignId, a.campaign.id), eq(scheduledEmails.status, "scheduled")));
    expect(scheduled).toHaveLength(0);
  });

  it("does not slow a mailbox without pacing, beside a paced one", async () => {
    const o = await owner();
    await setPacing(o.cookie, "slow@acme.test", {
      gapMinSeconds: 600,
      gapMaxSeconds: 600,
      hourlyLimit: null,
      ramp: null,
    });
    const c = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [
        { email: "slow@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "fast@acme.test", provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(8, "mixed"),
    });
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    expect(sentFrom("fast@acme.test")).toBe(4);
    expect(sentFrom("slow@acme.test")).toBe(1);
  });
});

describe("the hourly limit", () => {
  it("sends at most N in any hour and the rest as the hour frees places", async () => {
    const o = await owner();
    await setPacing(o.cookie, "hourly@acme.test", { gapMinSeconds: 0, gapMaxSeconds: 0, hourlyLimit: 3, ramp: null });
    const c = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [{ email: "hourly@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: people(5, "hourly"),
    });
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    expect(sentFrom("hourly@acme.test")).toBe(3);
    clock.advance(30 * MINUTE);
    await drain(worker());
    expect(sentFrom("hourly@acme.test")).toBe(3);
    clock.advance(31 * MINUTE);
    await drain(worker());
    expect(sentFrom("hourly@acme.test")).toBe(5);
  });
});

describe("the ramp of a new mailbox", () => {
  it("starts at N a day and adds M each day", async () => {
    const o = await owner();
    const put = await setPacing(o.cookie, "new@acme.test", {
      gapMinSeconds: 0,
      gapMaxSeconds: 0,
      hourlyLimit: null,
      ramp: { start: 2, step: 1 },
    });
    expect(put.body.ramp).toEqual({ start: 2, step: 1, startedOn: "2026-12-07", today: 2 });
    const c = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [{ email: "new@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: people(8, "ramp"),
    });
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    expect(sentFrom("new@acme.test")).toBe(2);
    clock.advance(6 * HOUR);
    await drain(worker());
    expect(sentFrom("new@acme.test")).toBe(2);
    clock.set("2026-12-08T00:00:30.000Z");
    await drain(worker());
    expect(sentFrom("new@acme.test")).toBe(5);
    clock.set("2026-12-09T00:00:30.000Z");
    await drain(worker());
    expect(sentFrom("new@acme.test")).toBe(8);
  });
});

describe("new contacts per day", () => {
  it("starts at most N contacts a day, and their follow-ups go first", async () => {
    const o = await owner();
    const c = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [{ email: "cap@acme.test", provider: "custom", dailyLimit: 3 }],
      contacts: people(5, "cap"),
      sequence: [step("Hi {{firstName}}", "One"), step("Re: Hi", "Two", { amount: 1, unit: "days" })],
      dailyNewContactsLimit: 2,
    });
    expect(c.campaign.dailyNewContactsLimit).toBe(2);
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    const subjects = () => h.sink.messages.map((m) => m.parsed.subject ?? "");
    expect(h.sink.messages).toHaveLength(2);

    // Day 2 (daily limit 3): the two follow-ups first, then one new contact of the two allowed.
    clock.set("2026-12-08T10:00:30.000Z");
    await drain(worker());
    const day2 = subjects().slice(2);
    expect(day2.filter((s) => s.startsWith("Re:"))).toHaveLength(2);
    expect(day2).toHaveLength(3);

    // Everyone is written to in the end: nothing held back is dropped.
    for (let d = 3; d <= 8; d++) {
      clock.set(`2026-12-${String(d + 6).padStart(2, "0")}T10:00:30.000Z`);
      await drain(worker());
    }
    expect(h.sink.messages).toHaveLength(10);
  });
});

describe("stop on company reply", () => {
  async function companyCampaign(cookie: string, stopOnCompanyReply: boolean) {
    return createCampaign(h.ctx, cookie, {
      senderAccounts: [{ email: "co@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [
        { email: "ann@bigco.test", firstName: "Ann", lastName: null, company: "BigCo", customFields: {} },
        { email: "bob@bigco.test", firstName: "Bob", lastName: null, company: "BigCo", customFields: {} },
        { email: "cy@other.test", firstName: "Cy", lastName: null, company: "Other", customFields: {} },
        { email: "dee@gmail.com", firstName: "Dee", lastName: null, company: null, customFields: {} },
        { email: "eve@gmail.com", firstName: "Eve", lastName: null, company: null, customFields: {} },
      ],
      sequence: [step("Hi", "One"), step("Re: Hi", "Two", { amount: 2, unit: "days" })],
      stopOnCompanyReply,
    });
  }
  const queuedOf = async (campaignId: string) => {
    const rows = await db().execute(sql`
      select c.email, se.status, se.cancel_reason from scheduled_emails se join contacts c on c.id = se.contact_id
      join email_sequences q on q.id = se.sequence_id
      where se.campaign_id = ${campaignId}::uuid and q.step_number = 2 order by c.email`);
    return (rows as unknown as { rows: { email: string; status: string; cancel_reason: string | null }[] }).rows;
  };
  const contactOf = async (campaignId: string, email: string) =>
    (
      await db()
        .select()
        .from(contacts)
        .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)))
    )[0]!;

  it("stops the other contacts at the replier's company domain, never at a free-mail domain", async () => {
    const o = await owner();
    const c = await companyCampaign(o.cookie, true);
    expect(c.campaign.stopOnCompanyReply).toBe(true);
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    await stopContactSequence(db(), (await contactOf(c.campaign.id, "ann@bigco.test")).id, "replied", clock.now());
    await stopContactSequence(db(), (await contactOf(c.campaign.id, "dee@gmail.com")).id, "replied", clock.now());
    const rows = await queuedOf(c.campaign.id);
    expect(rows).toEqual([
      { email: "ann@bigco.test", status: "cancelled", cancel_reason: "replied" },
      { email: "bob@bigco.test", status: "cancelled", cancel_reason: "company_replied" },
      { email: "cy@other.test", status: "scheduled", cancel_reason: null },
      { email: "dee@gmail.com", status: "cancelled", cancel_reason: "replied" },
      { email: "eve@gmail.com", status: "scheduled", cancel_reason: null },
    ]);
  });

  it("is off unless the campaign asks for it", async () => {
    const o = await owner();
    const c = await companyCampaign(o.cookie, false);
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    await stopContactSequence(db(), (await contactOf(c.campaign.id, "ann@bigco.test")).id, "replied", clock.now());
    const bob = (await queuedOf(c.campaign.id)).find((r) => r.email === "bob@bigco.test");
    expect(bob?.status).toBe("scheduled");
  });
});

describe("/api/sender-pacing", () => {
  it("refuses bad values with the field named and stores nothing", async () => {
    const o = await owner();
    const bad = await setPacing(o.cookie, "x@acme.test", {
      gapMinSeconds: 300,
      gapMaxSeconds: 120,
      hourlyLimit: null,
      ramp: null,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("The longest wait must be at least the shortest");
    const hourly = await setPacing(o.cookie, "x@acme.test", {
      gapMinSeconds: 0,
      gapMaxSeconds: 0,
      hourlyLimit: 0,
      ramp: null,
    });
    expect(hourly.status).toBe(400);
    expect(JSON.stringify(hourly.body)).toContain("Hourly limit must be between 1 and 500");
    const address = await setPacing(o.cookie, "not an address", {
      gapMinSeconds: 0,
      gapMaxSeconds: 0,
      hourlyLimit: null,
      ramp: null,
    });
    expect(address.status).toBe(400);
    const list = await h.ctx.request("/api/sender-pacing", { cookie: o.cookie });
    expect(await list.json()).toEqual({ pacing: [] });
  });

  it("keeps each user's pacing to themselves", async () => {
    const a = await owner();
    const b = await owner();
    await setPacing(a.cookie, "shared@acme.test", {
      gapMinSeconds: 60,
      gapMaxSeconds: 90,
      hourlyLimit: 20,
      ramp: null,
    });
    const listB = await h.ctx.request("/api/sender-pacing", { cookie: b.cookie });
    expect(await listB.json()).toEqual({ pacing: [] });
    const del = await h.ctx.request("/api/sender-pacing?email=shared%40acme.test", {
      method: "DELETE",
      cookie: b.cookie,
    });
    expect(del.status).toBe(404);
    const listA = (await (await h.ctx.request("/api/sender-pacing", { cookie: a.cookie })).json()) as {
      pacing: unknown[];
    };
    expect(listA.pacing).toHaveLength(1);
    void DAY;
  });
});
