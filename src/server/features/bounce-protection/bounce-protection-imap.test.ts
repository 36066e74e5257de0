// The test of bounce protection (issue 31 §2), with the bounces read
// from the sender's mailbox over real IMAP (a throw-away Dovecot) as the
// mailbox sync reads them: a campaign of 60 contacts whose first 3 sends
// hard-bounce pauses its sender; the other 57 contacts wait (queued, none
// sent, none failed), the next day too; Resume sends them. And spam
// complaints (feedback reports) read from the mailbox mark their sends,
// suppress the addresses and, at three, pause the sender.
//
// The reports are fixtures (../../mailbox/fixtures/bounces and complaints)
// with the test's addresses and Message-IDs put in: alice@sender.test is the
// sender, nobody@prospect.test the recipient, <send-1.1733220000@sender.test>
// the returned message.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { type Dovecot, describeWithImap, startDovecot } from "../../../../tests/support/dovecot.ts";
import { syncMailboxesNow } from "../../../../tests/support/mailbox-fixtures.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  setSendingSettings,
  sinkTransports,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import {
  campaigns,
  contacts,
  emailSends,
  scheduledEmails,
  senderAccounts,
  senderProtection,
  suppressions,
} from "../../db/schema/index.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";

const FIXTURES = join(import.meta.dirname, "../../mailbox/fixtures");
const DSN = readFileSync(join(FIXTURES, "bounces/rfc-3464-postfix-5-1-1-user-unknown-returned-message.eml"), "utf8");
const ARF = readFileSync(join(FIXTURES, "complaints/arf-abuse-report.eml"), "utf8");

/** A fixture report about one of our sends: its sender, recipient and Message-ID, a report id of its own. */
function reportAbout(
  template: string,
  send: { fromEmail: string; toEmail: string; messageId: string | null },
  n: number,
) {
  return template
    .replaceAll("alice@sender.test", send.fromEmail)
    .replaceAll("nobody@prospect.test", send.toEmail)
    .replaceAll("<send-1.1733220000@sender.test>", send.messageId ?? "")
    .replace(/^Message-ID: <(dsn|arf)-1@/m, `Message-ID: <$1-${n}@`)
    .replace(/^Date: .*$/m, `Date: ${new Date().toUTCString()}`)
    .replace(/\r?\n/g, "\r\n");
}

describeWithImap("bounce protection with reports read over IMAP", () => {
  const START = "2026-12-07T10:00:00.000Z";
  const clock = fakeClock(START);
  let imap: Dovecot;
  let sink: SmtpSink;
  let transports: TransportFactory;
  let ctx: TestContext;
  beforeAll(async () => {
    imap = await startDovecot();
    sink = await startSmtpSink();
    transports = sinkTransports(testConfig(), sink.port);
    // No worker of the app's: the test runs the rounds, so that exactly the first 3 go before the bounces.
    ctx = await createTestContext({}, undefined, { transports, now: clock.now, sendWorker: false });
  });
  afterEach(() => {
    sink.reset();
    clock.set(START);
  });
  afterAll(async () => {
    transports?.closeAll();
    await ctx?.close();
    await sink?.close();
    await imap?.stop();
  });
  const db = () => ctx.database.db;
  const worker = () => testWorker({ db: db(), config: ctx.config, transports, clock });

  /** A launched campaign from `sender`, whose mailbox is read on the test's Dovecot. */
  async function campaignReadOverImap(owner: { cookie: string }, sender: string, contactCount: number, prefix: string) {
    const created = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 100 }],
      contacts: people(contactCount, prefix),
      sequence: [step("Hello {{firstName}}", "Hi {{firstName}}")],
    });
    expect((await launch(ctx, owner.cookie, created.campaign.id)).status).toBe(200);
    await imap.addUser(sender, "mailbox-password");
    await db()
      .update(senderAccounts)
      .set({
        imapHost: imap.host,
        imapPort: imap.port,
        smtpUsername: sender,
        smtpPasswordEncrypted: createSecretBox(ctx.config.appSecret).encrypt(
          "mailbox-password",
          secretPurposes.smtpPassword,
        ),
      })
      .where(eq(senderAccounts.campaignId, created.campaign.id));
    return created.campaign.id;
  }

  /** Claims and delivers `limit` of the user's due sends, as one worker round would. */
  async function sendFirst(userId: string, limit: number) {
    const w = worker();
    const batch = await db().transaction((tx) => w.claim(tx, { userId, limit }));
    await w.deliver(batch);
  }

  const sendsOf = (campaignId: string) => db().select().from(emailSends).where(eq(emailSends.campaignId, campaignId));
  const queueOf = async (campaignId: string) =>
    (await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId))).map((r) => r.status);
  const count = (list: string[], status: string) => list.filter((s) => s === status).length;

  it("a campaign of 60 whose first 3 hard-bounce pauses its sender; the other 57 wait; Resume sends them", async () => {
    const owner = await ctx.signUpVerified("imap-protected@example.com");
    // A day's limit above 60, so that what Resume releases goes out in one day.
    await setSendingSettings(db(), owner.userId, { dailySendLimit: 100 });
    const sender = "protected@imap.test";
    // The user's thresholds stay the defaults (3% of at least 50 sends, which also hold the campaign);
    // the sender's own minimum is 3, so that the 3 bounces of the first 3 sends pause it.
    const own = await ctx.request("/api/bounce-protection/senders", {
      method: "PUT",
      cookie: owner.cookie,
      json: { email: sender, bounceRatePercent: null, minSends: 3 },
    });
    expect(own.status).toBe(200);
    const campaignId = await campaignReadOverImap(owner, sender, 60, "protected");
    expect(count(await queueOf(campaignId), "scheduled")).toBe(60);

    await sendFirst(owner.userId, 3);
    expect(sink.messages).toHaveLength(3);
    const first = await sendsOf(campaignId);
    expect(first.map((s) => s.status)).toEqual(["sent", "sent", "sent"]);
    for (const [i, send] of first.entries()) {
      await imap.appendMessage(sender, "INBOX", reportAbout(DSN, send, i + 1));
    }
    await syncMailboxesNow(ctx);

    // The 3 sends failed as hard bounces (5.1.1: the address does not exist), and the sender is paused:
    // the first report already tripped its rule (1 in 3 is 3% or more of at least 3 sends), the two
    // others were recorded while it was paused.
    const bounced = await sendsOf(campaignId);
    expect(bounced.map((s) => [s.status, s.bounceType, s.failureReason])).toEqual([
      ["failed", "hard", "user_unknown"],
      ["failed", "hard", "user_unknown"],
      ["failed", "hard", "user_unknown"],
    ]);
    const [pause] = await db()
      .select()
      .from(senderProtection)
      .where(and(eq(senderProtection.userId, owner.userId), eq(senderProtection.email, sender)));
    expect(pause).toMatchObject({
      pauseReason: "bounce_rate",
      pauseDetail: "1 hard bounce in 3 sends (33.3%) in the last 7 days",
    });
    const shown = await ctx.request("/api/bounce-protection", { cookie: owner.cookie });
    expect(((await shown.json()) as { senders: unknown[] }).senders).toEqual([
      {
        email: sender,
        bounceRatePercent: null,
        minSends: 3,
        pause: {
          reason: "bounce_rate",
          detail: "1 hard bounce in 3 sends (33.3%) in the last 7 days",
          pausedAt: expect.any(String),
        },
      },
    ]);

    // The other 57 wait: every worker round, that day and the next, sends none of them and fails none.
    await drain(worker());
    clock.advance(DAY);
    await drain(worker());
    expect(sink.messages).toHaveLength(3);
    // (The 3 bounced steps' queue rows say they were sent; their send records say they bounced.)
    const waiting = await queueOf(campaignId);
    expect(count(waiting, "scheduled")).toBe(57);
    expect(count(waiting, "sent")).toBe(3);
    expect((await sendsOf(campaignId)).map((s) => s.status)).toEqual(["failed", "failed", "failed"]);

    // Resume (what the Resume button posts), and the next rounds send them all.
    const resumed = await ctx.request("/api/bounce-protection/senders/resume", {
      method: "POST",
      cookie: owner.cookie,
      json: { email: sender },
    });
    expect(resumed.status).toBe(200);
    await drain(worker());
    expect(sink.messages).toHaveLength(60);
    const after = await sendsOf(campaignId);
    expect(
      count(
        after.map((s) => s.status),
        "sent",
      ),
    ).toBe(57);
    expect(count(await queueOf(campaignId), "scheduled")).toBe(0);
    // It counts from the Resume: one more bounce is 1 in the 57 sends since (1.8%, under 3%); with the
    // 3 that paused it counted again it would be 4 in 60 (6.7%), and it would pause again.
    const later = (await sendsOf(campaignId)).find((s) => s.status === "sent")!;
    await imap.appendMessage(sender, "INBOX", reportAbout(DSN, later, 4));
    await syncMailboxesNow(ctx);
    expect((await sendsOf(campaignId)).filter((s) => s.status === "failed")).toHaveLength(4);
    const [still] = await db()
      .select()
      .from(senderProtection)
      .where(and(eq(senderProtection.userId, owner.userId), eq(senderProtection.email, sender)));
    expect(still?.pausedAt).toBeNull();
    // The campaign counts its own sends, never resumed: 4 in 60 is 3% or more of at least 50, so it pauses.
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({
      status: "paused",
      autoPauseReason: "bounce_rate",
      autoPauseDetail: "4 hard bounces in 60 sends (6.7%) in the last 7 days",
    });
  });

  it("spam complaints read from the mailbox mark their sends, suppress the addresses, and at 3 pause the sender", async () => {
    const owner = await ctx.signUpVerified("imap-complaints@example.com");
    const sender = "complained-about@imap.test";
    const campaignId = await campaignReadOverImap(owner, sender, 10, "complaints");
    await sendFirst(owner.userId, 10);
    const sends = await sendsOf(campaignId);
    expect(sends).toHaveLength(10);
    // Two reports in INBOX, a third filed in Junk (a report is one wherever it lands).
    await imap.appendMessage(sender, "INBOX", reportAbout(ARF, sends[0]!, 1));
    await imap.appendMessage(sender, "INBOX", reportAbout(ARF, sends[1]!, 2));
    await syncMailboxesNow(ctx);
    const marked = await db().select().from(emailSends).where(sql`${emailSends.complainedAt} is not null`);
    expect(marked.map((s) => s.id).sort()).toEqual([sends[0]!.id, sends[1]!.id].sort());
    const [contact] = await db().select().from(contacts).where(eq(contacts.email, sends[0]!.toEmail));
    expect(contact?.status).toBe("unsubscribed");
    const [suppressed] = await db()
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, owner.userId), eq(suppressions.email, sends[0]!.toEmail)));
    expect(suppressed?.reason).toBe("complained");
    // Two complaints: under the three that pause.
    expect(await db().select().from(senderProtection).where(eq(senderProtection.userId, owner.userId))).toEqual([]);

    await imap.appendMessage(sender, "Junk", reportAbout(ARF, sends[2]!, 3));
    await syncMailboxesNow(ctx);
    const [pause] = await db().select().from(senderProtection).where(eq(senderProtection.userId, owner.userId));
    expect(pause).toMatchObject({
      email: sender,
      pauseReason: "spam_complaints",
      pauseDetail: "3 emails marked as spam in 10 sends (30.0%) in the last 7 days",
    });
  });
});
