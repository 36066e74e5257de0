// Where the app sets a lead's status by itself, through the real paths: a
// launch sent by the sending engine over SMTP (Contacted; a 550 at RCPT:
// Bounced), replies read by the mailbox sync from the capture server (each
// class gives its suggested status), a DSN (Bounced), a spam complaint
// (Unsubscribed), the unsubscribe link
// (Unsubscribed, even over what the user set), a booking through a contact's
// personal link (Meeting booked; through the bare link only suggested), a user's choice never overwritten by a
// reply; each change stored once in the history, with its
// contact.status_changed event for an endpoint that subscribes.
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadStatusHistory } from "#shared/lead-status/lead-status.schemas.ts";
import type { SchedulingLinkDto } from "#shared/scheduling/scheduling.schemas.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, sinkTransports, step } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { contacts, emailSends, leadStatusesTable, webhookEndpoints, webhookEvents } from "../../db/schema/index.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { captureSmtpUrl } from "../../mail/system-mailer.ts";
import { signBookingToken, signToken } from "../../mail/tokens.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";

let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let owner: { cookie: string; userId: string };
let campaignId: string;
const sender = "seller@acme.test";
const address = (name: string) => `${name}@prospects.test`;

/** A reply's text per contact, and the class the classifier gives it. */
const REPLIES: Record<string, { text: string; replyClass: string; status: string }> = {
  keen: { text: "Sounds interesting, tell me more about pricing.", replyClass: "interested", status: "interested" },
  no: { text: "We would never be interested.", replyClass: "not_interested", status: "not_interested" },
  call: { text: "Interested, let's set up a call.", replyClass: "meeting_request", status: "interested" },
  jane: {
    text: "Sounds interesting, but I'm not the right person. Ask Jane.",
    replyClass: "wrong_person",
    status: "wrong_person",
  },
  stop: {
    text: "Interesting, but please remove me from your list.",
    replyClass: "unsubscribe_request",
    status: "unsubscribed",
  },
  busy: { text: "I'm not free for a call, sorry.", replyClass: "other", status: "replied" },
};
const NAMES = [...Object.keys(REPLIES), "away", "mine", "dsn", "gone", "linked", "walkin", "quiet", "optout", "spammy"];

const db = () => ctx.database.db;

async function sendToCapture(message: nodemailer.SendMailOptions | { envelope: object; raw: string }) {
  const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
  try {
    await transport.sendMail(message as nodemailer.SendMailOptions);
  } finally {
    transport.close();
  }
}

async function sendTo(name: string) {
  const [row] = await db()
    .select()
    .from(emailSends)
    .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.toEmail, address(name))));
  return row!;
}

async function lead(name: string) {
  const res = await ctx.request(`/api/leads/${encodeURIComponent(address(name))}/status`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as LeadStatusHistory;
}

beforeAll(async () => {
  sink = await startSmtpSink({ faults: [{ ...smtpFaults.rejectRecipient(address("gone")), times: 1_000 }] });
  transports = sinkTransports(testConfig(), sink.port);
  ctx = await createTestContext({}, undefined, { transports });
  owner = await ctx.signUpVerified("lead-engines@example.com");
  await sendAnyTime(db(), owner.userId);
  await db()
    .insert(webhookEndpoints)
    .values({
      userId: owner.userId,
      url: "https://crm.example.com/hooks",
      events: ["contact.status_changed"],
      secretEncrypted: "not-read-here",
    });
  const created = await createCampaign(ctx, owner.cookie, {
    senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
    contacts: NAMES.map((name) => ({ email: address(name), firstName: name, customFields: {} })),
    sequence: [
      step("Quick question {{firstName}}", "Hello"),
      step("Following up", "Again", { amount: 2, unit: "days" }),
    ],
  });
  campaignId = created.campaign.id;
  const launched = await launch(ctx, owner.cookie, campaignId);
  expect(launched.status).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  transports?.closeAll();
  await sink?.close();
});

describe("the sending engine", () => {
  it("makes every lead it sent to Contacted, and one refused with 550 5.1.1 Bounced", async () => {
    for (const name of NAMES.filter((n) => n !== "gone")) {
      expect((await lead(name)).lead).toMatchObject({ status: "contacted", suggested: false, source: "sending" });
    }
    const gone = await lead("gone");
    expect(gone.lead).toMatchObject({ status: "bounced", suggested: false, source: "sending" });
    expect(gone.changes.map((c) => [c.from, c.to])).toEqual([[null, "bounced"]]);
  });
});

describe("the mailbox", () => {
  it("gives each reply's class its suggested status, and a user's choice stays", async () => {
    const mine = await ctx.request(`/api/leads/${address("mine")}/status`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { status: "not_interested" },
    });
    expect(mine.status).toBe(200);
    for (const [name, reply] of Object.entries({ ...REPLIES, mine: REPLIES.call! })) {
      const send = await sendTo(name);
      await sendToCapture({
        from: address(name),
        to: sender,
        subject: `Re: ${send.subject}`,
        inReplyTo: send.messageId!,
        text: reply.text,
      });
    }
    const send = await sendTo("away");
    await sendToCapture({
      from: address("away"),
      to: sender,
      subject: `Automatic reply: ${send.subject}`,
      inReplyTo: send.messageId!,
      headers: { "Auto-Submitted": "auto-replied" },
      text: "I am out of the office until Monday.",
    });
    await syncMailboxesNow(ctx);

    const classes = await queryRows<{ contact_email: string; reply_class: string }>(
      db(),
      sql`select contact_email, reply_class from replies where user_id = ${owner.userId}`,
    );
    const classOf = new Map(classes.map((r) => [r.contact_email, r.reply_class]));
    for (const [name, reply] of Object.entries(REPLIES)) {
      expect(classOf.get(address(name)), name).toBe(reply.replyClass);
      const { lead: state, changes } = await lead(name);
      expect(state, name).toMatchObject({
        status: reply.status,
        suggested: reply.replyClass !== "other",
        source: "mailbox",
      });
      expect(changes[0], name).toMatchObject({ from: "contacted", to: reply.status, source: "mailbox" });
    }
    expect((await lead("away")).lead).toMatchObject({ status: "out_of_office", suggested: true });
    expect((await lead("mine")).lead).toMatchObject({ status: "not_interested", suggested: false, source: "user" });
    expect((await lead("mine")).changes.map((c) => c.source)).toEqual(["user", "sending"]);
  });

  it("makes a lead Bounced on a hard bounce report", async () => {
    const send = await sendTo("dsn");
    const boundary = "b";
    await sendToCapture({
      envelope: { from: "", to: sender },
      raw: [
        "From: Mail Delivery System <MAILER-DAEMON@mx.prospects.test>",
        `To: ${sender}`,
        "Subject: Undelivered Mail Returned to Sender",
        `Message-ID: <dsn-${send.id}@mx.prospects.test>`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain",
        "",
        "Your message could not be delivered.",
        `--${boundary}`,
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.prospects.test",
        "",
        `Final-Recipient: rfc822; ${address("dsn")}`,
        "Action: failed",
        "Status: 5.1.1",
        "Diagnostic-Code: smtp; 550 5.1.1 user unknown",
        "",
        `--${boundary}`,
        "Content-Type: text/rfc822-headers",
        "",
        `Message-ID: ${send.messageId}`,
        `Subject: ${send.subject}`,
        "",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    });
    await syncMailboxesNow(ctx);
    expect((await lead("dsn")).lead).toMatchObject({ status: "bounced", suggested: false, source: "mailbox" });
  });
});

describe("a spam complaint", () => {
  it("makes a lead Unsubscribed (a provider's feedback report is the person's opt-out)", async () => {
    const send = await sendTo("spammy");
    const boundary = "arf";
    await sendToCapture({
      envelope: { from: "feedback@fbl.example.net", to: sender },
      raw: [
        "From: Feedback Loop <feedback@fbl.example.net>",
        `To: ${sender}`,
        "Subject: Email Feedback Report",
        `Message-ID: <arf-${send.id}@fbl.example.net>`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain",
        "",
        "This is an email abuse report.",
        `--${boundary}`,
        "Content-Type: message/feedback-report",
        "",
        "Feedback-Type: abuse",
        "User-Agent: SomeMailboxProvider-FBL/1.0",
        "Version: 1",
        `Original-Rcpt-To: <${address("spammy")}>`,
        "",
        `--${boundary}`,
        "Content-Type: text/rfc822-headers",
        "",
        `From: ${sender}`,
        `To: ${address("spammy")}`,
        `Subject: ${send.subject}`,
        `Message-ID: ${send.messageId}`,
        "",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    });
    await syncMailboxesNow(ctx);
    expect((await lead("spammy")).lead).toMatchObject({ status: "unsubscribed", suggested: false, source: "mailbox" });
  });
});

describe("the unsubscribe link and a booking", () => {
  it("unsubscribes a lead, over what the user set: it is a fact", async () => {
    const set = await ctx.request(`/api/leads/${address("optout")}/status`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { status: "interested" },
    });
    expect(set.status).toBe(200);
    const send = await sendTo("optout");
    const res = await ctx.request(`/u/${signToken(ctx.config.appSecret, "unsubscribe", send.id)}`, { method: "POST" });
    expect(res.status).toBe(200);
    const { lead: state, changes } = await lead("optout");
    expect(state).toMatchObject({ status: "unsubscribed", suggested: false, source: "unsubscribe" });
    expect(changes.map((c) => [c.from, c.to, c.source])).toEqual([
      ["interested", "unsubscribed", "unsubscribe"],
      ["contacted", "interested", "user"],
      [null, "contacted", "sending"],
    ]);
  });

  it("a booking through the contact's personal link makes it Meeting booked", async () => {
    const linkRes = await ctx.request("/api/scheduling-links", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        title: "Demo",
        durationMinutes: 30,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "09:00",
        availableTimeEnd: "17:00",
        timezone: "UTC",
      },
    });
    expect(linkRes.status).toBe(201);
    const link = (await linkRes.json()) as SchedulingLinkDto;
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, address("linked"))));
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await ctx.request(`/api/public/schedule/${link.linkCode}/meetings`, {
      method: "POST",
      json: {
        date,
        time: "10:00",
        email: address("linked"),
        name: "Linked",
        token: signBookingToken(ctx.config.appSecret, link.id, contact!.id),
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await lead("linked")).lead).toMatchObject({
      status: "meeting_booked",
      suggested: false,
      source: "booking",
    });

    // Through the bare link, a contact's address typed into the form proves nothing: a suggestion.
    const bare = await ctx.request(`/api/public/schedule/${link.linkCode}/meetings`, {
      method: "POST",
      json: { date, time: "11:00", email: address("walkin"), name: "Walk In" },
    });
    expect(bare.status, await bare.clone().text()).toBe(201);
    expect((await lead("walkin")).lead).toMatchObject({ status: "meeting_booked", suggested: true, source: "booking" });
  });
});

describe("history and events", () => {
  it("stores one contact.status_changed event per change, and none for what changed nothing", async () => {
    const [changes] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from lead_status_changes where user_id = ${owner.userId}`,
    );
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.userId, owner.userId));
    expect(events.length).toBe(changes!.n);
    expect(events.length).toBeGreaterThan(NAMES.length);
    expect(events.every((e) => e.type === "contact.status_changed")).toBe(true);
    const booked = events.find((e) => e.data.email === address("linked") && e.data.to === "meeting_booked");
    expect(booked?.data).toMatchObject({
      from: "contacted",
      to: "meeting_booked",
      suggested: false,
      source: "booking",
    });
    // Never acted on beyond the send: one row, one change.
    expect(
      await db()
        .select()
        .from(leadStatusesTable)
        .where(eq(leadStatusesTable.email, address("quiet"))),
    ).toHaveLength(1);
    expect((await lead("quiet")).changes).toHaveLength(1);
  });
});
