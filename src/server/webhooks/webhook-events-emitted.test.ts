// Every webhook event from its real path, delivered by the real engine to a
// real receiver, signature verified, body checked against its schema: a
// campaign sent through the engine into the capture server (email.sent,
// campaign.completed), the pixel (email.opened), a tracked link
// (email.clicked), a bounce and a reply read by the mailbox sync
// (email.bounced, reply.received), the unsubscribe link and a one-click
// (contact.unsubscribed), a booking (meeting.booked), and bounce protection's
// check pausing a mailbox (sender.paused).
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebhookEventType, webhookEventTypes } from "#shared/db-enums.ts";
import { webhookBodySchema } from "#shared/webhooks/webhook-events.schemas.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { hardBounces, seedSends } from "../../../tests/support/protection-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { capturedEmails, emailSends } from "../db/schema/index.ts";
import { rowsOf } from "../db/sql-helpers.ts";
import { checkProtection } from "../domain/protection-check.ts";
import { createLogger } from "../logger.ts";
import { captureSmtpUrl } from "../mail/system-mailer.ts";
import { clickUrl, trackingUrls } from "../mail/tokens.ts";
import { createWebhookDeliveryWorker } from "./delivery-worker.ts";

let ctx: TestContext;
let hook: WebhookReceiver;
let owner: { cookie: string; userId: string };
let secret: string;

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on" });
  owner = await ctx.signUpVerified("webhook-events@example.com");
  await sendAnyTime(ctx.database.db, owner.userId);
  hook = await startWebhookReceiver();
  const res = await ctx.request("/api/webhooks", {
    method: "POST",
    cookie: owner.cookie,
    json: { url: hook.url("/events"), events: [...webhookEventTypes] },
  });
  secret = ((await res.json()) as { secret: string }).secret;
});
afterAll(async () => {
  await hook?.close();
  await ctx?.close();
});

const deliverAll = () =>
  createWebhookDeliveryWorker({
    db: ctx.database.db,
    secrets: createSecretBox(ctx.config.appSecret),
    log: createLogger("silent"),
    timeoutMs: 5_000,
    allowPrivate: true,
  }).round();

type Body = { type: WebhookEventType; timestamp: string; data: Record<string, unknown> };
/** Every request so far, verified with the library and parsed with its type's schema. */
function received(): Body[] {
  return hook.to("/events").map((r) => {
    const body = new Webhook(secret).verify(r.body, r.headers as never) as Body;
    return webhookBodySchema(body.type).parse(body) as Body;
  });
}
const ofType = (type: WebhookEventType) => received().filter((b) => b.type === type);

async function toCapture(raw: string, from: string, to: string) {
  const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
  try {
    await transport.sendMail({ envelope: { from, to }, raw });
  } finally {
    transport.close();
  }
}

function dsn(sender: string, send: { id: string; messageId: string | null; subject: string }, recipient: string) {
  const b = "dsn-boundary";
  return [
    "From: Mail Delivery System <MAILER-DAEMON@mx.prospects.test>",
    `To: ${sender}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: <dsn-${send.id}@mx.prospects.test>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
    "",
    `--${b}`,
    "Content-Type: text/plain",
    "",
    "Your message could not be delivered.",
    `--${b}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.prospects.test",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
    "",
    `--${b}`,
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${send.messageId}`,
    `Subject: ${send.subject}`,
    "",
    `--${b}--`,
    "",
  ].join("\r\n");
}

describe("webhook events from their real paths", () => {
  const sender = "events-sender@acme.test";
  let campaignId: string;
  const sendTo = async (email: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.toEmail, email)));
    return row!;
  };

  it("email.sent for each send and campaign.completed once, from the sending engine", async () => {
    const created = await createCampaign(ctx, owner.cookie, {
      name: "Webhook events",
      // Three mailboxes: a new mailbox's pacing lets a couple of sends go at once.
      senderAccounts: [sender, "events-two@acme.test", "events-three@acme.test"].map((email) => ({
        email,
        provider: "custom" as const,
        dailyLimit: 50,
      })),
      contacts: people(5, "wh"),
      sequence: [step("Quick question {{firstName}}", "Hello")],
    });
    campaignId = created.campaign.id;
    const res = await launch(ctx, owner.cookie, campaignId);
    expect(res.body.emailsSent, JSON.stringify(res.body)).toBe(5);
    await deliverAll();
    const sent = ofType("email.sent");
    expect(sent).toHaveLength(5);
    const one = await sendTo("wh-1@prospects.test");
    expect(sent.find((b) => b.data.to === "wh-1@prospects.test")?.data).toMatchObject({
      sendId: one.id,
      campaignId,
      contactId: one.contactId,
      from: one.fromEmail,
      subject: "Quick question First1",
      step: 1,
    });
    const completed = ofType("campaign.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ campaignId, name: "Webhook events", sent: 5, failed: 0 });
  });

  it("email.opened on the first open of the pixel only", async () => {
    const send = await sendTo("wh-1@prospects.test");
    const pixel = new URL(trackingUrls(ctx.config.publicUrl, ctx.config.appSecret, send.id).openPixel).pathname;
    expect((await ctx.request(pixel)).status).toBe(200);
    expect((await ctx.request(pixel)).status).toBe(200);
    await deliverAll();
    const opened = ofType("email.opened");
    expect(opened).toHaveLength(1);
    expect(opened[0]!.data).toMatchObject({ sendId: send.id, campaignId, email: "wh-1@prospects.test" });
  });

  it("email.clicked on the first click of each link", async () => {
    const send = await sendTo("wh-1@prospects.test");
    const link = (url: string) => new URL(clickUrl(ctx.config.publicUrl, ctx.config.appSecret, send.id, url)).pathname;
    for (const path of [
      link("https://acme.test/pricing"),
      link("https://acme.test/pricing"),
      link("https://acme.test/demo"),
    ]) {
      expect((await ctx.request(path)).status).toBe(302);
    }
    await deliverAll();
    expect(
      ofType("email.clicked")
        .map((b) => b.data.url)
        .sort(),
    ).toEqual(["https://acme.test/demo", "https://acme.test/pricing"]);
  });

  it("contact.unsubscribed from the link's confirm button and from a one-click post, once each", async () => {
    const a = await sendTo("wh-2@prospects.test");
    const b = await sendTo("wh-3@prospects.test");
    const page = new URL(trackingUrls(ctx.config.publicUrl, ctx.config.appSecret, a.id).unsubscribe).pathname;
    const oneClick = new URL(trackingUrls(ctx.config.publicUrl, ctx.config.appSecret, b.id).unsubscribe).pathname;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect((await ctx.request(page, { method: "POST", headers: { ...form, origin: "null" } })).status).toBe(200);
    expect((await ctx.request(page, { method: "POST", headers: { ...form, origin: "null" } })).status).toBe(200);
    expect((await ctx.request(oneClick, { method: "POST", headers: { ...form, origin: "" } })).status).toBe(200);
    await deliverAll();
    const events = ofType("contact.unsubscribed");
    expect(events.map((e) => [e.data.email, e.data.source]).sort()).toEqual([
      ["wh-2@prospects.test", "link"],
      ["wh-3@prospects.test", "one_click"],
    ]);
    expect(events.find((e) => e.data.email === "wh-2@prospects.test")!.data).toMatchObject({
      sendId: a.id,
      campaignId,
    });
  });

  it("email.bounced from a bounce read by the mailbox sync, and sender.paused when it tips bounce protection", async () => {
    // Earlier sends of the mailbox, enough for its bounce rate to be judged, with bounces just under the limit.
    await seedSends(ctx.database.db, { userId: owner.userId, campaignId, from: sender }, { n: 60 });
    await seedSends(
      ctx.database.db,
      { userId: owner.userId, campaignId, from: sender },
      { n: 3, bounce: "hard", reason: "user_unknown" },
    );
    const send = await sendTo("wh-4@prospects.test");
    await toCapture(dsn(sender, send, "wh-4@prospects.test"), "mailer-daemon@mx.prospects.test", sender);
    await syncMailboxesNow(ctx);
    await deliverAll();
    const bounced = ofType("email.bounced");
    expect(bounced).toHaveLength(1);
    expect(bounced[0]!.data).toMatchObject({
      sendId: send.id,
      email: "wh-4@prospects.test",
      bounceType: "hard",
      category: "invalid_address",
      reason: "user_unknown",
      source: "mailbox",
    });
  });

  it("sender.paused when bounce protection's check pauses a mailbox", async () => {
    const from = "paused-box@acme.test";
    // 50 sends, 3 of them hard bounces (6%): over the default 5% once the minimum of 50 is reached.
    await seedSends(ctx.database.db, { userId: owner.userId, campaignId: null, from }, { n: 47 });
    const bounced = await seedSends(ctx.database.db, { userId: owner.userId, campaignId: null, from }, hardBounces(3));
    expect(await checkProtection(ctx.database.db, bounced)).toBe(1);
    // Checked again: already paused, nothing more.
    expect(await checkProtection(ctx.database.db, bounced)).toBe(0);
    await deliverAll();
    // Only this mailbox's (the campaign's mailboxes may have been paused above by their own figures).
    const paused = ofType("sender.paused").filter((b) => b.data.senderEmail === from);
    expect(paused, JSON.stringify(ofType("sender.paused"))).toHaveLength(1);
    expect(paused[0]!.data).toMatchObject({ senderEmail: from, reason: "bounce_rate" });
    expect(paused[0]!.data.detail).toMatch(/3 hard bounces in 50 sends/);
  });

  it("reply.received from a reply read by the mailbox sync, with its class, excerpt and the lead's status", async () => {
    const send = await sendTo("wh-5@prospects.test");
    const sender = send.fromEmail;
    const reply = [
      "From: First5 <wh-5@prospects.test>",
      `To: ${sender}`,
      `Subject: Re: ${send.subject}`,
      "Message-ID: <reply-wh5@prospects.test>",
      `In-Reply-To: ${send.messageId}`,
      `References: ${send.messageId}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Sounds interesting, I would like to learn more. Can we talk on Thursday?",
      "",
    ].join("\r\n");
    await toCapture(reply, "wh-5@prospects.test", sender);
    await syncMailboxesNow(ctx);
    await deliverAll();
    const replies = ofType("reply.received");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.data).toMatchObject({
      sendId: send.id,
      campaignId,
      contactId: send.contactId,
      email: "wh-5@prospects.test",
      senderEmail: sender,
      kind: "reply",
    });
    // The status the reply itself set, earlier in the same transaction (the send had made it Contacted).
    const [lead] = rowsOf<{ status: string }>(
      await ctx.database.db.execute(
        sql`select status from lead_statuses where user_id = ${owner.userId} and email = 'wh-5@prospects.test'`,
      ),
    );
    expect(lead?.status).toBe("interested");
    expect(replies[0]!.data.leadStatus).toBe("interested");
    expect(replies[0]!.data.excerpt).toMatch(/^Sounds interesting/);
    expect(replies[0]!.data.replyClass).toBeTruthy();
  });

  it("meeting.booked from a booking on a scheduling link", async () => {
    const link = await ctx.request("/api/scheduling-links", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        title: "Intro call",
        description: "Let us talk",
        durationMinutes: 30,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "00:00",
        availableTimeEnd: "23:30",
        timezone: "UTC",
      },
    });
    expect(link.status).toBe(201);
    const { linkCode } = (await link.json()) as { linkCode: string };
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = (await (await ctx.request(`/api/public/schedule/${linkCode}/slots?date=${date}`)).json()) as {
      slots: { time: string }[];
    };
    const time = slots.slots[0]!.time;
    const booked = await ctx.request(`/api/public/schedule/${linkCode}/meetings`, {
      method: "POST",
      json: { date, time, email: "Booker@Prospects.test", name: "Bo Oker" },
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    await deliverAll();
    const meetings = ofType("meeting.booked");
    expect(meetings).toHaveLength(1);
    expect(meetings[0]!.data).toMatchObject({ email: "booker@prospects.test", name: "Bo Oker", timezone: "UTC" });
    expect(meetings[0]!.data.startsAt).toBe(`${date}T${time}:00.000Z`);
  });

  it("every delivery carried its event's id, once per event", async () => {
    const ids = hook.to("/events").map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    const captured = await ctx.database.db.select().from(capturedEmails);
    expect(captured.length).toBeGreaterThan(0);
  });
});
