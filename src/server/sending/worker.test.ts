// The sending engine end to end over real SMTP: launch through the API, the
// worker driven by a fake clock, messages received by an SMTP h.sink (with
// faults injected) and read back with mailparser.
import { and, asc, eq, sql } from "drizzle-orm";
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
} from "../../../tests/support/sending-fixtures.ts";
import {
  campaignStats,
  contacts,
  emailSends,
  scheduledEmails,
  senderAccounts,
  senderDailyCounts,
  suppressions,
  userDailyCounts,
} from "../db/schema/index.ts";
import { stopContactSequence } from "../domain/stop-contact-sequence.ts";

// Monday 7 December 2026, 09:00 UTC.
const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
let n = 0;

const h = registerSendingHarness(clock, START);

/** A fresh user per test: settings, limits and suppressions never leak between tests. */
async function newUser() {
  n += 1;
  return h.ctx.signUpVerified(`sender-owner-${n}@example.com`);
}

const worker = (extra: Parameters<typeof testWorker>[1] = {}) =>
  testWorker({ db: h.ctx.database.db, config: h.ctx.config, transports: h.transports, clock }, extra);

const db = () => h.ctx.database.db;

async function sendsOf(campaignId: string) {
  return db().select().from(emailSends).where(eq(emailSends.campaignId, campaignId));
}

async function statsOf(campaignId: string) {
  const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row!;
}

/** A header as sent (unfolded), from the raw message: mailparser restructures List-* headers. */
function header(message: { raw: string }, name: string): string | undefined {
  const head = message.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Step 1 of a campaign, as a scalar subquery. */
const firstStepOf = (campaignId: string) =>
  sql`(select id from email_sequences where campaign_id = ${campaignId}::uuid and step_number = 1)`;

describe("a 3-step campaign to 20 contacts over 2 senders", () => {
  it("assigns senders round-robin, sends step 1 at launch and follow-ups in the same thread", async () => {
    const owner = await newUser();
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      name: "Threads",
      senderAccounts: [
        { email: "anna@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "ben@acme.test", provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(20),
      sequence: [
        step("Hi {{firstName}}", "Hello {{firstName}} at {{company}} in {{city}}"),
        step("Following up, {{firstName}}", "Any thoughts, {{firstName}}?", { amount: 2, unit: "days" }),
        step("Last note", "Closing the loop with {{company}}.", { amount: 3, unit: "days" }),
      ],
    });
    const id = campaign.campaign.id;

    const launched = await launch(h.ctx, owner.cookie, id);
    expect(launched.status).toBe(200);
    expect(launched.body).toMatchObject({ emailsSent: 20, emailsFailed: 0, emailsRetrying: 0, scheduled: 20 });

    // Round-robin: contacts in (created_at, id) order alternate between the senders in the order added.
    const senders = await db()
      .select()
      .from(senderAccounts)
      .where(eq(senderAccounts.campaignId, id))
      .orderBy(asc(senderAccounts.createdAt), asc(senderAccounts.id));
    // The sender is kept on the contact's queue rows (step 1's, and each follow-up's after it).
    const ordered = await db()
      .select({ email: contacts.email, senderAccountId: scheduledEmails.senderAccountId })
      .from(contacts)
      .leftJoin(scheduledEmails, eq(scheduledEmails.contactId, contacts.id))
      .where(and(eq(contacts.campaignId, id), sql`${scheduledEmails.sequenceId} = ${firstStepOf(id)}`))
      .orderBy(asc(contacts.createdAt), asc(contacts.id));
    expect(ordered).toHaveLength(20);
    expect(ordered.map((c) => c.senderAccountId)).toEqual(ordered.map((_, i) => senders[i % 2]!.id));
    const senderEmailOf = new Map(
      ordered.map((c) => [c.email, senders.find((s) => s.id === c.senderAccountId)!.email]),
    );

    // Step 1 at the sink: merge tags, From per sender, unsubscribe headers, pixel.
    expect(h.sink.messages).toHaveLength(20);
    const first = new Map<string, string>();
    for (const m of h.sink.messages) {
      const to = m.envelope.to[0]!;
      const i = Number(/person-(\d+)@/.exec(to)![1]);
      expect(m.parsed.subject).toBe(`Hi First${i}`);
      expect(m.parsed.text).toContain(`Hello First${i} at Company ${i} in City ${i}`);
      expect(m.envelope.from).toBe(senderEmailOf.get(to));
      expect(m.parsed.from?.value[0]?.address).toBe(senderEmailOf.get(to));
      expect(header(m, "list-unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/u\/[^>]+>, <mailto:/);
      expect(header(m, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(m.parsed.html).toMatch(/<img src="http:\/\/localhost:3000\/t\/o\/[^"]+\.gif" width="1" height="1"/);
      expect(m.parsed.inReplyTo).toBeUndefined();
      first.set(to, m.parsed.messageId!);
    }
    const sends = await sendsOf(id);
    expect(sends.every((s) => s.status === "sent" && s.sentAt?.toISOString() === START)).toBe(true);
    // The Message-ID chosen before sending is the one that went out.
    expect(new Set(sends.map((s) => s.messageId))).toEqual(new Set(first.values()));
    // The stored body is what was sent, without the pixel (reading it in the app is no open).
    expect(sends[0]!.body).not.toContain("/t/o/");
    expect(sends[0]!.subject).toMatch(/^Hi First\d+$/);

    // Step 2 is queued from the send time: 2 days later.
    const queued = await db()
      .select()
      .from(scheduledEmails)
      .where(and(eq(scheduledEmails.campaignId, id), eq(scheduledEmails.status, "scheduled")));
    expect(queued).toHaveLength(20);
    expect(new Set(queued.map((q) => q.scheduledFor.toISOString()))).toEqual(new Set(["2026-12-09T09:00:00.000Z"]));

    // Nothing is due a day later.
    clock.advance(DAY);
    expect((await drain(worker())).sent).toBe(0);

    // Two days after step 1: step 2, answering step 1, from the same sender.
    clock.set("2026-12-09T09:00:00.000Z");
    h.sink.reset();
    expect((await drain(worker())).sent).toBe(20);
    expect(h.sink.messages).toHaveLength(20);
    for (const m of h.sink.messages) {
      const to = m.envelope.to[0]!;
      expect(m.envelope.from).toBe(senderEmailOf.get(to));
      expect(m.parsed.inReplyTo).toBe(first.get(to));
      expect(m.parsed.references).toEqual(first.get(to));
      expect(m.parsed.subject).toMatch(/^Following up, First\d+$/);
    }

    // Step 3, three days after step 2, still in step 1's thread.
    clock.set("2026-12-12T09:00:00.000Z");
    h.sink.reset();
    expect((await drain(worker())).sent).toBe(20);
    for (const m of h.sink.messages) expect(m.parsed.inReplyTo).toBe(first.get(m.envelope.to[0]!));

    // Counters agree with the rows they count.
    expect(await statsOf(id)).toMatchObject({ sent: 60, failed: 0, pending: 0, scheduled: 0 });
    const [perSender] = await db()
      .select({ total: sql<number>`sum(${senderDailyCounts.sent})::int` })
      .from(senderDailyCounts)
      .where(sql`${senderDailyCounts.senderAccountId} in (${senders[0]!.id}, ${senders[1]!.id})`);
    expect(perSender?.total).toBe(60);
    const days = await db().select().from(userDailyCounts).where(eq(userDailyCounts.userId, owner.userId));
    expect(days.map((d) => [d.day, d.sent]).sort()).toEqual([
      ["2026-12-07", 20],
      ["2026-12-09", 20],
      ["2026-12-12", 20],
    ]);
    // At most once: one send per contact and step.
    expect(await sendsOf(id)).toHaveLength(60);
  });
});

describe("stop conditions", () => {
  it("a reply, an unsubscribe or a hard bounce cancels the contact's later steps", async () => {
    const owner = await newUser();
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: people(5, "stop"),
      sequence: [step("One", "1"), step("Two", "2", { amount: 1 }), step("Three", "3", { amount: 1 })],
    });
    const id = campaign.campaign.id;
    expect((await launch(h.ctx, owner.cookie, id)).body.emailsSent).toBe(5);
    const byEmail = new Map(
      (await db().select().from(contacts).where(eq(contacts.campaignId, id))).map((c) => [c.email, c]),
    );
    const contactId = (i: number) => byEmail.get(`stop-${i}@prospects.test`)!.id;

    expect(await stopContactSequence(db(), contactId(1), "replied", clock.now())).toBe(1);
    expect(await stopContactSequence(db(), contactId(2), "unsubscribed", clock.now())).toBe(1);
    expect(await stopContactSequence(db(), contactId(3), "bounced", clock.now())).toBe(1);
    // A reply recorded by another path (no call to stopContactSequence) stops it at send time.
    await db()
      .update(contacts)
      .set({ repliedAt: clock.now() })
      .where(eq(contacts.id, contactId(4)));

    clock.advance(DAY);
    h.sink.reset();
    expect((await drain(worker())).sent).toBe(1);
    expect(h.sink.messages.map((m) => m.envelope.to[0])).toEqual(["stop-5@prospects.test"]);

    const rows = await db()
      .select()
      .from(scheduledEmails)
      .where(and(eq(scheduledEmails.campaignId, id), eq(scheduledEmails.status, "cancelled")));
    const reasons = new Map(rows.map((r) => [r.contactId, r.cancelReason]));
    expect(reasons).toEqual(
      new Map([
        [contactId(1), "replied"],
        [contactId(2), "unsubscribed"],
        [contactId(3), "bounced"],
        [contactId(4), "replied"],
      ]),
    );
    const after = new Map(
      (await db().select().from(contacts).where(eq(contacts.campaignId, id))).map((c) => [c.email, c]),
    );
    expect(after.get("stop-1@prospects.test")).toMatchObject({ status: "active" });
    expect(after.get("stop-1@prospects.test")?.repliedAt).not.toBeNull();
    expect(after.get("stop-2@prospects.test")?.status).toBe("unsubscribed");
    expect(after.get("stop-3@prospects.test")?.status).toBe("bounced");
    const suppressed = await db().select().from(suppressions).where(eq(suppressions.userId, owner.userId));
    expect(suppressed.map((s) => [s.email, s.reason]).sort()).toEqual([
      ["stop-2@prospects.test", "unsubscribed"],
      ["stop-3@prospects.test", "bounced"],
    ]);
    // Idempotent: a second reply neither cancels nor counts anything again.
    expect(await stopContactSequence(db(), contactId(1), "replied", clock.now())).toBe(0);
    expect(await statsOf(id)).toMatchObject({ sent: 6, replied: 1, scheduled: 1 });
  });

  it("skips suppressed addresses at launch and marks them", async () => {
    const owner = await newUser();
    await db()
      .insert(suppressions)
      .values([
        { userId: owner.userId, email: "skip-1@prospects.test", reason: "unsubscribed" },
        { userId: owner.userId, email: "SKIP-2@prospects.test", reason: "bounced" },
      ]);
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      senderAccounts: [
        { email: "a@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "b@acme.test", provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(4, "skip"),
    });
    const launched = await launch(h.ctx, owner.cookie, campaign.campaign.id);
    expect(launched.body).toMatchObject({ emailsSent: 2, scheduled: 2, suppressed: 2 });
    const stored = await db()
      .select({ email: contacts.email, status: contacts.status, senderAccountId: scheduledEmails.senderAccountId })
      .from(contacts)
      .leftJoin(scheduledEmails, eq(scheduledEmails.contactId, contacts.id))
      .where(eq(contacts.campaignId, campaign.campaign.id));
    const status = new Map(stored.map((c) => [c.email, [c.status, c.senderAccountId !== null]]));
    expect(status.get("skip-1@prospects.test")).toEqual(["unsubscribed", false]);
    expect(status.get("skip-2@prospects.test")).toEqual(["bounced", false]);
    // The two that remain are queued, spread over both senders.
    expect(new Set(stored.filter((c) => c.status === "active").map((c) => c.senderAccountId)).size).toBe(2);
    expect(h.sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      "skip-3@prospects.test",
      "skip-4@prospects.test",
    ]);
  });
});

describe("pause, activate and delete", () => {
  it("pausing holds queued sends, activating releases them, deleting removes them", async () => {
    const owner = await newUser();
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      contacts: people(2, "pause"),
      sequence: [step("One", "1"), step("Two", "2", { amount: 1 })],
    });
    const id = campaign.campaign.id;
    await launch(h.ctx, owner.cookie, id);
    const setStatus = (status: "active" | "paused") =>
      h.ctx.request(`/api/campaigns/${id}/status`, { method: "PATCH", cookie: owner.cookie, json: { status } });
    const queue = async () =>
      (await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, id)))
        .filter((r) => r.status !== "sent")
        .map((r) => [r.status, r.scheduledFor.toISOString()]);

    expect((await setStatus("paused")).status).toBe(200);
    expect(await queue()).toEqual([
      ["paused", "2026-12-08T09:00:00.000Z"],
      ["paused", "2026-12-08T09:00:00.000Z"],
    ]);
    // (Other tests' campaigns share the queue: look only at this one's mail.)
    const toThisCampaign = () => h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith("pause-"));
    clock.advance(2 * DAY);
    h.sink.reset();
    await drain(worker());
    expect(toThisCampaign()).toHaveLength(0);

    // Activated after the due time: they go at once (the next allowed instant).
    expect((await setStatus("active")).status).toBe(200);
    expect(await queue()).toEqual([
      ["scheduled", "2026-12-09T09:00:00.000Z"],
      ["scheduled", "2026-12-09T09:00:00.000Z"],
    ]);
    await drain(worker());
    expect(toThisCampaign()).toHaveLength(2);
    expect(await statsOf(id)).toMatchObject({ sent: 4, scheduled: 0 });

    const res = await h.ctx.request(`/api/campaigns/${id}`, { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(204);
    expect(await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, id))).toEqual([]);
  });

  it("activating a draft from the dashboard queues step 1 for the worker", async () => {
    const owner = await newUser();
    const campaign = await createCampaign(h.ctx, owner.cookie, { contacts: people(3, "draft") });
    const id = campaign.campaign.id;
    const res = await h.ctx.request(`/api/campaigns/${id}/status`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { status: "active" },
    });
    expect(res.status).toBe(200);
    expect(h.sink.messages).toHaveLength(0);
    expect(await statsOf(id)).toMatchObject({ scheduled: 3 });
    await drain(worker());
    expect(h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith("draft-"))).toHaveLength(3);
    // Launch afterwards is refused: it already runs.
    expect((await launch(h.ctx, owner.cookie, id)).status).toBe(409);
  });
});
