// POST /api/campaigns/{id}/launch: who may launch what, the spec's messages,
// and the launch notification (queued by the launch, sent by the notification
// outbox's sweep: it never holds the launch up).
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createCampaign,
  fakeClock,
  launch,
  people,
  setSendingSettings,
  sinkTransports,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { campaigns, capturedEmails, contacts, senderAccounts } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { captureSmtpUrl, createSystemMailer } from "../../mail/system-mailer.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";
import { createNotificationOutbox } from "../notifications/notification-outbox.ts";
import { INCOMPLETE_CAMPAIGN, NO_CONTACTS } from "./launch.service.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z");
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = sinkTransports(testConfig(), sink.port);
  ctx = await createTestContext({}, undefined, { transports, now: clock.now });
  alice = await ctx.signUpVerified("alice-launch@example.com");
  bob = await ctx.signUpVerified("bob-launch@example.com");
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await sink?.close();
});
afterEach(() => sink.reset());

/** One run of the worker's notification outbox sweep, through the capture server. */
async function sweepNotifications() {
  const mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(ctx.capturePort), from: ctx.config.mailFrom });
  try {
    await createNotificationOutbox({ db: db(), config: ctx.config, log: createLogger("silent"), mailer }).sweep();
  } finally {
    await mailer.close();
  }
}

const db = () => ctx.database.db;

describe("POST /api/campaigns/{id}/launch", () => {
  it("launches the owner's draft: active, launched_at, the first batch sent by the worker", async () => {
    const campaign = await createCampaign(ctx, alice.cookie, { contacts: people(3, "owner") });
    const res = await launch(ctx, alice.cookie, campaign.campaign.id);
    expect(res).toEqual({
      status: 200,
      body: {
        emailsSent: 3,
        emailsFailed: 0,
        emailsRetrying: 0,
        emailsQueued: 0,
        scheduled: 3,
        suppressed: 0,
        blocked: 0,
      },
    });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.campaign.id));
    expect(row).toMatchObject({ status: "active", launchedAt: clock.now() });
  });

  it("is refused for another user's campaign, an unknown id, and without a session", async () => {
    const campaign = await createCampaign(ctx, alice.cookie, { contacts: people(1, "private") });
    expect((await launch(ctx, bob.cookie, campaign.campaign.id)).status).toBe(404);
    expect((await launch(ctx, bob.cookie, "not-a-uuid")).status).toBe(404);
    const anonymous = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(sink.messages).toHaveLength(0);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.campaign.id));
    expect(row?.status).toBe("draft");
  });

  it("launches once: a second launch is a conflict and sends nothing more", async () => {
    const campaign = await createCampaign(ctx, alice.cookie, { contacts: people(2, "twice") });
    const [first, second] = await Promise.all([
      launch(ctx, alice.cookie, campaign.campaign.id),
      launch(ctx, alice.cookie, campaign.campaign.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(sink.messages).toHaveLength(2);
    expect((await launch(ctx, alice.cookie, campaign.campaign.id)).body).toMatchObject({
      error: { message: "This campaign has already been launched" },
    });
  });

  it("answers with the spec's messages for a campaign without contacts or senders", async () => {
    const noContacts = await createCampaign(ctx, alice.cookie, { contacts: people(1, "gone") });
    await db().delete(contacts).where(eq(contacts.campaignId, noContacts.campaign.id));
    const a = await launch(ctx, alice.cookie, noContacts.campaign.id);
    expect(a.status).toBe(400);
    expect(a.body.error?.message).toBe(NO_CONTACTS);

    const noSenders = await createCampaign(ctx, alice.cookie, { contacts: people(1, "lonely") });
    await db().delete(senderAccounts).where(eq(senderAccounts.campaignId, noSenders.campaign.id));
    const b = await launch(ctx, alice.cookie, noSenders.campaign.id);
    expect(b.status).toBe(400);
    expect(b.body.error?.message).toBe(INCOMPLETE_CAMPAIGN);
  });

  it("emails the launch notification when enabled, to the notification address or the account", async () => {
    await setSendingSettings(db(), alice.userId, { campaignNotificationsEnabled: true, notificationEmail: "" });
    const first = await createCampaign(ctx, alice.cookie, { name: "Notify me", contacts: people(2, "notify") });
    expect((await launch(ctx, alice.cookie, first.campaign.id)).status).toBe(200);
    await sweepNotifications();
    await vi.waitFor(async () => {
      const mail = await db()
        .select()
        .from(capturedEmails)
        .where(eq(capturedEmails.subject, "Campaign launched: Notify me"));
      expect(mail.map((m) => m.toAddresses)).toEqual([["alice-launch@example.com"]]);
      expect(mail[0]?.textBody).toContain("with 2 emails scheduled");
    });

    await setSendingSettings(db(), alice.userId, { notificationEmail: "ops@example.com" });
    const second = await createCampaign(ctx, alice.cookie, { name: "Notify ops", contacts: people(1, "ops") });
    expect((await launch(ctx, alice.cookie, second.campaign.id)).status).toBe(200);
    await sweepNotifications();
    await vi.waitFor(async () => {
      const mail = await db()
        .select()
        .from(capturedEmails)
        .where(eq(capturedEmails.subject, "Campaign launched: Notify ops"));
      expect(mail.map((m) => m.toAddresses)).toEqual([["ops@example.com"]]);
    });
    await setSendingSettings(db(), alice.userId, { campaignNotificationsEnabled: false });
  });

  it("sends no notification when disabled (the default)", async () => {
    const campaign = await createCampaign(ctx, bob.cookie, { name: "Quiet launch", contacts: people(1, "quiet") });
    expect((await launch(ctx, bob.cookie, campaign.campaign.id)).status).toBe(200);
    await sweepNotifications();
    expect(
      await db().select().from(capturedEmails).where(eq(capturedEmails.subject, "Campaign launched: Quiet launch")),
    ).toEqual([]);
  });
});

describe("launch in live mode", () => {
  let live: TestContext;
  let mailbox: SmtpSink;
  beforeAll(async () => {
    // The sender's own SMTP server, which wants its login.
    mailbox = await startSmtpSink({ auth: { username: "mailer", password: "s3cret" } });
    // Default transports: each sender's stored SMTP connection.
    live = await createTestContext({ MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" }, ctx.database, {
      now: clock.now,
    });
  });
  afterAll(async () => {
    await live?.close();
    await mailbox?.close();
  });

  it("sends through the saved sender's own SMTP connection and stored password", async () => {
    const saved = await live.request("/api/senders", {
      method: "POST",
      cookie: alice.cookie,
      json: {
        email: "mailer@acme.test",
        provider: "custom",
        dailyLimit: 20,
        smtp: { host: "127.0.0.1", port: mailbox.port, security: "none", username: "mailer", password: "s3cret" },
      },
    });
    expect(saved.status).toBe(201);
    const { id: savedSenderId } = (await saved.json()) as { id: string };
    const campaign = await createCampaign(live, alice.cookie, {
      senderAccounts: [{ email: "mailer@acme.test", provider: "custom", dailyLimit: 20, savedSenderId }],
      contacts: people(2, "live-smtp"),
    });
    const res = await launch(live, alice.cookie, campaign.campaign.id);
    expect(res.body).toMatchObject({ emailsSent: 2, emailsFailed: 0 });
    expect(mailbox.messages.map((m) => [m.user, m.envelope.from])).toEqual([
      ["mailer", "mailer@acme.test"],
      ["mailer", "mailer@acme.test"],
    ]);
    expect(sink.messages).toHaveLength(0);
  });

  it("refuses a campaign whose sender has no SMTP connection, naming it", async () => {
    const campaign = await createCampaign(live, alice.cookie, {
      senderAccounts: [{ email: "nowhere@acme.test", provider: "custom", dailyLimit: 10 }],
      contacts: people(1, "live"),
    });
    const res = await launch(live, alice.cookie, campaign.campaign.id);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain("nowhere@acme.test");
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.campaign.id));
    expect(row?.status).toBe("draft");
  });
});
