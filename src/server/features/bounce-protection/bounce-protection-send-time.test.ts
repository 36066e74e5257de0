// Bounce protection checked where a send's failure is recorded (the outcome
// writer): a refusal at send time, over real SMTP from the sink, pauses the
// mailbox whose figures it tips over. The failure reasons of the records
// before it are seeded (send-time failures get theirs from the classifier).
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { hardBounces, seedSends } from "../../../../tests/support/protection-fixtures.ts";
import {
  createCampaign,
  fakeClock,
  launch,
  registerSendingHarness,
  step,
} from "../../../../tests/support/sending-fixtures.ts";
import { smtpFaults } from "../../../../tests/support/smtp-sink.ts";
import { emailSends, senderProtection } from "../../db/schema/index.ts";

const START = "2026-12-07T10:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const db = () => h.ctx.database.db;

async function pauseOf(userId: string, email: string) {
  const [row] = await db()
    .select()
    .from(senderProtection)
    .where(and(eq(senderProtection.userId, userId), eq(senderProtection.email, email)));
  return row;
}

/** A campaign of one contact at `to` from `from`, launched: the app's worker sends it at once. */
async function sendOne(cookie: string, from: string, to: string) {
  const created = await createCampaign(h.ctx, cookie, {
    senderAccounts: [{ email: from, provider: "custom", dailyLimit: 50 }],
    contacts: [{ email: to, firstName: "Pat", lastName: null, company: null, customFields: {} }],
    sequence: [step("Hi {{firstName}}", "Hello")],
  });
  expect((await launch(h.ctx, cookie, created.campaign.id)).status).toBe(200);
  return created.campaign.id;
}

it("a hard bounce refused at send time tips the mailbox over its rate and pauses it", async () => {
  const owner = await h.ctx.signUpVerified("send-time-bounce@example.com");
  const from = "refused@send-time.test";
  // 49 sends with 2 hard bounces: under the minimum of 50 sends.
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, { n: 47 });
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, hardBounces(2));
  h.sink.addFault(smtpFaults.rejectRecipient("nobody@prospects.test"));
  const campaignId = await sendOne(owner.cookie, from, "nobody@prospects.test");
  const [refused] = await db().select().from(emailSends).where(eq(emailSends.campaignId, campaignId));
  expect(refused).toMatchObject({ status: "failed", bounceType: "hard" });
  // The 50th send, itself a hard bounce (the classifier's user_unknown): 3 in 50 (6%).
  expect(refused?.failureReason).toBe("user_unknown");
  expect(await pauseOf(owner.userId, from)).toMatchObject({
    pauseReason: "bounce_rate",
    pauseDetail: "3 hard bounces in 50 sends (6.0%) in the last 7 days",
  });
});

it("a message refused as spam at send time counts as marked as spam", async () => {
  const owner = await h.ctx.signUpVerified("send-time-spam@example.com");
  const from = "spammy@send-time.test";
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, { n: 7 });
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, { n: 2, complained: true });
  h.sink.addFault(smtpFaults.rejectMessage("554 5.7.1 Message rejected as spam"));
  await sendOne(owner.cookie, from, "filtered@prospects.test");
  expect(await pauseOf(owner.userId, from)).toMatchObject({
    pauseReason: "spam_complaints",
    pauseDetail: "3 emails marked as spam in 10 sends (30.0%) in the last 7 days",
  });
});

it("a send that went is not a verdict: the check waits for the next bounce (no read per delivered message)", async () => {
  const owner = await h.ctx.signUpVerified("send-time-fine@example.com");
  const from = "fine@send-time.test";
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, { n: 47 });
  await seedSends(db(), { userId: owner.userId, campaignId: null, from }, hardBounces(2));
  // With this one, 2 hard bounces in 50 sends: the next bounce, complaint or unsubscribe pauses it.
  await sendOne(owner.cookie, from, "accepted@prospects.test");
  expect(h.sink.messagesTo("accepted@prospects.test")).toHaveLength(1);
  expect(await pauseOf(owner.userId, from)).toBeUndefined();
});
