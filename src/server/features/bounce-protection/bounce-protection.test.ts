// Bounce protection through the app: the Settings thresholds, a mailbox's own
// thresholds, the pauses with their figures, Resume of a mailbox and of a
// campaign (and what another user can do with them: nothing), an unsubscribe
// spike through the one-click link, and the email a pause owes.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSettings } from "#shared/settings/settings.constants.ts";
import { sendAnyTime } from "../../../../tests/support/mailbox-fixtures.ts";
import { hardBounces, pauseMailbox, seedSends } from "../../../../tests/support/protection-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import {
  campaigns,
  capturedEmails,
  notifications,
  scheduledEmails,
  senderProtection,
  userSettings,
} from "../../db/schema/index.ts";
import { checkProtection } from "../../domain/protection-check.ts";
import { createLogger } from "../../logger.ts";
import { captureSmtpUrl, createSystemMailer } from "../../mail/system-mailer.ts";
import { signToken } from "../../mail/tokens.ts";
import { createNotificationOutbox } from "../notifications/notification-outbox.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string; email: string };
let bob: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { sendWorker: false });
  alice = await ctx.signUpVerified("alice-protection@example.com");
  bob = await ctx.signUpVerified("bob-protection@example.com");
  await sendAnyTime(ctx.database.db, alice.userId);
  await sendAnyTime(ctx.database.db, bob.userId);
});
afterAll(() => ctx?.close());
const db = () => ctx.database.db;

async function call(cookie: string, method: string, path: string, json?: unknown) {
  const res = await ctx.request(path, { method, cookie, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: unknown } };
}

async function launched(cookie: string, sender: string, contacts = 2) {
  const created = await createCampaign(ctx, cookie, {
    name: `Protected ${sender}`,
    senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
    contacts: people(contacts, sender.split("@")[0]),
    sequence: [step("Hi {{firstName}}", "Hello")],
  });
  await launch(ctx, cookie, created.campaign.id);
  return created.campaign.id;
}

/** A campaign paused by the check: 48 sends and 2 hard bounces from its one mailbox (which pauses too). */
async function autoPaused(user: { userId: string; cookie: string }, sender: string) {
  const campaignId = await launched(user.cookie, sender);
  await seedSends(db(), { userId: user.userId, campaignId, from: sender }, { n: 48 });
  const bounced = await seedSends(db(), { userId: user.userId, campaignId, from: sender }, hardBounces(2));
  expect(await checkProtection(db(), bounced)).toBe(2);
  return campaignId;
}

describe("Settings › Bounce protection", () => {
  it("is on with the defaults, stores changed thresholds, and refuses bad ones with the field named", async () => {
    const initial = await call(alice.cookie, "GET", "/api/settings");
    expect(initial.body).toMatchObject({
      bounceProtectionEnabled: true,
      bounceRatePercent: 3,
      bounceMinSends: 50,
      bounceWindowDays: 7,
      spamComplaintsMin: 3,
      spamRatePercent: 0.3,
      unsubscribeRatePercent: 5,
    });
    const changed = {
      ...initial.body,
      bounceRatePercent: 2.5,
      bounceMinSends: 20,
      bounceWindowDays: 14,
      spamComplaintsMin: 2,
      spamRatePercent: 0.15,
      unsubscribeRatePercent: 4,
    };
    const saved = await call(alice.cookie, "PUT", "/api/settings", changed);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(changed);
    expect((await call(alice.cookie, "GET", "/api/settings")).body).toEqual(changed);

    const bad = await call(alice.cookie, "PUT", "/api/settings", {
      ...changed,
      bounceRatePercent: 0,
      bounceWindowDays: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "validation_error",
      details: {
        fields: {
          bounceRatePercent: "Hard-bounce rate must be at least 0.01%",
          bounceWindowDays: "Window must be between 1 and 90 days",
        },
      },
    });
    expect((await call(alice.cookie, "GET", "/api/settings")).body).toEqual(changed);
    // Back to the defaults for the tests below.
    await call(alice.cookie, "PUT", "/api/settings", { ...initial.body, ...defaultSettings, timezone: "UTC" });
  });
});

describe("a mailbox's own thresholds", () => {
  it("are stored per user and address, cleared with nulls, and refused out of range", async () => {
    const put = await call(alice.cookie, "PUT", "/api/bounce-protection/senders", {
      email: "Own@Thresholds.test",
      bounceRatePercent: 2,
      minSends: 20,
    });
    expect(put).toEqual({
      status: 200,
      body: { email: "own@thresholds.test", bounceRatePercent: 2, minSends: 20, pause: null },
    });
    // Bob naming the same address writes his own row; Alice's is untouched.
    await call(bob.cookie, "PUT", "/api/bounce-protection/senders", {
      email: "own@thresholds.test",
      bounceRatePercent: 9,
      minSends: 99,
    });
    const state = await call(alice.cookie, "GET", "/api/bounce-protection");
    expect(state.body.senders).toEqual([
      { email: "own@thresholds.test", bounceRatePercent: 2, minSends: 20, pause: null },
    ]);
    const bad = await call(alice.cookie, "PUT", "/api/bounce-protection/senders", {
      email: "own@thresholds.test",
      bounceRatePercent: 150,
      minSends: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      details: {
        fields: {
          bounceRatePercent: "Hard-bounce rate must be at most 100%",
          minSends: "Minimum sends must be between 1 and 100,000",
        },
      },
    });
    const cleared = await call(alice.cookie, "PUT", "/api/bounce-protection/senders", {
      email: "own@thresholds.test",
      bounceRatePercent: null,
      minSends: null,
    });
    expect(cleared.body).toMatchObject({ bounceRatePercent: null, minSends: null });
  });
});

describe("pauses and Resume", () => {
  it("lists a paused mailbox with its figure to its owner only, and resumes it for its owner only", async () => {
    await pauseMailbox(db(), alice.userId, "Paused@Box.test");
    const state = await call(alice.cookie, "GET", "/api/bounce-protection");
    // With the user's thresholds, as the sender cards state them.
    expect(state.body.settings).toEqual({ enabled: true, bounceRatePercent: 3, minSends: 50, windowDays: 7 });
    expect(state.body.senders).toContainEqual({
      email: "paused@box.test",
      bounceRatePercent: null,
      minSends: null,
      pause: {
        reason: "bounce_rate",
        detail: "3 hard bounces in 52 sends (5.8%) in the last 7 days",
        pausedAt: expect.any(String),
      },
    });
    const ofBob = await call(bob.cookie, "GET", "/api/bounce-protection");
    expect(JSON.stringify(ofBob.body)).not.toContain("paused@box.test");

    const byBob = await call(bob.cookie, "POST", "/api/bounce-protection/senders/resume", { email: "paused@box.test" });
    expect(byBob.status).toBe(404);
    expect(byBob.body.error).toMatchObject({ code: "not_found", message: "This sender is not paused" });
    const [still] = await db()
      .select()
      .from(senderProtection)
      .where(and(eq(senderProtection.userId, alice.userId), eq(senderProtection.email, "paused@box.test")));
    expect(still?.pausedAt).not.toBeNull();

    const resumed = await call(alice.cookie, "POST", "/api/bounce-protection/senders/resume", {
      email: "PAUSED@box.test",
    });
    expect(resumed.status).toBe(200);
    const [row] = await db()
      .select()
      .from(senderProtection)
      .where(and(eq(senderProtection.userId, alice.userId), eq(senderProtection.email, "paused@box.test")));
    expect(row).toMatchObject({ pausedAt: null, pauseReason: null, pauseDetail: null });
    expect(row?.countsFrom?.toISOString()).toBe(resumed.body.countsFrom);
    expect(
      (await call(alice.cookie, "POST", "/api/bounce-protection/senders/resume", { email: "paused@box.test" })).status,
    ).toBe(404);
    const junk = await call(alice.cookie, "POST", "/api/bounce-protection/senders/resume", { email: "not an address" });
    expect(junk.status).toBe(400);
  });

  it("resumes a campaign bounce protection paused, as Activate does, for its owner only", async () => {
    const id = await autoPaused(alice, "campaign-box@pause.test");
    const state = await call(alice.cookie, "GET", "/api/bounce-protection");
    expect(state.body.campaigns).toContainEqual({
      campaignId: id,
      campaignName: "Protected campaign-box@pause.test",
      pause: {
        reason: "bounce_rate",
        detail: "2 hard bounces in 50 sends (4.0%) in the last 7 days",
        pausedAt: expect.any(String),
      },
    });
    expect(JSON.stringify((await call(bob.cookie, "GET", "/api/bounce-protection")).body)).not.toContain(id);

    expect((await call(bob.cookie, "POST", `/api/bounce-protection/campaigns/${id}/resume`)).status).toBe(404);
    expect((await call(alice.cookie, "POST", "/api/bounce-protection/campaigns/not-a-uuid/resume")).status).toBe(404);
    const [held] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(held).toMatchObject({ status: "paused", autoPauseReason: "bounce_rate" });

    const resumed = await call(alice.cookie, "POST", `/api/bounce-protection/campaigns/${id}/resume`);
    expect(resumed.status).toBe(200);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ status: "active", autoPausedAt: null, autoPauseReason: null, autoPauseDetail: null });
    expect(row?.protectionCountsFrom?.toISOString()).toBe(resumed.body.countsFrom);
    const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, id));
    expect(queue.map((q) => q.status)).toEqual(["scheduled", "scheduled"]);
    // Resumed: the bounces that paused it do not pause it again.
    const [one] = await seedSends(db(), { userId: alice.userId, campaignId: id, from: "x@other.test" }, hardBounces(1));
    await checkProtection(db(), [one!]);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]?.status).toBe("active");

    // Not paused by bounce protection (a campaign the user paused, or an active one): 409.
    const conflict = await call(alice.cookie, "POST", `/api/bounce-protection/campaigns/${id}/resume`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ message: "This campaign was not paused by bounce protection" });
  });

  it("Activate on an auto-paused campaign resumes it too (its figures count from then)", async () => {
    const id = await autoPaused(alice, "activate-box@pause.test");
    const activated = await call(alice.cookie, "PATCH", `/api/campaigns/${id}/status`, { status: "active" });
    expect(activated.status).toBe(200);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ status: "active", autoPausedAt: null, autoPauseReason: null });
    expect(row?.protectionCountsFrom).toBeInstanceOf(Date);
  });
});

describe("an unsubscribe spike through the one-click link", () => {
  it("marks the send and pauses its mailbox and campaign at 5% of 50 sends", async () => {
    const sender = "unsubscribed-from@spike.test";
    const campaignId = await launched(alice.cookie, sender);
    await seedSends(db(), { userId: alice.userId, campaignId, from: sender }, { n: 57 });
    await seedSends(db(), { userId: alice.userId, campaignId, from: sender }, { n: 2, unsubscribed: true });
    const [last] = await seedSends(db(), { userId: alice.userId, campaignId, from: sender }, { n: 1 });
    const res = await ctx.request(`/u/${signToken(ctx.config.appSecret, "unsubscribe", last!)}`, { method: "POST" });
    expect(res.status).toBe(200);
    const state = await call(alice.cookie, "GET", "/api/bounce-protection");
    expect(state.body.senders).toContainEqual(
      expect.objectContaining({
        email: sender,
        pause: expect.objectContaining({
          reason: "unsubscribes",
          detail: "3 unsubscribes in 60 sends (5.0%) in the last 7 days",
        }),
      }),
    );
    expect(state.body.campaigns).toContainEqual(expect.objectContaining({ campaignId }));
  });
});

describe("the email a pause owes", () => {
  it("goes once per pause to the notification address, off the request path, by the worker's sweep", async () => {
    const carol = await ctx.signUpVerified("carol-protection@example.com");
    await sendAnyTime(db(), carol.userId);
    await db()
      .update(userSettings)
      .set({ campaignNotificationsEnabled: true, notificationEmail: "alerts@carol.test" })
      .where(eq(userSettings.userId, carol.userId));
    const id = await autoPaused(carol, "notified@pause.test");
    const mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(ctx.capturePort), from: ctx.config.mailFrom });
    try {
      const notices = createNotificationOutbox({ db: db(), config: ctx.config, log: createLogger("silent"), mailer });
      // The two pauses', and the launch's own notification (Campaign notifications are on).
      expect(await notices.sweep()).toBe(3);
      expect(await notices.sweep()).toBe(0);
      const mails = await db()
        .select()
        .from(capturedEmails)
        .where(
          sql`${capturedEmails.toAddresses}::text like '%alerts@carol.test%' and ${capturedEmails.subject} like '%paused%'`,
        );
      expect(mails.map((m) => m.subject).sort()).toEqual([
        "Campaign paused: Protected notified@pause.test",
        "Sending paused: notified@pause.test",
      ]);
      const sender = mails.find((m) => m.subject.startsWith("Sending"))!;
      expect(sender.textBody).toContain(
        "Bounce protection paused notified@pause.test: 2 hard bounces in 50 sends (4.0%) in the last 7 days.",
      );
      expect(sender.textBody).toContain(`${ctx.config.publicUrl}/senders`);
      const campaign = mails.find((m) => m.subject.startsWith("Campaign"))!;
      expect(campaign.textBody).toContain(`${ctx.config.publicUrl}/campaigns/edit/${id}`);
      const rows = await db().select().from(notifications).where(eq(notifications.userId, carol.userId));
      expect(rows.map((r) => [r.kind, r.status, r.attempts]).sort()).toEqual([
        ["campaign_launched", "sent", 1],
        ["protection_pause", "sent", 1],
        ["protection_pause", "sent", 1],
      ]);
    } finally {
      await mailer.close();
    }
  });
});
