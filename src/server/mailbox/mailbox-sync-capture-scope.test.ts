// Capture mode: inbound mail arrives at the app's own capture server, which
// every user's sender of one address reads (issue 26). Each test here once
// failed: a DSN or a reply dated in the year 10000 stopped the mailbox for
// good (§3 a); a forged DSN for an address never mailed put it on the
// suppression list (§4); and two users with a sender of the same address saw
// each other's replies and bounces, and suppressed each other's contacts (§4).
import { and, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliveryReport,
  farFutureBounce,
  farFutureReply,
  genuineReply,
  YEAR_10000,
} from "../../../tests/support/hostile-messages.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import {
  contacts,
  emailSends,
  mailboxMessages,
  mailboxSyncs,
  replies,
  scheduledEmails,
  suppressions,
} from "../db/schema/index.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { captureSmtpUrl } from "../mail/system-mailer.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

async function deliver(to: string, raw: string) {
  const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
  try {
    await transport.sendMail({ envelope: { from: "", to }, raw });
  } finally {
    transport.close();
  }
}

let n = 0;
/** A user whose launched 2-step campaign (from `sender`) sent step 1 to `prospects`; same subject for everyone. */
async function launched(sender: string, prospects: string[]) {
  n += 1;
  const owner = await ctx.signUpVerified(`scope-${n}@example.com`);
  await sendAnyTime(db(), owner.userId);
  const created = await createCampaign(ctx, owner.cookie, {
    senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 50 }],
    contacts: people(prospects.length).map((p, i) => ({ ...p, email: prospects[i]! })),
    sequence: [step("Quick question", "Hello"), step("Following up", "Again", { amount: 1, unit: "days" })],
  });
  expect((await launch(ctx, owner.cookie, created.campaign.id)).body.emailsSent).toBe(prospects.length);
  const campaignId = created.campaign.id;
  return {
    owner,
    campaignId,
    async send(to: string) {
      const [row] = await db()
        .select()
        .from(emailSends)
        .where(and(eq(emailSends.campaignId, campaignId), eq(emailSends.toEmail, to)));
      return { ...row!, messageId: row!.messageId! };
    },
    async contact(email: string) {
      const [c] = await db()
        .select()
        .from(contacts)
        .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
      const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, c!.id));
      return { ...c!, step2: queue.find((q) => q.status !== "sent")?.status };
    },
    replies: () => db().select().from(replies).where(eq(replies.userId, owner.userId)),
    suppressed: async () =>
      (await db().select().from(suppressions).where(eq(suppressions.userId, owner.userId))).map((s) => s.email),
    async syncState() {
      const [row] = await db().select().from(mailboxSyncs).where(eq(mailboxSyncs.userId, owner.userId));
      return row!;
    },
  };
}

describe("capture mode: one bad message never stops a mailbox (issue 26 §3 a)", () => {
  it("a DSN and a reply dated 'Sat, 01 Jan 10000' are applied at the time received, and the mail after them too", async () => {
    const sender = "future@acme.test";
    const u = await launched(sender, ["f1@prospects.test", "f2@prospects.test", "f3@prospects.test"]);
    const before = new Date();
    await deliver(sender, farFutureBounce({ sender, send: await u.send("f1@prospects.test") }));
    const futureReply = farFutureReply({ sender, send: await u.send("f2@prospects.test") });
    await deliver(sender, futureReply.raw);
    expect(futureReply.raw).toContain(YEAR_10000);
    const after = genuineReply({ sender, send: await u.send("f3@prospects.test") });
    await deliver(sender, after.raw);
    await syncMailboxesNow(ctx);

    const state = await u.syncState();
    expect(state).toMatchObject({ errorCount: 0, lastError: null });
    expect((await u.send("f1@prospects.test")).status).toBe("failed");
    expect((await u.contact("f1@prospects.test")).step2).toBe("cancelled");
    const stored = await u.replies();
    const future = stored.find((r) => r.messageId === futureReply.messageId);
    // Replaced by the time received: between the test's start and now, not in the year 10000.
    expect(future?.repliedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(future?.repliedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await u.contact("f2@prospects.test")).repliedAt).not.toBeNull();
    expect(stored.map((r) => r.messageId)).toContain(after.messageId);
    expect((await u.contact("f3@prospects.test")).step2).toBe("cancelled");
  });
});

describe("inbound mail can only affect what it is about (issue 26 §4)", () => {
  it("a forged DSN for an address this mailbox never mailed suppresses nothing and is kept as an unmatched notice", async () => {
    const sender = "forged@acme.test";
    const u = await launched(sender, ["g1@prospects.test"]);
    await deliver(sender, deliveryReport({ sender, recipient: "ceo@bigcorp.test" }));
    // Naming the address in the returned headers' Message-ID of a message we never sent changes nothing either.
    await deliver(
      sender,
      deliveryReport({ sender, recipient: "cfo@bigcorp.test", returnedMessageId: "<not-ours@bigcorp.test>" }),
    );
    await syncMailboxesNow(ctx);

    expect(await u.suppressed()).toEqual([]);
    expect(await u.replies()).toEqual([]);
    const ledger = await db()
      .select({ kind: mailboxMessages.kind })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.userId, u.owner.userId));
    expect(ledger.map((l) => l.kind)).toEqual(["unmatched", "unmatched"]);
    expect((await u.contact("g1@prospects.test")).step2).toBe("scheduled");
    expect(await u.syncState()).toMatchObject({ errorCount: 0, lastError: null });
  });

  it("a DSN that returns one of our messages acts on the address that message went to, not on the one it names", async () => {
    const sender = "named@acme.test";
    const u = await launched(sender, ["h1@prospects.test"]);
    const send = await u.send("h1@prospects.test");
    await deliver(
      sender,
      deliveryReport({
        sender,
        recipient: "ceo@bigcorp.test",
        returnedMessageId: send.messageId,
        returnedSubject: send.subject,
      }),
    );
    await syncMailboxesNow(ctx);
    expect(await u.suppressed()).toEqual(["h1@prospects.test"]);
    expect((await u.replies()).map((r) => r.contactEmail)).toEqual(["h1@prospects.test"]);
  });

  it("an unsubscribe request in the thread of a direct send suppresses the address that send went to, not the writer's", async () => {
    const sender = "direct@acme.test";
    const u = await launched(sender, ["d1@prospects.test"]);
    const messageId = `<direct-${n}@acme.test>`;
    await db().insert(emailSends).values({
      userId: u.owner.userId,
      fromEmail: sender,
      toEmail: "pat@prospects.test",
      subject: "Coffee?",
      body: "Hi Pat",
      status: "sent",
      sentAt: new Date(),
      messageId,
    });
    await deliver(
      sender,
      [
        "From: <someone-else@elsewhere.test>",
        `To: ${sender}`,
        "Subject: Re: Coffee?",
        `Message-ID: <unsub-${n}@elsewhere.test>`,
        `In-Reply-To: ${messageId}`,
        "",
        "Please unsubscribe me.",
        "",
      ].join("\r\n"),
    );
    await syncMailboxesNow(ctx);
    expect((await u.replies()).map((r) => r.kind)).toEqual(["unsubscribe"]);
    expect(await u.suppressed()).toEqual(["pat@prospects.test"]);
  });

  it("two users with a sender of the same address: each sees only the replies and bounces to their own sends", async () => {
    const sender = "shared@acme.test";
    const prospect = "same@prospects.test";
    const bounced = "gone@prospects.test";
    const a = await launched(sender, [prospect, bounced]);
    const b = await launched(sender, [prospect, bounced]);
    const aSend = await a.send(prospect);
    const aBounced = await a.send(bounced);
    expect(aSend.subject).toBe((await b.send(prospect)).subject);

    // A answers A's send (In-Reply-To), and A's send to `bounced` bounces (its Message-ID returned).
    const reply = genuineReply({ sender, send: aSend });
    await deliver(sender, reply.raw);
    await deliver(
      sender,
      deliveryReport({
        sender,
        recipient: bounced,
        returnedMessageId: aBounced.messageId,
        returnedSubject: aBounced.subject,
      }),
    );
    await syncMailboxesNow(ctx);

    expect((await a.replies()).map((r) => [r.kind, r.contactEmail]).sort()).toEqual([
      ["bounce", bounced],
      ["reply", prospect],
    ]);
    expect((await a.contact(prospect)).step2).toBe("cancelled");
    expect(await a.suppressed()).toEqual([bounced]);
    expect((await a.send(bounced)).status).toBe("failed");

    expect(await b.replies()).toEqual([]);
    expect((await b.contact(prospect)).step2).toBe("scheduled");
    expect((await b.contact(prospect)).repliedAt).toBeNull();
    expect((await b.contact(bounced)).step2).toBe("scheduled");
    expect(await b.suppressed()).toEqual([]);
    expect((await b.send(bounced)).status).toBe("sent");

    // Without thread headers ('Re:' and the address only), the reply goes to one user: the one who wrote last.
    await deliver(
      sender,
      [
        `From: <${prospect}>`,
        `To: ${sender}`,
        `Subject: Re: ${aSend.subject}`,
        `Message-ID: <unthreaded-${n}@prospects.test>`,
        "",
        "Call me.",
        "",
      ].join("\r\n"),
    );
    await syncMailboxesNow(ctx);
    const owners = await queryRows<{ user_id: string }>(
      db(),
      sql`select user_id from replies where message_id = ${`<unthreaded-${n}@prospects.test>`}`,
    );
    expect(owners.map((r) => r.user_id)).toEqual([b.owner.userId]);
  });
});
