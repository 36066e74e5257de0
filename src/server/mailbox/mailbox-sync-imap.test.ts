// The mailbox sync over real IMAP (a throw-away Dovecot): a reply in a
// sender's INBOX stops the contact's sequence, a Junk message becomes a spam
// row that Restore moves back to INBOX, a broken login is recorded on its
// mailbox while the others still sync, and a sync that lost its positions
// processes nothing twice; and a bounce the bounce rules know from its sender
// and subject alone (bounces@…, a Dutch subject, a plain-text body) is fetched
// and fails its send.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Dovecot, describeWithImap, startDovecot } from "../../../tests/support/dovecot.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { secretPurposes } from "../crypto/secret-purposes.ts";
import {
  contacts,
  emailSends,
  mailboxSyncs,
  replies,
  scheduledEmails,
  senderAccounts,
  spamEmails,
} from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";

describeWithImap("mailbox sync over IMAP", () => {
  let ctx: TestContext;
  let imap: Dovecot;
  beforeAll(async () => {
    imap = await startDovecot();
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
    await imap?.stop();
  });

  const db = () => ctx.database.db;
  const _log = createLogger("silent");

  it("reads replies and spam from INBOX and Junk, restores spam, records a broken login and never processes twice", async () => {
    const owner = await ctx.signUpVerified("imap-owner@example.com");
    await sendAnyTime(db(), owner.userId);
    const good = "good@imap.test";
    const broken = "broken@imap.test";
    const created = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [
        { email: good, provider: "custom", dailyLimit: 50 },
        { email: broken, provider: "custom", dailyLimit: 50 },
      ],
      contacts: people(4, "imap"),
      sequence: [step("Hello {{firstName}}", "Hi"), step("Follow-up", "Again", { amount: 1, unit: "days" })],
    });
    expect((await launch(ctx, owner.cookie, created.campaign.id)).body.emailsSent).toBe(4);
    // Both senders read their mailbox on the test's Dovecot; the second one's password is wrong there.
    const box = createSecretBox(ctx.config.appSecret);
    await imap.addUser(good, "right-password");
    await imap.addUser(broken, "its-real-password");
    for (const [email, password] of [
      [good, "right-password"],
      [broken, "not-the-password"],
    ] as const) {
      await db()
        .update(senderAccounts)
        .set({
          imapHost: imap.host,
          imapPort: imap.port,
          smtpUsername: email,
          smtpPasswordEncrypted: box.encrypt(password, secretPurposes.smtpPassword),
        })
        .where(and(eq(senderAccounts.campaignId, created.campaign.id), eq(senderAccounts.email, email)));
    }
    const [send] = await db()
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, created.campaign.id), eq(emailSends.fromEmail, good)));
    expect(send?.messageId).toBeTruthy();
    await imap.appendMessage(
      good,
      "INBOX",
      [
        `From: Prospect <${send!.toEmail}>`,
        `To: ${good}`,
        `Subject: Re: ${send!.subject}`,
        `Message-ID: <imap-reply-1@prospects.test>`,
        `In-Reply-To: ${send!.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        "",
        "Yes, let's talk on Thursday.",
        "",
      ].join("\r\n"),
    );
    await imap.appendMessage(
      good,
      "Junk",
      [
        "From: Lottery <win@spam.test>",
        `To: ${good}`,
        "Subject: You won",
        "Message-ID: <spam-1@spam.test>",
        `Date: ${new Date().toUTCString()}`,
        "",
        "Claim your prize now.",
        "",
      ].join("\r\n"),
    );

    await syncMailboxesNow(ctx);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, send!.contactId!));
    expect(contact?.repliedAt).not.toBeNull();
    const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, send!.contactId!));
    expect(queue.find((q) => q.status !== "sent")?.status).toBe("cancelled");
    const [reply] = await db().select().from(replies).where(eq(replies.userId, owner.userId));
    expect(reply).toMatchObject({ kind: "reply", contactEmail: send!.toEmail, senderEmail: good });
    const [spam] = await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId));
    expect(spam).toMatchObject({ subject: "You won", senderEmail: "win@spam.test", folder: "Junk" });

    const syncs = await db()
      .select({
        email: senderAccounts.email,
        lastError: mailboxSyncs.lastError,
        errorCount: mailboxSyncs.errorCount,
        lastSyncedAt: mailboxSyncs.lastSyncedAt,
      })
      .from(mailboxSyncs)
      .innerJoin(senderAccounts, eq(senderAccounts.id, mailboxSyncs.senderAccountId))
      .where(eq(mailboxSyncs.userId, owner.userId));
    const byEmail = new Map(syncs.map((s) => [s.email, s]));
    expect(byEmail.get(broken)).toMatchObject({ errorCount: 1, lastSyncedAt: null });
    expect(byEmail.get(broken)?.lastError).toContain(`IMAP login failed for ${broken}`);
    expect(byEmail.get(good)).toMatchObject({ errorCount: 0, lastError: null });
    expect(byEmail.get(good)?.lastSyncedAt).not.toBeNull();

    // Restore moves it back to INBOX and removes it from the list.
    const restored = await ctx.request(`/api/spam/${spam!.id}/restore`, { method: "POST", cookie: owner.cookie });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ message: "Email restored to inbox" });
    const client = await imap.client(good);
    try {
      const junk = await client.status("Junk", { messages: true });
      const inbox = await client.status("INBOX", { messages: true });
      expect(junk === false ? "no status" : junk.messages).toBe(0);
      expect(inbox === false ? "no status" : inbox.messages).toBe(2);
    } finally {
      await client.logout();
    }

    // Positions lost (a restore of an old backup, a new worker): everything is read again, nothing twice.
    await db().execute(sql`delete from mailbox_folders`);
    await syncMailboxesNow(ctx);
    // The reply, and the restored spam message (now a received message, issue 28).
    expect(
      (await db().select().from(replies).where(eq(replies.userId, owner.userId))).map((r) => r.kind).sort(),
    ).toEqual(["received", "reply"]);
    expect(await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId))).toHaveLength(0);
  });

  it("fetches a plain-text bounce from bounces@ with a Dutch subject, and fails its send", async () => {
    const owner = await ctx.signUpVerified("imap-bounce-owner@example.com");
    await sendAnyTime(db(), owner.userId);
    const sender = "bounced-sender@imap.test";
    const created = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
      contacts: people(2, "imap-bounce"),
      sequence: [step("Hello {{firstName}}", "Hi"), step("Follow-up", "Again", { amount: 1, unit: "days" })],
    });
    expect((await launch(ctx, owner.cookie, created.campaign.id)).body.emailsSent).toBe(2);
    const box = createSecretBox(ctx.config.appSecret);
    await imap.addUser(sender, "bounce-password");
    await db()
      .update(senderAccounts)
      .set({
        imapHost: imap.host,
        imapPort: imap.port,
        smtpUsername: sender,
        smtpPasswordEncrypted: box.encrypt("bounce-password", secretPurposes.smtpPassword),
      })
      .where(eq(senderAccounts.campaignId, created.campaign.id));
    const [send, other] = await db()
      .select()
      .from(emailSends)
      .where(eq(emailSends.campaignId, created.campaign.id))
      .orderBy(emailSends.toEmail);
    // No multipart/report, no thread headers, a sender the mailbox never wrote to: only the
    // sender (bounces@, a daemon address to the bounce rules) and the Dutch subject say "bounce".
    await imap.appendMessage(
      sender,
      "INBOX",
      [
        "From: Mail Delivery <bounces@mx.prospects.test>",
        `To: ${sender}`,
        `Subject: Onbestelbaar: ${send!.subject}`,
        "Message-ID: <nl-bounce-1@mx.prospects.test>",
        `Date: ${new Date().toUTCString()}`,
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "This message was created automatically by mail delivery software.",
        "",
        "A message that you sent could not be delivered to one or more of its",
        "recipients. This is a permanent error. The following address(es) failed:",
        "",
        `  ${send!.toEmail}`,
        `    host mx.prospects.test [192.0.2.25]`,
        `    SMTP error from remote mail server after RCPT TO:<${send!.toEmail}>:`,
        "    550 5.1.1 User unknown",
        "",
      ].join("\r\n"),
    );

    await syncMailboxesNow(ctx);
    const [failed] = await db().select().from(emailSends).where(eq(emailSends.id, send!.id));
    expect(failed).toMatchObject({ status: "failed", failureCategory: "invalid_address", bounceType: "hard" });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, send!.contactId!));
    expect(contact?.status).toBe("bounced");
    const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, send!.contactId!));
    expect(queue.find((q) => q.status !== "sent")?.status).toBe("cancelled");
    const [bounce] = await db().select().from(replies).where(eq(replies.userId, owner.userId));
    expect(bounce).toMatchObject({ kind: "bounce", replyClass: "bounce", contactEmail: send!.toEmail });
    // The other prospect's send is untouched.
    expect((await db().select().from(emailSends).where(eq(emailSends.id, other!.id)))[0]?.status).toBe("sent");
  });
});
