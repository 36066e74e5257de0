// Delivery failures over real SMTP, with faults injected by the sink: a hard
// bounce stops the contact, a temporary failure is retried, a connection lost
// mid-DATA and a worker that died mid-send are never resent blindly.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  MINUTE,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { smtpFaults } from "../../../../tests/support/smtp-sink.ts";
import { campaignStats, contacts, emailSends, scheduledEmails, suppressions } from "../../db/schema/index.ts";
import { recordOutcomes } from "../outcomes/record-outcomes.ts";
import { UNKNOWN_DELIVERY_ERROR } from "../recovery/settle-attempted.ts";
import { LOST_CONNECTION_ERROR } from "./attempt-send.ts";

const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
let n = 0;

const h = registerSendingHarness(clock, START);

const db = () => h.ctx.database.db;
const worker = (extra: Parameters<typeof testWorker>[1] = {}) =>
  testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock }, extra);

/** A launched-ready 2-step campaign of a fresh user, to `contactCount` people. */
async function twoStepCampaign(contactCount = 3) {
  n += 1;
  const owner = await h.ctx.signUpVerified(`failures-${n}@example.com`);
  const prefix = `f${n}`;
  const campaign = await createCampaign(h.ctx, owner.cookie, {
    contacts: people(contactCount, prefix),
    sequence: [step("Hi {{firstName}}", "Hello"), step("Again", "Hello again", { amount: 1, unit: "days" })],
  });
  const address = (i: number) => `${prefix}-${i}@prospects.test`;
  return { owner, id: campaign.campaign.id, address };
}

async function sendTo(campaignId: string, email: string) {
  const [contact] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
  const sends = await db().select().from(emailSends).where(eq(emailSends.contactId, contact!.id));
  const rows = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
  return { contact: contact!, sends, rows };
}

async function stats(campaignId: string) {
  const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row!;
}

describe("a permanent failure (550 5.1.1)", () => {
  it("fails the send as invalid_address, marks the contact bounced and suppressed, and queues no follow-up", async () => {
    const { owner, id, address } = await twoStepCampaign();
    h.sink.addFault(smtpFaults.rejectRecipient(address(2)));

    const launched = await launch(h.ctx, owner.cookie, id);
    expect(launched.body).toMatchObject({ emailsSent: 2, emailsFailed: 1, emailsRetrying: 0 });

    const bad = await sendTo(id, address(2));
    expect(bad.sends).toHaveLength(1);
    expect(bad.sends[0]).toMatchObject({ status: "failed", failureCategory: "invalid_address", bounceType: "hard" });
    const details = parseSendErrorMessage(bad.sends[0]!.errorMessage);
    expect(details).toMatchObject({ recipient: address(2), category: "invalid_address", subject: "Hi First2" });
    expect(details?.error).toContain("550 5.1.1");
    expect(details?.troubleshooting.commonCauses.length).toBeGreaterThan(0);
    expect(bad.contact.status).toBe("bounced");
    expect(bad.rows.map((r) => r.status)).toEqual(["failed"]);
    const suppressed = await db().select().from(suppressions).where(eq(suppressions.userId, owner.userId));
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual([[address(2), "bounced"]]);

    // The others get step 2 a day later; the bounced contact does not.
    clock.advance(DAY);
    h.sink.reset();
    expect((await drain(worker())).sent).toBe(2);
    expect(h.sink.messagesTo(address(2))).toHaveLength(0);
    expect(await stats(id)).toMatchObject({ sent: 4, failed: 1, pending: 0, scheduled: 0 });
  });
});

describe("a full mailbox (552 5.2.2)", () => {
  it("fails the send as a soft bounce: the contact is neither marked bounced nor suppressed", async () => {
    const { owner, id, address } = await twoStepCampaign(1);
    h.sink.addFault(smtpFaults.rejectRecipient(address(1), "552 5.2.2 Mailbox full"));
    expect((await launch(h.ctx, owner.cookie, id)).body).toMatchObject({ emailsSent: 0, emailsFailed: 1 });
    const full = await sendTo(id, address(1));
    expect(full.sends[0]).toMatchObject({ status: "failed", failureCategory: "bounced", bounceType: "soft" });
    expect(full.contact.status).toBe("active");
    expect(await db().select().from(suppressions).where(eq(suppressions.userId, owner.userId))).toEqual([]);
  });
});

describe("a temporary failure (421)", () => {
  it("keeps the send pending, retries it after the backoff with the same Message-ID, then sends it once", async () => {
    const { owner, id, address } = await twoStepCampaign(2);
    h.sink.addFault(smtpFaults.tryAgainLater(address(1)));

    const launched = await launch(h.ctx, owner.cookie, id);
    expect(launched.body).toMatchObject({ emailsSent: 1, emailsFailed: 0, emailsRetrying: 1 });
    const waiting = await sendTo(id, address(1));
    expect(waiting.sends[0]).toMatchObject({ status: "pending", failureCategory: "rate_limited" });
    expect(waiting.rows[0]).toMatchObject({ status: "scheduled", attempts: 1 });
    expect(waiting.rows[0]!.scheduledFor.toISOString()).toBe("2026-12-07T09:01:00.000Z");
    expect(await stats(id)).toMatchObject({ sent: 1, pending: 1, scheduled: 2 });

    // Not before the backoff.
    clock.advance(30_000);
    expect((await drain(worker())).claimed).toBe(0);

    clock.advance(31_000);
    expect((await drain(worker())).sent).toBe(1);
    const delivered = await sendTo(id, address(1));
    expect(h.sink.messagesTo(address(1))).toHaveLength(1);
    expect(delivered.sends).toHaveLength(1);
    expect(delivered.sends[0]).toMatchObject({ status: "sent", failureCategory: null, errorMessage: null });
    expect(h.sink.messagesTo(address(1))[0]!.parsed.messageId).toBe(waiting.sends[0]!.messageId);
    expect(delivered.rows.find((r) => r.sequenceId === waiting.rows[0]!.sequenceId)).toMatchObject({
      status: "sent",
      attempts: 2,
    });
    // Its follow-up counts from the actual send.
    const followUp = delivered.rows.find((r) => r.sequenceId !== waiting.rows[0]!.sequenceId);
    expect(followUp?.scheduledFor.toISOString()).toBe("2026-12-08T09:01:01.000Z");
    expect(await stats(id)).toMatchObject({ sent: 2, pending: 0, failed: 0, scheduled: 2 });
  });

  it("fails for good after the last attempt", async () => {
    const { owner, id, address } = await twoStepCampaign(1);
    h.sink.addFault(smtpFaults.tryAgainLater(address(1), { times: 99 }));
    await launch(h.ctx, owner.cookie, id);
    for (let i = 0; i < 6; i++) {
      clock.advance(3 * 60 * MINUTE);
      await drain(worker());
    }
    const done = await sendTo(id, address(1));
    expect(done.sends[0]).toMatchObject({ status: "failed", failureCategory: "rate_limited" });
    expect(done.rows).toHaveLength(1);
    expect(done.rows[0]).toMatchObject({ status: "failed", attempts: 5 });
    expect(done.contact.status).toBe("active");
    expect(await stats(id)).toMatchObject({ sent: 0, failed: 1, pending: 0, scheduled: 0 });
  });
});

describe("a connection dropped mid-DATA", () => {
  it("is unknown, waits for the user's decision and is never resent by itself (the server may have accepted it)", async () => {
    const { owner, id, address } = await twoStepCampaign(2);
    h.sink.addFault(smtpFaults.dropMidData({ recipient: address(1) }));

    const launched = await launch(h.ctx, owner.cookie, id);
    expect(launched.body).toMatchObject({ emailsSent: 1, emailsFailed: 1 });
    expect(h.sink.events.map((e) => e.outcome)).toEqual(["dropped"]);
    const lost = await sendTo(id, address(1));
    expect(lost.sends[0]).toMatchObject({ status: "failed", failureCategory: "network" });
    expect(parseSendErrorMessage(lost.sends[0]!.errorMessage)?.error).toContain(LOST_CONNECTION_ERROR);
    expect(lost.rows.map((r) => r.status)).toEqual(["unknown"]);

    // Days later nothing has been sent to it again, and no follow-up was queued.
    for (let i = 0; i < 3; i++) {
      clock.advance(DAY);
      await drain(worker());
    }
    expect(h.sink.messagesTo(address(1))).toHaveLength(0);
    expect((await sendTo(id, address(1))).sends).toHaveLength(1);
    expect(h.sink.messagesTo(address(2))).toHaveLength(2); // its steps 1 and 2
  });
});

/** Queues a 1-contact campaign without sending (Activate on a draft) and claims it as a worker that then dies. */
async function claimedByDyingWorker() {
  const { owner, id, address } = await twoStepCampaign(1);
  const res = await h.ctx.request(`/api/campaigns/${id}/status`, {
    method: "PATCH",
    cookie: owner.cookie,
    json: { status: "active" },
  });
  expect(res.status).toBe(200);
  const dying = worker({ workerId: "dying", leaseMs: 5 * MINUTE });
  const batch = await db().transaction((tx) => dying.claim(tx, { userId: owner.userId }));
  expect(batch.sends).toHaveLength(1);
  const claimed = await sendTo(id, address(1));
  // The send record is written with the outcome; the claim chose its id and Message-ID.
  expect(claimed.sends).toEqual([]);
  expect(claimed.rows[0]).toMatchObject({ status: "sending", lockedBy: "dying", handedOffAt: null });
  expect(claimed.rows[0]!.sendId).toBe(batch.sends[0]!.send.id);
  expect(claimed.rows[0]!.messageId).toBe(batch.sends[0]!.send.messageId);
  return { id, address, dying, batch, rowId: claimed.rows[0]!.id };
}

describe("a worker that stops mid-send", () => {
  it("gives back what it never handed to a server: another worker sends it once the heartbeat is old", async () => {
    const { id, address, dying, batch } = await claimedByDyingWorker();

    // While its heartbeat is recent, another worker leaves its claim alone.
    clock.advance(20_000);
    expect(await drain(worker())).toMatchObject({ claimed: 0, recovered: 0 });

    // 30 s without a heartbeat (the default WORKER_DEAD_AFTER_SECONDS): recovered, back in the queue, sent.
    clock.advance(11_000);
    expect(await drain(worker())).toMatchObject({ recovered: 1, sent: 1 });
    const sent = await sendTo(id, address(1));
    expect(sent.sends[0]).toMatchObject({ id: batch.sends[0]!.send.id, status: "sent" });
    expect(sent.rows.find((r) => r.sequenceId === batch.sends[0]!.step.id)).toMatchObject({
      status: "sent",
      attempts: 1,
    });
    expect(h.sink.messagesTo(address(1))).toHaveLength(1);
    expect(h.sink.messagesTo(address(1))[0]!.parsed.messageId).toBe(batch.sends[0]!.send.messageId);

    // The dead worker coming back cannot send it again: its hand-off is refused.
    const late = await dying.deliver(batch);
    expect(late).toMatchObject({ sent: 0, released: 1 });
    expect(h.sink.messagesTo(address(1))).toHaveLength(1);
    expect(await stats(id)).toMatchObject({ sent: 1, failed: 0, pending: 0, scheduled: 1 });
  });

  it("leaves what it handed off for the user's decision, and nobody resends it", async () => {
    const { id, address, dying, batch, rowId } = await claimedByDyingWorker();
    // The worker recorded the hand-off, then died before the server's answer.
    await db().update(scheduledEmails).set({ handedOffAt: clock.now() }).where(eq(scheduledEmails.id, rowId));

    clock.advance(31_000);
    expect(await drain(worker())).toMatchObject({ claimed: 0, recovered: 1 });
    const settled = await sendTo(id, address(1));
    // The unknown outcome is recorded under the id and Message-ID the message went out with.
    expect(settled.sends[0]).toMatchObject({
      id: batch.sends[0]!.send.id,
      messageId: batch.sends[0]!.send.messageId,
      status: "failed",
      failureCategory: "other",
    });
    expect(parseSendErrorMessage(settled.sends[0]!.errorMessage)?.error).toBe(UNKNOWN_DELIVERY_ERROR);
    expect(settled.rows[0]).toMatchObject({ status: "unknown", errorMessage: UNKNOWN_DELIVERY_ERROR, lockedBy: null });
    expect(h.sink.messages).toHaveLength(0);
    expect(await stats(id)).toMatchObject({ sent: 0, failed: 1, pending: 0, scheduled: 0 });
    // Days later it still waits: no resend, no follow-up.
    clock.advance(3 * DAY);
    await drain(worker());
    expect(h.sink.messagesTo(address(1))).toHaveLength(0);
    expect((await sendTo(id, address(1))).rows).toHaveLength(1);

    // A success reported late (a live worker thought dead) is the truth, counts once and continues the sequence.
    await recordOutcomes(
      db(),
      [
        {
          scheduledId: rowId,
          sendId: batch.sends[0]!.send.id,
          campaignId: id,
          contactId: batch.sends[0]!.contact.id,
          userId: batch.userId,
          senderId: batch.sends[0]!.sender.id,
          toEmail: address(1),
          kind: "sent",
          endedAt: clock.now(),
          day: clock.now().toISOString().slice(0, 10),
          subject: "Hi",
          body: "Hello",
          fromEmail: batch.sends[0]!.sender.email,
          failureCategory: null,
          failureReason: null,
          bounceType: null,
          errorMessage: null,
          retryAt: null,
          hardBounce: false,
          nextSequenceId: batch.sends[0]!.nextStep!.id,
          nextDueAt: clock.now(),
        },
      ],
      dying.workerId,
      clock.now(),
    );
    const late = await sendTo(id, address(1));
    expect(late.sends[0]).toMatchObject({ status: "sent" });
    expect(late.rows.find((r) => r.id === rowId)).toMatchObject({ status: "sent" });
    expect(late.rows).toHaveLength(2);
    expect(await stats(id)).toMatchObject({ sent: 1, failed: 0, pending: 0, scheduled: 1 });
  });

  it("recovers a claim whose lease expired even while its worker's heartbeat is alive", async () => {
    const { id, address, dying } = await claimedByDyingWorker();
    clock.advance(6 * MINUTE);
    await dying.beat();
    expect(await drain(worker())).toMatchObject({ recovered: 1, sent: 1 });
    expect(h.sink.messagesTo(address(1))).toHaveLength(1);
    expect(await stats(id)).toMatchObject({ sent: 1, scheduled: 1 });
  });
});
