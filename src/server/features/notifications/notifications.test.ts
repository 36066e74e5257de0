// The notification outbox through its real paths (decision 037): a launch,
// opens through the tracking pixel and replies through the mailbox sync queue
// notifications in their own transactions; the sweep sends them over real SMTP
// to the app's capture server, once, with a lease that outlives a crashed
// sweep, retries after a refusal, and checks the switch again. Settings' new
// switch is validated like the others; each user is told only about their own.
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAnyTime, syncMailboxesNow } from "../../../../tests/support/mailbox-fixtures.ts";
import {
  createCampaign,
  launch,
  people,
  setSendingSettings,
  step,
} from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import { capturedEmails, emailSends, notificationOpens, notifications, replies } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { captureSmtpUrl, createSystemMailer, type SystemMailer } from "../../mail/system-mailer.ts";
import { signToken } from "../../mail/tokens.ts";
import { createNotificationOutbox, NOTIFICATION_LEASE_SECONDS } from "./notification-outbox.ts";

let ctx: TestContext;
let mailer: SystemMailer;
beforeAll(async () => {
  ctx = await createTestContext();
  mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(ctx.capturePort), from: ctx.config.mailFrom });
});
afterAll(async () => {
  await mailer?.close();
  await ctx?.close();
});

const db = () => ctx.database.db;
const log = createLogger("silent");
const MINUTE = 60_000;

/** An outbox on the app's database whose clock is `now` (default: the real one). */
function outbox(o: { now?: () => Date; mailer?: SystemMailer } = {}) {
  return createNotificationOutbox({ db: db(), config: ctx.config, log, mailer: o.mailer ?? mailer, now: o.now });
}
const later = (ms: number) => () => new Date(Date.now() + ms);

async function mailTo(address: string) {
  return db()
    .select()
    .from(capturedEmails)
    .where(sql`${address} = any(${capturedEmails.toAddresses})`)
    .orderBy(capturedEmails.receivedAt);
}

async function notificationsOf(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
}

let n = 0;
/** A signed-up user with its notification address and a launched one-step campaign to `count` prospects. */
async function userWithCampaign(o: { count?: number; settings?: Parameters<typeof setSendingSettings>[2] } = {}) {
  n += 1;
  const owner = await ctx.signUpVerified(`notify-${n}@example.com`);
  const notify = `alerts-${n}@owner.test`;
  await sendAnyTime(db(), owner.userId);
  await setSendingSettings(db(), owner.userId, { notificationEmail: notify, ...o.settings });
  const sender = `sender-notify-${n}@acme.test`;
  const created = await createCampaign(ctx, owner.cookie, {
    name: `Campaign N${n}`,
    senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
    contacts: people(o.count ?? 2, `n${n}`),
    sequence: [step("Quick question {{firstName}}", "Hello")],
  });
  const launched = await launch(ctx, owner.cookie, created.campaign.id);
  expect(launched.status).toBe(200);
  const sends = await db()
    .select()
    .from(emailSends)
    .where(eq(emailSends.campaignId, created.campaign.id))
    .orderBy(emailSends.toEmail);
  return { owner, notify, sender, campaign: created.campaign, sends };
}

describe("campaign notification", () => {
  it("a launch queues it in its transaction and the sweep sends it once, to its owner only", async () => {
    const a = await userWithCampaign({ settings: { campaignNotificationsEnabled: true } });
    const quiet = await userWithCampaign();
    // Queued by the launch; nothing sent until the sweep.
    const [queued] = await notificationsOf(a.owner.userId);
    expect(queued).toMatchObject({ kind: "campaign_launched", campaignId: a.campaign.id, status: "pending" });
    expect(queued!.payload).toMatchObject({ campaignName: a.campaign.name, emailCount: 2 });
    expect(await notificationsOf(quiet.owner.userId)).toEqual([]);
    expect(await mailTo(a.notify)).toEqual([]);

    await outbox().sweep();
    const mail = await mailTo(a.notify);
    expect(mail.map((m) => m.subject)).toEqual([`Campaign launched: ${a.campaign.name}`]);
    expect(mail[0]!.textBody).toContain("with 2 emails scheduled");
    expect(mail[0]!.textBody).toContain(`${TEST_ORIGIN}/campaigns/edit/${a.campaign.id}`);
    expect((await notificationsOf(a.owner.userId))[0]).toMatchObject({ status: "sent", attempts: 1 });
    // Nothing for the user with the switch off; nothing twice.
    await outbox().sweep();
    expect(await mailTo(a.notify)).toHaveLength(1);
    expect(await mailTo(quiet.notify)).toEqual([]);
  });

  it("goes once when the sweep that claimed it died: the next sweep after the lease sends it", async () => {
    const a = await userWithCampaign({ settings: { campaignNotificationsEnabled: true } });
    // A sweep that claims and never finishes (its process died mid-send).
    let sendStarted = false;
    const hung: SystemMailer = {
      send: () => {
        sendStarted = true;
        return new Promise<void>(() => {});
      },
      close: async () => {},
    };
    void outbox({ mailer: hung }).sweep();
    await expect.poll(() => sendStarted).toBe(true);
    expect((await notificationsOf(a.owner.userId))[0]!.claimedAt).not.toBeNull();

    // Within the lease another sweep leaves it alone.
    await outbox({ now: later(NOTIFICATION_LEASE_SECONDS * 1000 - 5_000) }).sweep();
    expect(await mailTo(a.notify)).toEqual([]);
    // Once it has run out, it is sent, once.
    await outbox({ now: later(NOTIFICATION_LEASE_SECONDS * 1000 + 5_000) }).sweep();
    await outbox({ now: later(3 * NOTIFICATION_LEASE_SECONDS * 1000) }).sweep();
    expect((await mailTo(a.notify)).map((m) => m.subject)).toEqual([`Campaign launched: ${a.campaign.name}`]);
    expect((await notificationsOf(a.owner.userId))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("retries a refused one after its backoff while the others go, and drops one whose switch went off", async () => {
    const a = await userWithCampaign({ settings: { campaignNotificationsEnabled: true } });
    const b = await userWithCampaign({ settings: { campaignNotificationsEnabled: true } });
    const off = await userWithCampaign({ settings: { campaignNotificationsEnabled: true } });
    await setSendingSettings(db(), off.owner.userId, { campaignNotificationsEnabled: false });
    // The mail server refuses a's notification once; b's goes in the same sweep.
    let refused = 0;
    const flaky: SystemMailer = {
      send: async (m) => {
        if (m.to === a.notify && refused++ === 0) throw new Error("421 4.3.2 Service not available");
        await mailer.send(m);
      },
      close: async () => {},
    };
    await outbox({ mailer: flaky }).sweep();
    expect(await mailTo(b.notify)).toHaveLength(1);
    expect(await mailTo(a.notify)).toEqual([]);
    const [waiting] = await notificationsOf(a.owner.userId);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, claimedAt: null });
    expect(waiting!.lastError).toContain("421 4.3.2");
    expect(waiting!.dueAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Turned off before it went: dropped, never sent.
    expect((await notificationsOf(off.owner.userId))[0]).toMatchObject({ status: "dropped" });
    expect(await mailTo(off.notify)).toEqual([]);

    // Not before its time; after it, sent.
    await outbox({ mailer: flaky }).sweep();
    expect(await mailTo(a.notify)).toEqual([]);
    await outbox({ mailer: flaky, now: later(2 * MINUTE) }).sweep();
    expect(await mailTo(a.notify)).toHaveLength(1);
    expect((await notificationsOf(a.owner.userId))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("two workers at once", () => {
  // Real concurrency on PostgreSQL (PGlite serialises them): each takes its own rows.
  it("send each notification once, and make one digest per user", async () => {
    const owners = [];
    for (let i = 0; i < 3; i++) {
      owners.push(await userWithCampaign({ count: 1, settings: { campaignNotificationsEnabled: true } }));
    }
    await Promise.all([outbox().sweep(), outbox().sweep(), outbox().sweep()]);
    for (const o of owners) expect(await mailTo(o.notify)).toHaveLength(1);

    const a = await userWithCampaign({ count: 2, settings: { openNotificationsEnabled: true } });
    for (const s of a.sends) await ctx.request(`/t/o/${signToken(ctx.config.appSecret, "open", s.id)}.gif`);
    const made = await Promise.all([outbox().makeOpenDigests(), outbox().makeOpenDigests()]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(1);
    await Promise.all([outbox().sweep(), outbox().sweep()]);
    expect((await mailTo(a.notify)).map((m) => m.subject)).toEqual(["2 emails opened"]);
  });
});

describe("open digest", () => {
  const pixel = (sendId: string) => `/t/o/${signToken(ctx.config.appSecret, "open", sendId)}.gif`;

  it("one digest with every open since the last, none when there were none, at most one an hour", async () => {
    const a = await userWithCampaign({
      count: 3,
      settings: { openNotificationsEnabled: true, timezone: "Europe/Berlin" },
    });
    const other = await userWithCampaign({ count: 1, settings: { openNotificationsEnabled: true } });
    // No opens: no digest.
    expect(await outbox().makeOpenDigests()).toBe(0);
    for (const s of a.sends.slice(0, 2)) await ctx.request(pixel(s.id));
    await ctx.request(pixel(a.sends[0]!.id)); // a second open of the same email is not another
    expect(
      await db().select().from(notificationOpens).where(eq(notificationOpens.userId, a.owner.userId)),
    ).toHaveLength(2);

    expect(await outbox().makeOpenDigests()).toBe(1);
    await outbox().sweep();
    const [digest, ...more] = await mailTo(a.notify);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("2 emails opened");
    for (const s of a.sends.slice(0, 2)) expect(digest!.textBody).toContain(`${s.toEmail}> opened "${s.subject}"`);
    expect(digest!.textBody).toContain(`(campaign "${a.campaign.name}")`);
    expect(digest!.textBody).toMatch(/GMT\+1|CET/);
    expect(await mailTo(other.notify)).toEqual([]);

    // Another open within the hour waits; after it, a digest of that one alone.
    await ctx.request(pixel(a.sends[2]!.id));
    expect(await outbox({ now: later(30 * MINUTE) }).makeOpenDigests()).toBe(0);
    expect(await outbox({ now: later(61 * MINUTE) }).makeOpenDigests()).toBe(1);
    await outbox({ now: later(61 * MINUTE) }).sweep();
    const digests = await mailTo(a.notify);
    expect(digests.map((m) => m.subject)).toEqual(["2 emails opened", "1 email opened"]);
    expect(digests[1]!.textBody).toContain(a.sends[2]!.toEmail);
    expect(digests[1]!.textBody).not.toContain(a.sends[0]!.toEmail);
    expect(await outbox({ now: later(200 * MINUTE) }).makeOpenDigests()).toBe(0);
  });

  it("queues nothing while open notifications are off, and drops what waited when they are turned off", async () => {
    const a = await userWithCampaign({ count: 2 });
    await ctx.request(pixel(a.sends[0]!.id));
    expect(await db().select().from(notificationOpens).where(eq(notificationOpens.userId, a.owner.userId))).toEqual([]);
    await setSendingSettings(db(), a.owner.userId, { openNotificationsEnabled: true });
    await ctx.request(pixel(a.sends[1]!.id));
    await setSendingSettings(db(), a.owner.userId, { openNotificationsEnabled: false });
    expect(await outbox().makeOpenDigests()).toBe(0);
    expect(await db().select().from(notificationOpens).where(eq(notificationOpens.userId, a.owner.userId))).toEqual([]);
    await outbox().sweep();
    expect(await mailTo(a.notify)).toEqual([]);
  });
});

describe("reply notifications", () => {
  async function sendToCapture(message: nodemailer.SendMailOptions) {
    const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
  }

  it("one per reply a person wrote, with its text and its link; none for an auto-reply or a bounce", async () => {
    const a = await userWithCampaign({ count: 3, settings: { replyNotificationsEnabled: true, timezone: "UTC" } });
    const [first, second, third] = a.sends;
    await sendToCapture({
      from: first!.toEmail,
      to: a.sender,
      subject: `Re: ${first!.subject}`,
      inReplyTo: first!.messageId!,
      text: "Sounds <b>interesting</b> & timely.\n\nCan we talk on Tuesday?\n\n> Hello",
    });
    await sendToCapture({
      from: second!.toEmail,
      to: a.sender,
      subject: `Automatic reply: ${second!.subject}`,
      inReplyTo: second!.messageId!,
      headers: { "Auto-Submitted": "auto-replied" },
      text: "I am out of the office until Monday.",
    });
    await sendToCapture({
      from: third!.toEmail,
      to: a.sender,
      subject: `Re: ${third!.subject}`,
      inReplyTo: third!.messageId!,
      text: "Please unsubscribe me from this list.",
    });
    await syncMailboxesNow(ctx);
    const stored = await db().select().from(replies).where(eq(replies.userId, a.owner.userId));
    expect(stored.map((r) => r.kind).sort()).toEqual(["auto_reply", "reply", "unsubscribe"]);
    const reply = stored.find((r) => r.kind === "reply")!;
    expect((await notificationsOf(a.owner.userId)).map((x) => [x.kind, x.replyId])).toEqual([["reply", reply.id]]);

    await outbox().sweep();
    const [mail, ...more] = await mailTo(a.notify);
    expect(more).toEqual([]);
    // The contact's name where it has one (people() names them First1 Last1, …).
    expect(mail!.subject).toBe(`Reply from First1 Last1: Re: ${first!.subject}`);
    expect(mail!.textBody).toContain(`First1 Last1 <${first!.toEmail}> replied to "Re: ${first!.subject}"`);
    expect(mail!.textBody).toContain("Sounds <b>interesting</b> & timely.\n\nCan we talk on Tuesday?");
    expect(mail!.textBody).not.toContain("> Hello");
    const link = `${TEST_ORIGIN}/inbox/compose?reply=${reply.id}`;
    expect(mail!.textBody).toContain(link);
    expect(mail!.htmlBody).toContain("Sounds &lt;b&gt;interesting&lt;/b&gt; &amp; timely.");
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    // The same messages read again (the ledger skips them): nothing new.
    await ctx.database.db.execute(sql`delete from mailbox_folders`);
    await syncMailboxesNow(ctx);
    expect(await notificationsOf(a.owner.userId)).toHaveLength(1);
  });

  it("none while the switch is off, and none for a bounce", async () => {
    const a = await userWithCampaign({ count: 1 });
    const [send] = a.sends;
    await sendToCapture({
      from: send!.toEmail,
      to: a.sender,
      subject: `Re: ${send!.subject}`,
      inReplyTo: send!.messageId!,
      text: "Yes, interested.",
    });
    const b = await userWithCampaign({ count: 1, settings: { replyNotificationsEnabled: true } });
    await sendToCapture({
      envelope: { from: "", to: b.sender },
      raw: [
        "From: Mail Delivery System <MAILER-DAEMON@mx.prospects.test>",
        `To: ${b.sender}`,
        "Subject: Undelivered Mail Returned to Sender",
        "MIME-Version: 1.0",
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "Your message could not be delivered.",
        "--b",
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.prospects.test",
        "",
        `Final-Recipient: rfc822; ${b.sends[0]!.toEmail}`,
        "Action: failed",
        "Status: 5.1.1",
        "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
        "",
        "--b",
        "Content-Type: text/rfc822-headers",
        "",
        `Message-ID: ${b.sends[0]!.messageId}`,
        `Subject: ${b.sends[0]!.subject}`,
        "",
        "--b--",
        "",
      ].join("\r\n"),
    } as nodemailer.SendMailOptions);
    await syncMailboxesNow(ctx);
    expect(
      await db()
        .select()
        .from(replies)
        .where(and(eq(replies.userId, a.owner.userId), eq(replies.kind, "reply"))),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(replies)
        .where(and(eq(replies.userId, b.owner.userId), eq(replies.kind, "bounce"))),
    ).toHaveLength(1);
    expect(await notificationsOf(a.owner.userId)).toEqual([]);
    expect(await notificationsOf(b.owner.userId)).toEqual([]);
  });
});

describe("the Reply notifications setting", () => {
  it("is stored per user, off by default, and refused when not a boolean", async () => {
    const alice = await ctx.signUpVerified("notify-settings-alice@example.com");
    const bob = await ctx.signUpVerified("notify-settings-bob@example.com");
    const get = async (cookie: string) =>
      (await (await ctx.request("/api/settings", { cookie })).json()) as Record<string, unknown>;
    const current = await get(alice.cookie);
    expect(current.replyNotificationsEnabled).toBe(false);

    const saved = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...current, replyNotificationsEnabled: true, notificationEmail: "replies@alice.test" },
    });
    expect(saved.status).toBe(200);
    expect((await get(alice.cookie)).replyNotificationsEnabled).toBe(true);
    expect((await get(bob.cookie)).replyNotificationsEnabled).toBe(false);

    const bad = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...current, replyNotificationsEnabled: "yes" },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { message: string; details: { fields: Record<string, string> } } };
    expect(body.error.details.fields.replyNotificationsEnabled).toBe("Reply notifications must be true or false");
    expect((await get(alice.cookie)).replyNotificationsEnabled).toBe(true);

    // The notification email keeps its rule.
    const badEmail = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...current, replyNotificationsEnabled: true, notificationEmail: "nope" },
    });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { error: { message: string } }).error.message).toContain(
      "Invalid email address",
    );
  });
});
