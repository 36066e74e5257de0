// Restore over real IMAP (a throw-away Dovecot), followed to where the app
// shows the message (issue 28): a message lands in Junk, the sync records it
// as spam, Restore moves it back to INBOX, and the Inbox lists it, under its
// contact's Replies when it comes from one, else in Received. Restoring twice
// or another user's message is a 404 and changes nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { InboxReplies } from "#shared/inbox/inbox.schemas.ts";
import { type Dovecot, describeWithImap, startDovecot } from "../../../../tests/support/dovecot.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { contacts, emailSends, replies, senderAccounts, spamEmails } from "../../db/schema/index.ts";

describeWithImap("Restore a spam message over IMAP", () => {
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

  const junk = (from: string, to: string, id: string, subject: string, body: string) =>
    [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${id}>`,
      `Date: ${new Date().toUTCString()}`,
      "",
      body,
      "",
    ].join("\r\n");

  /** The owner's one-step campaign, launched, its sender read over IMAP from Dovecot; its one send. */
  async function launchedWithImapSender(ownerId: string, cookie: string, sender: string) {
    await sendAnyTime(db(), ownerId);
    const created = await createCampaign(ctx, cookie, {
      senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
      contacts: people(1, sender.split("@")[0]!),
      sequence: [step("Hello {{firstName}}", "Hi")],
    });
    expect((await launch(ctx, cookie, created.campaign.id)).body.emailsSent).toBe(1);
    await imap.addUser(sender, "pw");
    const box = createSecretBox(ctx.config.appSecret);
    await db()
      .update(senderAccounts)
      .set({
        imapHost: imap.host,
        imapPort: imap.port,
        smtpUsername: sender,
        smtpPasswordEncrypted: box.encrypt("pw", secretPurposes.smtpPassword),
      })
      .where(and(eq(senderAccounts.campaignId, created.campaign.id), eq(senderAccounts.email, sender)));
    const [send] = await db().select().from(emailSends).where(eq(emailSends.campaignId, created.campaign.id));
    return send!;
  }

  it("moves it back to INBOX and lists it under its contact's Replies, or in Received; twice or another's is a 404", async () => {
    const owner = await ctx.signUpVerified("restore-owner@example.com");
    const other = await ctx.signUpVerified("restore-other@example.com");
    const sender = "restore@imap.test";
    const send = await launchedWithImapSender(owner.userId, owner.cookie, sender);
    // The contact's answer, without threading headers, filed as Junk; and a stranger's message.
    await imap.appendMessage(sender, "Junk", junk(send.toEmail, sender, "c1@p.test", "About your note", "Call me."));
    await imap.appendMessage(sender, "Junk", junk("stranger@else.test", sender, "s1@e.test", "Hi there", "Hello."));
    await syncMailboxesNow(ctx);
    const spam = await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId));
    expect(spam.map((s) => s.subject).sort()).toEqual(["About your note", "Hi there"]);
    const idOf = (subject: string) => spam.find((s) => s.subject === subject)!.id;

    const received = async (cookie: string) =>
      ((await (await ctx.request("/api/inbox/received", { cookie })).json()) as InboxReplies).replies;
    const contactReplies = async () =>
      (
        (await (
          await ctx.request(`/api/inbox/replies?contactId=${send.contactId}`, { cookie: owner.cookie })
        ).json()) as InboxReplies
      ).replies;
    expect(await received(owner.cookie)).toEqual([]);
    expect(await contactReplies()).toEqual([]);

    // Another user cannot restore it: 404, the message stays in Junk and in the list.
    const foreign = await ctx.request(`/api/spam/${idOf("Hi there")}/restore`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { code: "not_found", message: "Spam email not found" } });
    expect(await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId))).toHaveLength(2);

    for (const subject of ["About your note", "Hi there"]) {
      const res = await ctx.request(`/api/spam/${idOf(subject)}/restore`, { method: "POST", cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Email restored to inbox" });
    }
    const client = await imap.client(sender);
    try {
      const junkStatus = await client.status("Junk", { messages: true });
      const inboxStatus = await client.status("INBOX", { messages: true });
      expect(junkStatus === false ? "no status" : junkStatus.messages).toBe(0);
      expect(inboxStatus === false ? "no status" : inboxStatus.messages).toBe(2);
    } finally {
      await client.logout();
    }

    // The contact's message: under the contact's Replies, as received (not counted as a reply).
    expect(await contactReplies()).toMatchObject([
      { subject: "About your note", fromEmail: send.toEmail, toEmail: sender, content: "Call me.", kind: "received" },
    ]);
    // The stranger's: in Received, and only the owner's.
    expect(await received(owner.cookie)).toMatchObject([
      { subject: "Hi there", fromEmail: "stranger@else.test", toEmail: sender, content: "Hello.", kind: "received" },
    ]);
    expect(await received(other.cookie)).toEqual([]);

    // Restoring again: 404, nothing added.
    const again = await ctx.request(`/api/spam/${idOf("Hi there")}/restore`, { method: "POST", cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: "not_found" } });
    // The next sync reads the moved messages in INBOX; nothing is listed twice.
    await syncMailboxesNow(ctx);
    expect(await db().select().from(replies).where(eq(replies.userId, owner.userId))).toHaveLength(2);
    expect(await received(owner.cookie)).toHaveLength(1);
  }, 120_000);

  it("a restored answer to a send is a reply once the sync reads it in INBOX: linked to its send, the contact marked replied", async () => {
    const owner = await ctx.signUpVerified("restore-threaded@example.com");
    const sender = "threaded@imap.test";
    const send = await launchedWithImapSender(owner.userId, owner.cookie, sender);
    const answer = junk(send.toEmail, sender, "t1@p.test", "Re: Hello", "Yes, let us talk.").replace(
      "\r\n\r\n",
      `\r\nIn-Reply-To: ${send.messageId}\r\nReferences: ${send.messageId}\r\n\r\n`,
    );
    await imap.appendMessage(sender, "Junk", answer);
    await syncMailboxesNow(ctx);
    const [spam] = await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId));
    const res = await ctx.request(`/api/spam/${spam!.id}/restore`, { method: "POST", cookie: owner.cookie });
    expect(res.status).toBe(200);

    await syncMailboxesNow(ctx);
    const rows = await db().select().from(replies).where(eq(replies.userId, owner.userId));
    expect(rows.map((r) => ({ kind: r.kind, emailSendId: r.emailSendId }))).toEqual([
      { kind: "reply", emailSendId: send.id },
    ]);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, send.contactId!));
    expect(contact!.repliedAt).not.toBeNull();
  }, 120_000);
});
