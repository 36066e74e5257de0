// A mailbox bounce protection paused, through the real claim (fake clock, SMTP
// sink): its rows wait in every campaign that sends from it (launch's first
// batch, later rounds, the next day; with human pacing on it or not), the other
// mailboxes send as before, nothing is failed or cancelled, and Resume sends
// what waited.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pauseMailbox } from "../../../../tests/support/protection-fixtures.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { emailSends, scheduledEmails, senderAccounts } from "../../db/schema/index.ts";

const START = "2026-12-07T10:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });
let n = 0;
/** How long a poll waits for what the app's own worker was woken to send. */
const WAIT = { timeout: 10_000, interval: 50 };

async function owner() {
  n += 1;
  return h.ctx.signUpVerified(`paused-mailbox-${n}@example.com`);
}

const sentFrom = (address: string) => h.sink.messages.filter((m) => m.envelope.from === address).length;

const pause = (userId: string, email: string) => pauseMailbox(db(), userId, email);

async function resume(cookie: string, email: string) {
  const res = await h.ctx.request("/api/bounce-protection/senders/resume", { method: "POST", cookie, json: { email } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The queue rows of the mailbox's address, by status, in every campaign. */
async function rowsOf(address: string) {
  const rows = await db()
    .select({ status: scheduledEmails.status })
    .from(scheduledEmails)
    .innerJoin(senderAccounts, eq(senderAccounts.id, scheduledEmails.senderAccountId))
    .where(eq(senderAccounts.email, address));
  return rows.map((r) => r.status).sort();
}

describe("a paused mailbox", () => {
  it("sends nothing in any campaign while the others send, loses nothing, and sends it all once resumed", async () => {
    const o = await owner();
    await pause(o.userId, "held@acme.test");
    const a = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [
        { email: "held@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "free@acme.test", provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(4, "paused-a"),
    });
    const b = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [{ email: "Held@Acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: people(2, "paused-b"),
    });
    // Launch's own first batch takes only the free mailbox's rows.
    expect((await launch(h.ctx, o.cookie, a.campaign.id)).body.emailsSent).toBe(2);
    expect((await launch(h.ctx, o.cookie, b.campaign.id)).body.emailsSent).toBe(0);
    await drain(worker());
    clock.advance(DAY);
    await drain(worker());
    expect(sentFrom("free@acme.test")).toBe(2);
    expect(sentFrom("held@acme.test") + sentFrom("Held@Acme.test")).toBe(0);
    // Waiting, not written off: queued in both campaigns, no send record.
    expect([...(await rowsOf("held@acme.test")), ...(await rowsOf("Held@Acme.test"))]).toEqual([
      "scheduled",
      "scheduled",
      "scheduled",
      "scheduled",
    ]);
    expect(
      await db()
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.userId, o.userId), sql`lower(${emailSends.fromEmail}) = 'held@acme.test'`)),
    ).toEqual([]);

    const resumed = await resume(o.cookie, "Held@Acme.test");
    expect(resumed.status).toBe(200);
    expect(typeof resumed.body.countsFrom).toBe("string");
    // Resume wakes the app's own worker (as a launch does), which may take them before this round does.
    await drain(worker());
    await expect.poll(() => sentFrom("held@acme.test") + sentFrom("Held@Acme.test"), WAIT).toBe(4);
    await expect
      .poll(async () => [...(await rowsOf("held@acme.test")), ...(await rowsOf("Held@Acme.test"))], WAIT)
      .toEqual(["sent", "sent", "sent", "sent"]);
    // Resumed once: a second Resume finds nothing paused.
    expect((await resume(o.cookie, "held@acme.test")).status).toBe(404);
  });

  it("is skipped with human pacing on it too (neither its paced range nor the scan reads it)", async () => {
    const o = await owner();
    for (const email of ["paced-held@acme.test", "paced-free@acme.test"]) {
      const res = await h.ctx.request("/api/sender-pacing", {
        method: "PUT",
        cookie: o.cookie,
        json: { email, gapMinSeconds: 0, gapMaxSeconds: 0, hourlyLimit: 500, ramp: null },
      });
      expect(res.status).toBe(200);
    }
    await pause(o.userId, "paced-held@acme.test");
    const c = await createCampaign(h.ctx, o.cookie, {
      senderAccounts: [
        { email: "paced-held@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "paced-free@acme.test", provider: "custom", dailyLimit: 50 },
        { email: "unpaced@acme.test", provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(6, "paced-paused"),
    });
    await launch(h.ctx, o.cookie, c.campaign.id);
    await drain(worker());
    expect(sentFrom("paced-free@acme.test")).toBe(2);
    expect(sentFrom("unpaced@acme.test")).toBe(2);
    expect(sentFrom("paced-held@acme.test")).toBe(0);
    expect(await rowsOf("paced-held@acme.test")).toEqual(["scheduled", "scheduled"]);

    expect((await resume(o.cookie, "paced-held@acme.test")).status).toBe(200);
    await drain(worker());
    await expect.poll(() => sentFrom("paced-held@acme.test"), WAIT).toBe(2);
  });

  it("is another user's own: their pause holds only their rows, and nobody else can resume it", async () => {
    const alice = await owner();
    const bob = await owner();
    await pause(alice.userId, "twin@acme.test");
    const sender = [{ email: "twin@acme.test", provider: "custom" as const, dailyLimit: 50 }];
    const ofAlice = await createCampaign(h.ctx, alice.cookie, {
      senderAccounts: sender,
      contacts: people(1, "twin-a"),
    });
    const ofBob = await createCampaign(h.ctx, bob.cookie, { senderAccounts: sender, contacts: people(1, "twin-b") });
    await launch(h.ctx, alice.cookie, ofAlice.campaign.id);
    await launch(h.ctx, bob.cookie, ofBob.campaign.id);
    await drain(worker());
    // Bob's copy of the address sends; Alice's waits.
    const twins = () => h.sink.messages.map((m) => m.envelope.to[0]).filter((to) => to?.startsWith("twin-"));
    expect(twins()).toEqual(["twin-b-1@prospects.test"]);
    expect((await resume(bob.cookie, "twin@acme.test")).status).toBe(404);
    await drain(worker());
    expect(twins()).toEqual(["twin-b-1@prospects.test"]);
  });
});
