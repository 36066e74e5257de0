// The mailbox sync of a Gmail-connected sender, through the sources factory
// and the engine, against the local Google stand-in: a reply in INBOX stops
// the contact's sequence, a SPAM-labelled message becomes a spam row that
// Restore moves back to INBOX (labels), and a revoked grant is recorded on the
// mailbox as its error.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../../../tests/support/fake-google.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { secretPurposes } from "../crypto/secret-purposes.ts";
import { contacts, emailSends, mailboxSyncs, replies, senderAccounts, spamEmails } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";

let ctx: TestContext;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  ctx = await createTestContext(google.env());
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

const db = () => ctx.database.db;
const _log = createLogger("silent");

describe("mailbox sync of a Gmail sender", () => {
  it("reads replies and spam through the Gmail API, restores spam by labels, and records a revoked grant", async () => {
    const owner = await ctx.signUpVerified("gmail-sync@example.com");
    await sendAnyTime(db(), owner.userId);
    const sender = "jane@gmail.test";
    const created = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
      contacts: people(2, "gm"),
      sequence: [step("Hello {{firstName}}", "Hi"), step("Follow-up", "Again", { amount: 1, unit: "days" })],
    });
    expect((await launch(ctx, owner.cookie, created.campaign.id)).body.emailsSent).toBe(2);
    // Connected as Gmail Sync's token exchange leaves it (gmail-connect.service.ts).
    const token = google.grant(sender);
    await db()
      .update(senderAccounts)
      .set({
        gmailSyncEnabled: true,
        gmailRefreshTokenEncrypted: createSecretBox(ctx.config.appSecret).encrypt(
          token,
          secretPurposes.gmailRefreshToken,
        ),
      })
      .where(eq(senderAccounts.campaignId, created.campaign.id));
    const [send] = await db()
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, created.campaign.id), eq(emailSends.toEmail, "gm-1@prospects.test")));
    const message = (headers: string[], body: string) =>
      [...headers, `Date: ${new Date().toUTCString()}`, "", body, ""].join("\r\n");
    google.deliver(
      sender,
      message(
        [
          `From: <${send!.toEmail}>`,
          `To: ${sender}`,
          `Subject: Re: ${send!.subject}`,
          "Message-ID: <gm-reply@prospects.test>",
          `In-Reply-To: ${send!.messageId}`,
        ],
        "Interested, send me the details.",
      ),
    );
    const spam = google.deliver(
      sender,
      message(
        ["From: <win@spam.test>", `To: ${sender}`, "Subject: Prize", "Message-ID: <gm-spam@spam.test>"],
        "Claim it.",
      ),
      { labelIds: ["SPAM"] },
    );

    await syncMailboxesNow(ctx);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, send!.contactId!));
    expect(contact?.repliedAt).not.toBeNull();
    const [reply] = await db().select().from(replies).where(eq(replies.userId, owner.userId));
    expect(reply).toMatchObject({ kind: "reply", replyClass: "interested", senderEmail: sender });
    const [spamRow] = await db().select().from(spamEmails).where(eq(spamEmails.userId, owner.userId));
    expect(spamRow).toMatchObject({ subject: "Prize", senderEmail: "win@spam.test" });

    const restored = await ctx.request(`/api/spam/${spamRow!.id}/restore`, { method: "POST", cookie: owner.cookie });
    expect(restored.status).toBe(200);
    const labels = google.messages(sender).find((m) => m.id === spam.id)?.labelIds ?? [];
    expect(labels).toContain("INBOX");
    expect(labels).not.toContain("SPAM");

    // The user revoked the app's access at Google: the next sync records why, on this mailbox.
    await db()
      .update(senderAccounts)
      .set({
        gmailRefreshTokenEncrypted: createSecretBox(ctx.config.appSecret).encrypt(
          "revoked-token",
          secretPurposes.gmailRefreshToken,
        ),
      })
      .where(eq(senderAccounts.campaignId, created.campaign.id));
    await syncMailboxesNow(ctx);
    const [state] = await db().select().from(mailboxSyncs).where(eq(mailboxSyncs.userId, owner.userId));
    expect(state?.errorCount).toBe(1);
    expect(state?.lastError).toMatch(/Gmail/);
    expect(state?.lastError).not.toContain("revoked-token");
  });
});
