// Bounce protection's check on seeded send records (the failure reasons set
// by hand, as the classifier will set them): what counts toward a mailbox's
// and a campaign's figures, the window and Resume, the user's and the
// mailbox's thresholds, what a pause holds and the email it owes.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAnyTime } from "../../../tests/support/mailbox-fixtures.ts";
import { hardBounces, type SeededSends, seedSends } from "../../../tests/support/protection-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { campaigns, notifications, scheduledEmails, senderProtection, userSettings } from "../db/schema/index.ts";
import { checkProtection } from "./protection-check.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { sendWorker: false });
});
afterAll(() => ctx?.close());
const db = () => ctx.database.db;

/** `n` send records of a campaign from `from`, as the engine leaves them, with the given outcome. */
const sends = (userId: string, campaignId: string | null, from: string, seed: SeededSends) =>
  seedSends(db(), { userId, campaignId, from }, seed);
const hard = hardBounces;

async function owner(name: string) {
  const user = await ctx.signUpVerified(`${name}@example.com`);
  await sendAnyTime(db(), user.userId);
  return user;
}

/** A launched campaign (its step 1 queued for `contacts`, nothing sent: no worker runs) from `senders`. */
async function launched(user: { cookie: string }, senders: string[], contacts = 3) {
  const created = await createCampaign(ctx, user.cookie, {
    senderAccounts: senders.map((email) => ({ email, provider: "custom" as const, dailyLimit: 50 })),
    contacts: people(contacts, `c${Math.random().toString(36).slice(2, 8)}`),
    sequence: [step("Hi {{firstName}}", "Hello")],
  });
  await launch(ctx, user.cookie, created.campaign.id);
  return created.campaign.id;
}

async function pauseOf(userId: string, email: string) {
  const [row] = await db()
    .select()
    .from(senderProtection)
    .where(and(eq(senderProtection.userId, userId), eq(senderProtection.email, email)));
  return row;
}

async function campaignOf(id: string) {
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

describe("checkProtection", () => {
  it("pauses a mailbox over all its campaigns' sends, not the campaigns of 25 sends each", async () => {
    const u = await owner("box-rate");
    const a = await launched(u, ["box@rate.test"]);
    const b = await launched(u, ["box@rate.test"]);
    await sends(u.userId, a, "box@rate.test", { n: 24 });
    await sends(u.userId, b, "box@rate.test", { n: 24 });
    const bounced = [
      ...(await sends(u.userId, a, "box@rate.test", hard(1))),
      ...(await sends(u.userId, b, "Box@Rate.test", hard(1, "domain_not_found"))),
    ];
    expect(await checkProtection(db(), bounced)).toBe(1);
    expect(await pauseOf(u.userId, "box@rate.test")).toMatchObject({
      pauseReason: "bounce_rate",
      pauseDetail: "2 hard bounces in 50 sends (4.0%) in the last 7 days",
    });
    expect((await pauseOf(u.userId, "box@rate.test"))?.pausedAt).toBeInstanceOf(Date);
    // Each campaign: 1 in 25, under the minimum of 50 sends.
    expect((await campaignOf(a)).status).toBe("active");
    expect((await campaignOf(b)).status).toBe("active");
    // Nothing was written off: the queued rows are as they were.
    const queued = await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, a));
    expect(queued.map((q) => q.status)).toEqual(["scheduled", "scheduled", "scheduled"]);
    // Checked again: already paused, nothing more.
    expect(await checkProtection(db(), bounced)).toBe(0);
  });

  it("pauses a campaign over its own sends from several mailboxes, holding its queue as Pause does", async () => {
    const u = await owner("campaign-rate");
    const id = await launched(u, ["one@camp.test", "two@camp.test"]);
    await sends(u.userId, id, "one@camp.test", { n: 24 });
    await sends(u.userId, id, "two@camp.test", { n: 23 });
    const bounced = [
      ...(await sends(u.userId, id, "one@camp.test", hard(1))),
      ...(await sends(u.userId, id, "two@camp.test", hard(2))),
    ];
    expect(await checkProtection(db(), bounced)).toBe(1);
    expect(await campaignOf(id)).toMatchObject({
      status: "paused",
      autoPauseReason: "bounce_rate",
      autoPauseDetail: "3 hard bounces in 50 sends (6.0%) in the last 7 days",
    });
    const queued = await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, id));
    expect(queued.map((q) => q.status)).toEqual(["paused", "paused", "paused"]);
    expect(await pauseOf(u.userId, "one@camp.test")).toBeUndefined();
  });

  it("counts only hard bounces saying the address or domain does not exist, in the window, since Resume", async () => {
    const u = await owner("what-counts");
    const id = await launched(u, ["what@counts.test"]);
    await sends(u.userId, id, "what@counts.test", { n: 40 });
    const ignored = [
      ...(await sends(u.userId, id, "what@counts.test", hard(3, "policy"))),
      ...(await sends(u.userId, id, "what@counts.test", { n: 3, bounce: "hard", reason: null })),
      ...(await sends(u.userId, id, "what@counts.test", { n: 3, bounce: "soft", reason: "mailbox_full" })),
      // Eight days ago: out of the 7-day window.
      ...(await sends(u.userId, id, "what@counts.test", { ...hard(5), ageDays: 8 })),
    ];
    // Never reached a server: not a send.
    await sends(u.userId, id, "what@counts.test", { n: 20, status: "failed", category: "network" });
    expect(await checkProtection(db(), ignored)).toBe(0);
    // 49 sends in the window (40 + 9 bounced), none of them counted. One bounce in 50 (2%): not yet;
    // a second, 2 in 51 (3.9%): the mailbox and the campaign (all its sends are the mailbox's).
    const one = await sends(u.userId, id, "what@counts.test", hard(1));
    expect(await checkProtection(db(), one)).toBe(0);
    const two = await sends(u.userId, id, "what@counts.test", hard(1));
    expect(await checkProtection(db(), two)).toBe(2);

    // Resumed: the same figures do not pause it again; it counts from the resume.
    await db().execute(sql`update sender_protection set paused_at = null, pause_reason = null, pause_detail = null,
                             counts_from = now() where user_id = ${u.userId}`);
    await db().execute(sql`update campaigns set status = 'active', auto_paused_at = null, protection_counts_from = now()
                             where id = ${id}::uuid`);
    expect(await checkProtection(db(), two)).toBe(0);
    expect((await pauseOf(u.userId, "what@counts.test"))?.pausedAt).toBeNull();
  });

  it("pauses for spam marks (complaints and refusals as spam) and for unsubscribes", async () => {
    const u = await owner("spam-unsub");
    const spam = await launched(u, ["spam@marks.test"]);
    await sends(u.userId, spam, "spam@marks.test", { n: 7 });
    const marked = [
      ...(await sends(u.userId, spam, "spam@marks.test", { n: 2, complained: true })),
      ...(await sends(u.userId, spam, "spam@marks.test", { n: 1, status: "failed", category: "spam" })),
    ];
    expect(await checkProtection(db(), marked)).toBe(2);
    expect((await pauseOf(u.userId, "spam@marks.test"))?.pauseDetail).toBe(
      "3 emails marked as spam in 10 sends (30.0%) in the last 7 days",
    );
    expect((await campaignOf(spam)).autoPauseReason).toBe("spam_complaints");

    const unsub = await launched(u, ["unsub@marks.test"]);
    await sends(u.userId, unsub, "unsub@marks.test", { n: 57 });
    const left = await sends(u.userId, unsub, "unsub@marks.test", { n: 3, unsubscribed: true });
    expect(await checkProtection(db(), left)).toBe(2);
    expect((await pauseOf(u.userId, "unsub@marks.test"))?.pauseDetail).toBe(
      "3 unsubscribes in 60 sends (5.0%) in the last 7 days",
    );
  });

  it("follows the user's settings and the mailbox's own thresholds, and does nothing when it is off", async () => {
    const u = await owner("thresholds");
    const id = await launched(u, ["own@limits.test", "user@limits.test"]);
    await db().update(userSettings).set({ protectionMinSends: 20 }).where(eq(userSettings.userId, u.userId));
    await db()
      .insert(senderProtection)
      .values({ userId: u.userId, email: "own@limits.test", bounceRatePercent: 10, minSends: 10 });
    await sends(u.userId, id, "own@limits.test", { n: 9 });
    await sends(u.userId, id, "user@limits.test", { n: 18 });
    const own = await sends(u.userId, id, "own@limits.test", hard(1));
    const user = await sends(u.userId, id, "user@limits.test", hard(1));
    // own: 1 in 10 (10%, its own minimum 10) pauses; user: 1 in 19, under the user's 20; the
    // campaign, on the user's thresholds: 2 in 29.
    expect(await checkProtection(db(), [...own, ...user])).toBe(2);
    expect((await campaignOf(id)).autoPauseDetail).toBe("2 hard bounces in 29 sends (6.9%) in the last 7 days");
    expect((await pauseOf(u.userId, "own@limits.test"))?.pauseDetail).toBe(
      "1 hard bounce in 10 sends (10.0%) in the last 7 days",
    );
    expect(await pauseOf(u.userId, "user@limits.test")).toBeUndefined();

    await db().update(userSettings).set({ protectionEnabled: false }).where(eq(userSettings.userId, u.userId));
    const more = await sends(u.userId, id, "user@limits.test", hard(5));
    expect(await checkProtection(db(), more)).toBe(0);
  });

  it("owes one email per pause when Campaign notifications are on, none when off", async () => {
    const quiet = await owner("notice-off");
    const quietId = await launched(quiet, ["quiet@notice.test"]);
    await sends(quiet.userId, quietId, "quiet@notice.test", { n: 48 });
    await checkProtection(db(), await sends(quiet.userId, quietId, "quiet@notice.test", hard(2)));
    expect(await db().select().from(notifications).where(eq(notifications.userId, quiet.userId))).toEqual([]);

    const loud = await owner("notice-on");
    await db()
      .update(userSettings)
      .set({ campaignNotificationsEnabled: true })
      .where(eq(userSettings.userId, loud.userId));
    const loudId = await launched(loud, ["loud@notice.test"]);
    await sends(loud.userId, loudId, "loud@notice.test", { n: 48 });
    const bounced = await sends(loud.userId, loudId, "loud@notice.test", hard(2));
    expect(await checkProtection(db(), bounced)).toBe(2);
    expect(await checkProtection(db(), bounced)).toBe(0);
    // The launch queued its own notification too (Campaign notifications are on).
    const notices = (await db().select().from(notifications).where(eq(notifications.userId, loud.userId))).filter(
      (n) => n.kind === "protection_pause",
    );
    expect(notices.every((n) => n.status === "pending")).toBe(true);
    expect(notices.map((n) => [n.payload.senderEmail, n.campaignId, n.payload.detail]).sort()).toEqual(
      [
        ["loud@notice.test", null, "2 hard bounces in 50 sends (4.0%) in the last 7 days"],
        [null, loudId, "2 hard bounces in 50 sends (4.0%) in the last 7 days"],
      ].sort(),
    );
  });

  it("never counts another user's sends from the same address", async () => {
    const alice = await owner("alice-shared");
    const bob = await owner("bob-shared");
    const aliceId = await launched(alice, ["shared@tenant.test"]);
    const bobId = await launched(bob, ["shared@tenant.test"]);
    await sends(bob.userId, bobId, "shared@tenant.test", { n: 100 });
    await sends(alice.userId, aliceId, "shared@tenant.test", { n: 9 });
    await db().update(userSettings).set({ protectionMinSends: 10 }).where(eq(userSettings.userId, alice.userId));
    // Alice: 1 in 10. Counted with Bob's 100 it would be 1 in 110, under 3%.
    expect(await checkProtection(db(), await sends(alice.userId, aliceId, "shared@tenant.test", hard(1)))).toBe(2);
    expect(await pauseOf(bob.userId, "shared@tenant.test")).toBeUndefined();
    expect((await campaignOf(bobId)).status).toBe("active");
  });
});
