// The mailbox sync end to end in capture mode: campaign mail goes out over SMTP
// into the app's capture server, prospects answer into the same server, and
// the sync reads each sender's share of it: a reply stops the contact's
// sequence, a 'RE:' reply without thread headers still matches, an
// out-of-office does not stop it, a DSN fails the send and suppresses the
// address (one about the sender, a DMARC refusal, fails it only), nothing is processed twice, and the routes (Refresh, Test Reply
// Tracking, Simulate reply, Restore) work for their owner only.
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { mailboxSyncer, sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import {
  capturedEmails,
  contacts,
  emailSends,
  replies,
  scheduledEmails,
  spamEmails,
  suppressions,
} from "../db/schema/index.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { createLogger } from "../logger.ts";
import { captureSmtpUrl } from "../mail/system-mailer.ts";
import { startMailboxSyncLoop } from "./mailbox-sync.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const log = createLogger("silent");
const syncer = () => mailboxSyncer(ctx);

async function sendToCapture(
  message: nodemailer.SendMailOptions | { envelope: { from: string; to: string }; raw: string },
) {
  const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
  try {
    await transport.sendMail(message as nodemailer.SendMailOptions);
  } finally {
    transport.close();
  }
}

let n = 0;
/** A signed-up user with a launched 2-step campaign to `count` prospects (step 1 sent into the capture server). */
async function launched(count = 2) {
  n += 1;
  const owner = await ctx.signUpVerified(`mailbox-${n}@example.com`);
  await sendAnyTime(db(), owner.userId);
  const prefix = `m${n}`;
  const sender = `sender${n}@acme.test`;
  const created = await createCampaign(ctx, owner.cookie, {
    senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
    contacts: people(count, prefix),
    sequence: [
      step("Quick question {{firstName}}", "Hello"),
      step("Following up", "Again", { amount: 1, unit: "days" }),
    ],
  });
  const res = await launch(ctx, owner.cookie, created.campaign.id);
  expect(res.body.emailsSent).toBe(count);
  const address = (i: number) => `${prefix}-${i}@prospects.test`;
  const sendTo = async (i: number) => {
    const [row] = await db()
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, created.campaign.id), eq(emailSends.toEmail, address(i))));
    return row!;
  };
  return { owner, campaignId: created.campaign.id, sender, address, sendTo };
}

/** An RFC 3464 report from the recipient's server for `send`, as the capture server receives it. */
function dsn(
  sender: string,
  send: { id: string; messageId: string | null; subject: string },
  recipient: string,
  status: string,
  diagnostic: string,
): string {
  const boundary = "dsn-boundary";
  return [
    `From: Mail Delivery System <MAILER-DAEMON@mx.prospects.test>`,
    `To: ${sender}`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Message-ID: <dsn-${send.id}@mx.prospects.test>`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain`,
    ``,
    `Your message could not be delivered.`,
    `--${boundary}`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mx.prospects.test`,
    ``,
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: failed`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    ``,
    `--${boundary}`,
    `Content-Type: text/rfc822-headers`,
    ``,
    `Message-ID: ${send.messageId}`,
    `Subject: ${send.subject}`,
    ``,
    `--${boundary}--`,
    ``,
  ].join("\r\n");
}

async function contactOf(campaignId: string, email: string) {
  const [c] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
  const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, c!.id));
  return { contact: c!, step2: queue.find((q) => q.status !== "sent") };
}

describe("mailbox sync (capture mode)", () => {
  it("a reply to step 1 stops step 2, once, even when the sync loses its position", async () => {
    const c = await launched();
    const [captured] = await db()
      .select()
      .from(capturedEmails)
      .where(sql`${c.address(1)} = any(${capturedEmails.toAddresses})`);
    const simulated = await ctx.request(`/api/outbox/${captured!.id}/simulate-reply`, {
      method: "POST",
      cookie: c.owner.cookie,
    });
    expect(simulated.status).toBe(200);
    expect(await simulated.json()).toEqual({
      message: "Reply sent to the capture server; it will be picked up by the next mailbox sync.",
    });

    await syncMailboxesNow(ctx);
    const one = await contactOf(c.campaignId, c.address(1));
    expect(one.contact.repliedAt).not.toBeNull();
    expect(one.step2?.status).toBe("cancelled");
    const two = await contactOf(c.campaignId, c.address(2));
    expect(two.contact.repliedAt).toBeNull();
    expect(two.step2?.status).toBe("scheduled");
    const stored = await db().select().from(replies).where(eq(replies.userId, c.owner.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: "reply", contactEmail: c.address(1), senderEmail: c.sender });
    expect(stored[0]!.replyContent).toContain("could we talk next week?");
    expect((await c.sendTo(1)).repliedAt).not.toBeNull();

    // A restart that lost every folder position reads everything again: the ledger keeps it at one.
    await db().execute(sql`delete from mailbox_folders`);
    await syncMailboxesNow(ctx);
    // Two workers at once: each mailbox is leased to one of them.
    await db().execute(sql`delete from mailbox_folders`);
    await db().execute(sql`update mailbox_syncs set next_sync_at = now() - interval '1 second'`);
    const [a, b] = [syncer(), syncer()];
    const rounds = await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.releaseAll(), b.releaseAll()]);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from mailbox_syncs`);
    expect(rounds[0]!.mailboxes + rounds[1]!.mailboxes).toBe(n);
    expect(await db().select().from(replies).where(eq(replies.userId, c.owner.userId))).toHaveLength(1);
  });

  it("matches a reply without thread headers by the prospect's address and 'RE:' subject", async () => {
    const c = await launched();
    const send = await c.sendTo(2);
    await sendToCapture({
      from: c.address(2),
      to: c.sender,
      subject: `RE: ${send.subject}`,
      text: "Sounds good, call me.",
    });
    await syncMailboxesNow(ctx);
    expect((await contactOf(c.campaignId, c.address(2))).contact.repliedAt).not.toBeNull();
  });

  it("keeps the sequence going after an out-of-office, and shows it as an auto-reply", async () => {
    const c = await launched();
    const send = await c.sendTo(1);
    await sendToCapture({
      from: c.address(1),
      to: c.sender,
      subject: `Automatic reply: ${send.subject}`,
      inReplyTo: send.messageId!,
      headers: { "Auto-Submitted": "auto-replied" },
      text: "I am out of the office until Monday.",
    });
    await syncMailboxesNow(ctx);
    const after = await contactOf(c.campaignId, c.address(1));
    expect(after.contact.repliedAt).toBeNull();
    expect(after.step2?.status).toBe("scheduled");
    const [auto] = await db().select().from(replies).where(eq(replies.userId, c.owner.userId));
    expect(auto).toMatchObject({ kind: "auto_reply", replyClass: "out_of_office" });
  });

  it("fails a send on a 5.1.1 DSN, with its category and reason, and suppresses the address", async () => {
    const c = await launched();
    const send = await c.sendTo(1);
    await sendToCapture({
      envelope: { from: "", to: c.sender },
      raw: dsn(
        c.sender,
        send,
        c.address(1),
        "5.1.1",
        `550 5.1.1 <${c.address(1)}>: Recipient address rejected: User unknown`,
      ),
    });
    await syncMailboxesNow(ctx);
    const [failed] = await db().select().from(emailSends).where(eq(emailSends.id, send.id));
    expect(failed).toMatchObject({
      status: "failed",
      failureCategory: "invalid_address",
      failureReason: "user_unknown",
      bounceType: "hard",
    });
    // The details the Inbox shows for a failure, with its troubleshooting hints.
    expect(parseSendErrorMessage(failed!.errorMessage)).toMatchObject({
      error: expect.stringContaining("5.1.1"),
      recipient: c.address(1),
      category: "invalid_address",
      reason: "user_unknown",
      troubleshooting: { suggestion: expect.any(String) },
    });
    const suppressed = await db().select().from(suppressions).where(eq(suppressions.userId, c.owner.userId));
    expect(suppressed.map((s) => s.email)).toEqual([c.address(1)]);
    expect((await contactOf(c.campaignId, c.address(1))).step2?.status).toBe("cancelled");
  });

  it("a DMARC refusal read from a DSN fails that send only: its reason shows, the address and the sequence are kept", async () => {
    const c = await launched();
    const send = await c.sendTo(1);
    const refusal =
      "550 5.7.26 Unauthenticated email from acme.test is not accepted due to domain's DMARC policy. Please contact the administrator of acme.test domain.";
    await sendToCapture({
      envelope: { from: "", to: c.sender },
      raw: dsn(c.sender, send, c.address(1), "5.7.26", refusal),
    });
    await syncMailboxesNow(ctx);
    const [failed] = await db().select().from(emailSends).where(eq(emailSends.id, send.id));
    expect(failed).toMatchObject({
      status: "failed",
      failureCategory: "authentication",
      failureReason: "auth_dmarc",
      bounceType: "soft",
    });
    // About the sender, not the address: no suppression, the contact goes on to its next step.
    expect(await db().select().from(suppressions).where(eq(suppressions.userId, c.owner.userId))).toEqual([]);
    const { contact, step2 } = await contactOf(c.campaignId, c.address(1));
    expect(contact.status).toBe("active");
    expect(step2?.status).toBe("scheduled");
    // Failed emails → Recent Failures says why, in words the user can act on.
    const res = await ctx.request("/api/mailbox/recent-failures", { cookie: c.owner.cookie });
    expect(res.status).toBe(200);
    const { failures } = (await res.json()) as { failures: { id: string; reason: string; failureReason: string }[] };
    expect(failures.find((f) => f.id === send.id)).toMatchObject({
      failureReason: "auth_dmarc",
      reason:
        "DMARC check failed at the receiver: make SPF or DKIM pass for your From domain (soft bounce: it may work later)",
    });
  });

  it("Refresh and Test Reply Tracking ask the running worker and report what it found; the test reply changes nothing", async () => {
    const c = await launched();
    // Without a live worker, Refresh answers at once that nobody is there to sync.
    const alone = await ctx.request("/api/mailbox/sync", { method: "POST", cookie: c.owner.cookie });
    expect(await alone.json()).toMatchObject({
      pending: 1,
      message: "No worker is running: the mailboxes will be synced when one starts",
    });
    const worker = syncer();
    const loop = startMailboxSyncLoop(worker, { pollMs: 100, log });
    try {
      // Refresh waits only for a worker whose heartbeat it can see: let the loop's first beat land.
      await vi.waitFor(async () => {
        const beat = await queryRows(db(), sql`select 1 from send_workers where id = ${worker.workerId}`);
        expect(beat).toHaveLength(1);
      });
      const refreshed = await ctx.request("/api/mailbox/sync", { method: "POST", cookie: c.owner.cookie });
      expect(refreshed.status).toBe(200);
      expect(await refreshed.json()).toMatchObject({
        mailboxes: 1,
        pending: 0,
        errors: [],
        message: "Mailboxes synced",
      });

      const tested = await ctx.request("/api/mailbox/test-reply", {
        method: "POST",
        cookie: c.owner.cookie,
        json: { contactEmail: c.address(1), campaignId: c.campaignId },
      });
      expect(tested.status).toBe(200);
      expect(await tested.json()).toEqual({
        pickedUp: true,
        message: `Reply tracking works: the test reply to ${c.sender} was picked up.`,
      });
      expect((await contactOf(c.campaignId, c.address(1))).contact.repliedAt).toBeNull();
      expect(await db().select().from(replies).where(eq(replies.userId, c.owner.userId))).toEqual([]);

      const invalid = await ctx.request("/api/mailbox/test-reply", {
        method: "POST",
        cookie: c.owner.cookie,
        json: { contactEmail: "not-an-email", campaignId: c.campaignId },
      });
      expect(invalid.status).toBe(400);
      const unsent = await ctx.request("/api/mailbox/test-reply", {
        method: "POST",
        cookie: c.owner.cookie,
        json: { contactEmail: "nobody@prospects.test", campaignId: c.campaignId },
      });
      expect(unsent.status).toBe(400);
      expect(await unsent.json()).toMatchObject({
        error: { message: "No email has been sent to nobody@prospects.test in this campaign yet" },
      });
    } finally {
      await loop.stop();
    }
  });

  it("another user can neither answer someone's captured message, test their contacts, nor restore their spam", async () => {
    const c = await launched(1);
    const other = await ctx.signUpVerified(`mailbox-other-${n}@example.com`);
    const [captured] = await db()
      .select()
      .from(capturedEmails)
      .where(sql`${c.address(1)} = any(${capturedEmails.toAddresses})`);
    const simulated = await ctx.request(`/api/outbox/${captured!.id}/simulate-reply`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(simulated.status).toBe(404);
    const tested = await ctx.request("/api/mailbox/test-reply", {
      method: "POST",
      cookie: other.cookie,
      json: { contactEmail: c.address(1), campaignId: c.campaignId },
    });
    expect(tested.status).toBe(400);
    const [spam] = await db()
      .insert(spamEmails)
      .values({ userId: c.owner.userId, subject: "Win", senderEmail: "x@spam.test", content: "..." })
      .returning();
    const restoredByOther = await ctx.request(`/api/spam/${spam!.id}/restore`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(restoredByOther.status).toBe(404);
    const restored = await ctx.request(`/api/spam/${spam!.id}/restore`, { method: "POST", cookie: c.owner.cookie });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ message: "Email restored to inbox" });
    expect(await queryRows(db(), sql`select id from spam_emails where id = ${spam!.id}::uuid`)).toEqual([]);
  });
});
