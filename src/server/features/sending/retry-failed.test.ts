// Retry failed sends through the real engine (live transport, delivery
// thread, claim, outcome writer) against SMTP servers that fail on purpose:
// a temporary refusal that outlasts the engine's own retries, a hard bounce,
// a suppressed address, a sender whose password the user fixes, and another
// user who must see and change nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryFailureList } from "#shared/mailbox/mailbox.schemas.ts";
import type {
  RetryFailedPreview,
  RetryFailedResult,
  RetryFailedSendResult,
} from "#shared/sending/retry-failed.schemas.ts";
import { RETRY_DELAYS_MS } from "#shared/sending/retry-policy.ts";
import {
  createCampaign,
  drain,
  fakeClock,
  launch,
  people,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { campaignStats, contacts, emailSends, emailSequences, scheduledEmails } from "../../db/schema/index.ts";
import { addSuppression } from "../../domain/suppressions.ts";
import { createLogger } from "../../logger.ts";
import { createTransportFactory } from "../../sending/delivery/transports.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
const env = { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" };
const config = testConfig(env);

let ctx: TestContext;
let transports: TransportFactory;
/** Accepts any login; faults per recipient. */
let sink: SmtpSink;
/** Wants a password the sender does not have at first: 535 5.7.8. */
let locked: SmtpSink;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  [sink, locked] = await Promise.all([
    startSmtpSink(),
    startSmtpSink({ auth: { username: "mailer", password: "the-right-one" } }),
  ]);
  transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log: createLogger("silent"),
    smtp: { timeoutMs: 5_000, socketTimeoutMs: 5_000 },
  });
  ctx = await createTestContext(env, undefined, { transports, now: clock.now });
  alice = await ctx.signUpVerified("alice-retry@example.com");
  bob = await ctx.signUpVerified("bob-retry@example.com");
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await Promise.all([sink?.close(), locked?.close()]);
});

const db = () => ctx.database.db;
/** The engine's rounds after the launch's: the test's own worker on the same clock. */
const worker = () => testWorker({ db: db(), config, transports, clock });

async function savedSender(email: string, port: number, password: string) {
  const res = await ctx.request("/api/senders", {
    method: "POST",
    cookie: alice.cookie,
    json: {
      email,
      provider: "custom",
      dailyLimit: 50,
      smtp: { host: "127.0.0.1", port, security: "none", username: "mailer", password },
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function sendOf(campaignId: string, email: string) {
  const [contact] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
  const [send] = await db()
    .select()
    .from(emailSends)
    .where(and(eq(emailSends.contactId, contact!.id), eq(emailSends.campaignId, campaignId)))
    .orderBy(emailSends.createdAt);
  const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
  return { contact: contact!, send: send!, queue };
}

const preview = async (cookie: string, id: string) => ctx.request(`/api/campaigns/${id}/retry-failed`, { cookie });
const retryAll = async (cookie: string, id: string) =>
  ctx.request(`/api/campaigns/${id}/retry-failed`, { method: "POST", cookie });
const retryOne = async (cookie: string, sendId: string) =>
  ctx.request(`/api/failed-sends/${sendId}/retry`, { method: "POST", cookie });

/** Every attempt the engine makes on its own, until a temporary failure is a final one. */
async function outlastEngineRetries() {
  for (const delay of RETRY_DELAYS_MS) {
    clock.advance(delay + 1_000);
    await drain(worker());
  }
}

describe("Retry failed sends (through the engine)", () => {
  let campaignId: string;
  const to = (n: number) => `retry-${n}@prospects.test`;

  it("a temporary refusal that outlasts the engine's retries is retried and sent; a hard bounce and a suppressed address are not", async () => {
    const senderId = await savedSender("temp@acme.test", sink.port, "any");
    // 1 and 3 and 4: refused for a while (421 4.7.0, five times: every attempt the engine makes); 2: no such user.
    for (const n of [1, 3, 4]) sink.addFault(smtpFaults.tryAgainLater(to(n), { times: 5 }));
    sink.addFault(smtpFaults.rejectRecipient(to(2)));
    const campaign = await createCampaign(ctx, alice.cookie, {
      senderAccounts: [{ email: "temp@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: senderId }],
      contacts: people(4, "retry"),
      sequence: [step("Hi {{firstName}}", "Hello"), step("Follow-up", "Again", { amount: 1, unit: "days" })],
    });
    campaignId = campaign.campaign.id;
    const launched = await launch(ctx, alice.cookie, campaignId);
    expect(launched.body).toMatchObject({ emailsSent: 0, emailsFailed: 1, emailsRetrying: 3 });
    await outlastEngineRetries();

    const first = await sendOf(campaignId, to(1));
    expect(first.send).toMatchObject({ status: "failed", failureCategory: "rate_limited", bounceType: null });
    expect(first.queue.map((q) => q.status)).toEqual(["failed"]);
    const bounced = await sendOf(campaignId, to(2));
    expect(bounced.send).toMatchObject({ status: "failed", failureCategory: "invalid_address", bounceType: "hard" });
    // 4 is suppressed meanwhile (it unsubscribed through another campaign, say).
    await addSuppression(db(), alice.userId, to(4), "unsubscribed");

    // The Failed emails rows say which may be retried.
    const recent = (await (
      await ctx.request("/api/mailbox/recent-failures", { cookie: alice.cookie })
    ).json()) as DeliveryFailureList;
    const retryableOf = (email: string) => recent.failures.find((f) => f.contactEmail === email)?.retryable;
    expect([1, 2, 3, 4].map((n) => retryableOf(to(n)))).toEqual([true, false, true, false]);

    const before = (await (await preview(alice.cookie, campaignId)).json()) as RetryFailedPreview;
    expect(before).toEqual({
      retryable: 2,
      skipped: [
        { reason: "not_retryable", count: 1 },
        { reason: "suppressed", count: 1 },
      ],
    });

    // 3 alone first (its row's Retry), then the campaign's button takes the rest.
    const three = await sendOf(campaignId, to(3));
    const one = await retryOne(alice.cookie, three.send.id);
    expect(one.status).toBe(200);
    expect((await one.json()) as RetryFailedSendResult).toEqual({
      id: three.send.id,
      dueAt: clock.now().toISOString(),
    });
    // ... and 3 is suppressed before the worker gets to it: the claim checks again and sends nothing.
    await addSuppression(db(), alice.userId, to(3), "manual");

    const res = await retryAll(alice.cookie, campaignId);
    expect(res.status).toBe(200);
    expect((await res.json()) as RetryFailedResult).toEqual({
      queued: 1,
      skipped: [
        { reason: "not_retryable", count: 1 },
        { reason: "suppressed", count: 1 },
      ],
    });
    const requeued = await sendOf(campaignId, to(1));
    expect(requeued.send).toMatchObject({ status: "pending", failureCategory: "rate_limited" });
    expect(requeued.queue[0]).toMatchObject({ status: "scheduled", attempts: 0, messageId: first.queue[0]!.messageId });

    sink.reset();
    await drain(worker());
    // Sent, with the Message-ID its first attempt had; nothing to 2, 3 or 4.
    expect(sink.messages.map((m) => m.envelope.to)).toEqual([[to(1)]]);
    expect(sink.messages[0]!.header("message-id")).toBe(first.queue[0]!.messageId);
    const sent = await sendOf(campaignId, to(1));
    expect(sent.send).toMatchObject({ status: "sent", failureCategory: null });
    // The follow-up goes on as usual: step 2 queued a day after the send.
    const [step2] = await db()
      .select()
      .from(emailSequences)
      .where(and(eq(emailSequences.campaignId, campaignId), eq(emailSequences.stepNumber, 2)));
    const followUp = sent.queue.find((q) => q.sequenceId === step2!.id);
    expect(followUp).toMatchObject({ status: "scheduled" });
    const suppressedAtClaim = await sendOf(campaignId, to(3));
    expect(suppressedAtClaim.queue.map((q) => [q.status, q.cancelReason])).toEqual([["cancelled", "suppressed"]]);
    // Its record is failed again, not left pending.
    expect(suppressedAtClaim.send).toMatchObject({ status: "failed", failureCategory: "rate_limited" });

    // Nothing left to retry; the counters agree with the rows.
    expect(((await (await retryAll(alice.cookie, campaignId)).json()) as RetryFailedResult).queued).toBe(0);
    const [stats] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
    expect(stats).toMatchObject({ sent: 1, failed: 3, pending: 0, scheduled: 1 });
  });

  it("a failed sign-in is retried once the user fixed the sender's password", async () => {
    const senderId = await savedSender("locked@acme.test", locked.port, "not-the-right-one");
    const campaign = await createCampaign(ctx, alice.cookie, {
      senderAccounts: [{ email: "locked@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: senderId }],
      contacts: people(2, "auth"),
    });
    const id = campaign.campaign.id;
    const launched = await launch(ctx, alice.cookie, id);
    expect(launched.body).toMatchObject({ emailsSent: 0, emailsFailed: 2 });
    const failed = await sendOf(id, "auth-1@prospects.test");
    expect(failed.send).toMatchObject({ status: "failed", failureCategory: "authentication" });

    const fixed = await ctx.request(`/api/senders/${senderId}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: {
        email: "locked@acme.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "127.0.0.1", port: locked.port, security: "none", username: "mailer", password: "the-right-one" },
      },
    });
    expect(fixed.status).toBe(200);
    const res = await retryAll(alice.cookie, id);
    expect((await res.json()) as RetryFailedResult).toEqual({ queued: 2, skipped: [] });
    await drain(worker());
    expect(locked.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      "auth-1@prospects.test",
      "auth-2@prospects.test",
    ]);
    expect((await sendOf(id, "auth-2@prospects.test")).send.status).toBe("sent");
  });

  it("refuses a failure that is not retried with its reason, and changes nothing", async () => {
    const bounced = await sendOf(campaignId, to(2));
    const res = await retryOne(alice.cookie, bounced.send.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/hard bounce/);
    expect((await sendOf(campaignId, to(2))).send.status).toBe("failed");
  });

  it("keeps another user's campaigns and failures out of reach", async () => {
    const hardBounce = await sendOf(campaignId, to(2));
    const n4 = await sendOf(campaignId, to(4));
    expect((await preview(bob.cookie, campaignId)).status).toBe(404);
    expect((await retryAll(bob.cookie, campaignId)).status).toBe(404);
    expect((await retryOne(bob.cookie, n4.send.id)).status).toBe(404);
    expect((await retryOne(bob.cookie, hardBounce.send.id)).status).toBe(404);
    expect((await retryOne(bob.cookie, "not-a-uuid")).status).toBe(404);
    expect((await preview(bob.cookie, "not-a-uuid")).status).toBe(404);
    expect((await ctx.request(`/api/campaigns/${campaignId}/retry-failed`, { method: "POST" })).status).toBe(401);
    const bobs = (await (
      await ctx.request("/api/mailbox/recent-failures", { cookie: bob.cookie })
    ).json()) as DeliveryFailureList;
    expect(bobs.failures).toEqual([]);
    expect((await sendOf(campaignId, to(4))).send.status).toBe("failed");
  });
});
