// One bad message must never stop a mailbox (issue 26 §3), over real IMAP (a
// throw-away Dovecot). The fixed cases once stopped their sender's sync for
// good: 1,200 text/plain parts (b), a quoted-printable `=00` (c), a 9.6 KB
// Message-ID (d); a message the database refuses is skipped with its reason
// and the folder moves past it; a failure of the sync itself is told in plain
// words and releases the lease. Then fast-check's hostile messages, each
// followed by a genuine threaded reply that must always be recorded and stop
// its contact's sequence. A failure prints the seed: FC_SEED=<seed> replays it.
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Dovecot, describeWithImap, startDovecot } from "../../../tests/support/dovecot.ts";
import {
  genuineReply,
  hostileMessage,
  longMessageIdBounce,
  manyPartsReply,
  nulBodyReply,
  propertySeed,
  type SentMessage,
} from "../../../tests/support/hostile-messages.ts";
import { sendAnyTime, syncMailboxesNow } from "../../../tests/support/mailbox-fixtures.ts";
import { createCampaign, launch, people, step } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { secretPurposes } from "../crypto/secret-purposes.ts";
import {
  contacts,
  emailSends,
  mailboxFolders,
  mailboxMessages,
  mailboxSyncs,
  replies,
  scheduledEmails,
  senderAccounts,
} from "../db/schema/index.ts";
import { queryRows } from "../db/sql-helpers.ts";

describeWithImap("one bad message never stops a mailbox (IMAP)", () => {
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

  let users = 0;
  /**
   * A user with a saved sender reading its INBOX on Dovecot, and contacts to
   * reply as: launched 20 at a time (2-step campaigns from that sender) as
   * they are used up.
   */
  async function mailbox() {
    users += 1;
    const owner = await ctx.signUpVerified(`bad-message-${users}@example.com`);
    await sendAnyTime(db(), owner.userId);
    const sender = `box${users}@imap.test`;
    await imap.addUser(sender, "secret");
    const [account] = await db()
      .insert(senderAccounts)
      .values({
        userId: owner.userId,
        email: sender,
        provider: "custom",
        imapHost: imap.host,
        imapPort: imap.port,
        smtpUsername: sender,
        smtpPasswordEncrypted: createSecretBox(ctx.config.appSecret).encrypt("secret", secretPurposes.smtpPassword),
      })
      .returning();
    const pool: (SentMessage & { contactId: string })[] = [];
    let campaigns = 0;
    async function refill() {
      campaigns += 1;
      const created = await createCampaign(ctx, owner.cookie, {
        senderAccounts: [{ email: sender, provider: "custom", dailyLimit: 500 }],
        contacts: people(20, `u${users}c${campaigns}`),
        sequence: [step("Quick question", "Hello"), step("Following up", "Again", { amount: 1, unit: "days" })],
      });
      expect((await launch(ctx, owner.cookie, created.campaign.id)).body.emailsSent).toBe(20);
      const sends = await db().select().from(emailSends).where(eq(emailSends.campaignId, created.campaign.id));
      for (const s of sends) {
        pool.push({ messageId: s.messageId!, subject: s.subject, toEmail: s.toEmail, contactId: s.contactId! });
      }
    }
    const used: (SentMessage & { contactId: string })[] = [];
    return {
      owner,
      sender,
      accountId: account!.id,
      used,
      /** A contact not replied to yet, with its step 1. */
      async next() {
        if (pool.length === 0) await refill();
        const c = pool.shift()!;
        used.push(c);
        return c;
      },
      async replied(messageId: string) {
        const [row] = await db()
          .select()
          .from(replies)
          .where(and(eq(replies.userId, owner.userId), eq(replies.messageId, messageId)));
        return row;
      },
      async stopped(contactId: string) {
        const [c] = await db().select().from(contacts).where(eq(contacts.id, contactId));
        const queue = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contactId));
        return { repliedAt: c?.repliedAt ?? null, step2: queue.find((q) => q.status !== "sent")?.status };
      },
      async state() {
        const [row] = await db().select().from(mailboxSyncs).where(eq(mailboxSyncs.senderAccountId, account!.id));
        const [folder] = await db()
          .select()
          .from(mailboxFolders)
          .where(and(eq(mailboxFolders.senderAccountId, account!.id), eq(mailboxFolders.folder, "INBOX")));
        return { ...row!, lastUid: folder?.lastUid ?? 0 };
      },
      ledger: () => db().select().from(mailboxMessages).where(eq(mailboxMessages.senderAccountId, account!.id)),
    };
  }
  type Mailbox = Awaited<ReturnType<typeof mailbox>>;

  /** APPENDs, or (a server that refuses raw NUL bytes over APPEND) writes into the Maildir. */
  async function deliver(box: Mailbox, raw: string | Buffer): Promise<void> {
    try {
      await imap.appendMessage(box.sender, "INBOX", raw);
    } catch {
      imap.writeMessages(box.sender, "INBOX", [{ raw }]);
    }
  }

  /** The genuine reply after a bad message: recorded, its contact's sequence stopped, the mailbox without error. */
  async function expectReplyRecorded(box: Mailbox, contact: SentMessage & { contactId: string }, messageId: string) {
    const reply = await box.replied(messageId);
    if (!reply) {
      // What the mailbox's record says, for the one replaying a failure.
      const state = await box.state();
      const ledger = (await box.ledger()).map(
        (l) => `${l.sourceKey} ${l.kind}${l.skipReason ? ` ${l.skipReason}` : ""}`,
      );
      expect.fail(
        `the genuine reply ${messageId} was not recorded; mailbox: errors ${state.errorCount} (${state.lastError}), ` +
          `INBOX read up to UID ${state.lastUid}; ledger: ${ledger.slice(-4).join(", ")}`,
      );
    }
    expect(reply).toMatchObject({ kind: "reply", contactEmail: contact.toEmail });
    expect(await box.stopped(contact.contactId)).toMatchObject({ step2: "cancelled", repliedAt: expect.any(Date) });
    expect(await box.state()).toMatchObject({ errorCount: 0, lastError: null, leaseOwner: null });
  }

  it("(b) 1,200 text/plain parts: the reply is read as far as is safe and recorded, and so is the next one", async () => {
    const box = await mailbox();
    const first = await box.next();
    const many = manyPartsReply({ sender: box.sender, send: first });
    expect(many.raw.length).toBeGreaterThan(40_000);
    await deliver(box, many.raw);
    const second = await box.next();
    const after = genuineReply({ sender: box.sender, send: second });
    await deliver(box, after.raw);
    await syncMailboxesNow(ctx);

    const read = await box.replied(many.messageId);
    expect(read?.kind).toBe("reply");
    // Its parts up to the bound (900 delimiters), not the 1,200 it has.
    expect(read?.replyContent).toMatch(/^Yes, call me\.\np1\np2\n/);
    expect(read?.replyContent).toContain("\np800\n");
    expect(read?.replyContent).not.toContain("p1199");
    expect((await box.stopped(first.contactId)).step2).toBe("cancelled");
    await expectReplyRecorded(box, second, after.messageId);
  });

  it("(c) a quoted-printable '=00': the reply is recorded without the NUL, and the next one too", async () => {
    const box = await mailbox();
    const first = await box.next();
    const nul = nulBodyReply({ sender: box.sender, send: first });
    await deliver(box, nul.raw);
    const second = await box.next();
    const after = genuineReply({ sender: box.sender, send: second });
    await deliver(box, after.raw);
    await syncMailboxesNow(ctx);

    expect((await box.replied(nul.messageId))?.replyContent).toBe("Sounds good, let's talk.");
    await expectReplyRecorded(box, second, after.messageId);
  });

  it("(d) a bounce whose Message-ID is 9.6 KB: the bounce fails its send, the id is kept hashed, the next reply is recorded", async () => {
    const box = await mailbox();
    const first = await box.next();
    const bounce = longMessageIdBounce({ sender: box.sender, send: first });
    expect(bounce.messageId.length).toBeGreaterThan(9_600);
    await deliver(box, bounce.raw);
    const second = await box.next();
    const after = genuineReply({ sender: box.sender, send: second });
    await deliver(box, after.raw);
    await syncMailboxesNow(ctx);

    const [send] = await db().select().from(emailSends).where(eq(emailSends.messageId, first.messageId));
    expect(send).toMatchObject({ status: "failed", bounceType: "hard" });
    const bounceRow = (await box.ledger()).find((l) => l.kind === "bounce");
    expect(bounceRow?.messageId?.length).toBeLessThan(200);
    await expectReplyRecorded(box, second, after.messageId);
  });

  it("a message the database refuses is skipped with its reason, the folder moves past it, and the screens say so", async () => {
    const box = await mailbox();
    // A fault of the database's own, for one message: every reply whose subject says 'poison' is refused.
    await db().execute(sql`create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.subject like '%poison%' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger refuse_poison before insert on replies for each row execute function refuse_poison()`,
    );
    try {
      const first = await box.next();
      const poison = genuineReply({ sender: box.sender, send: { ...first, subject: `${first.subject} poison` } });
      await deliver(box, poison.raw);
      const second = await box.next();
      const after = genuineReply({ sender: box.sender, send: second });
      await deliver(box, after.raw);
      await syncMailboxesNow(ctx);

      await expectReplyRecorded(box, second, after.messageId);
      expect(await box.replied(poison.messageId)).toBeUndefined();
      // Nothing of what it would have done is kept: the contact it answers is not stopped.
      expect((await box.stopped(first.contactId)).step2).toBe("scheduled");
      const skipped = (await box.ledger()).filter((l) => l.kind === "skipped");
      expect(skipped).toMatchObject([{ skipReason: "not_saved", messageId: poison.messageId }]);

      // A sync again does not try it again (the folder moved past it).
      await syncMailboxesNow(ctx);
      expect((await box.ledger()).filter((l) => l.kind === "skipped")).toHaveLength(1);

      const card = await (await ctx.request("/api/dashboard/mail-sync", { cookie: box.owner.cookie })).json();
      expect(card).toMatchObject({ state: "working", skipped: [{ reason: "not_saved", count: 1 }] });
      const { senders } = (await (await ctx.request("/api/senders", { cookie: box.owner.cookie })).json()) as {
        senders: { email: string; mailboxSync: { skipped: unknown } | null }[];
      };
      expect(senders.find((s) => s.email === box.sender)?.mailboxSync?.skipped).toMatchObject([
        { reason: "not_saved", count: 1 },
      ]);
    } finally {
      await db().execute(sql`drop trigger if exists refuse_poison on replies`);
    }
  });

  it("a failure of the sync itself is told in plain words (no SQL, no ids) and releases the mailbox's lease", async () => {
    const box = await mailbox();
    const first = await box.next();
    await deliver(box, genuineReply({ sender: box.sender, send: first }).raw);
    await db().execute(sql`create or replace function refuse_position() returns trigger language plpgsql as $$
      begin raise exception 'position refused by the test'; end $$`);
    await db().execute(
      sql`create trigger refuse_position before insert or update on mailbox_folders for each row execute function refuse_position()`,
    );
    try {
      await syncMailboxesNow(ctx);
    } finally {
      await db().execute(sql`drop trigger if exists refuse_position on mailbox_folders`);
    }
    const state = await box.state();
    expect(state).toMatchObject({ errorCount: 1, leaseOwner: null, leaseExpiresAt: null });
    expect(state.lastError).toBe(
      "The mailbox sync could not save what it read (a database error). It will try again at the next sync.",
    );
    expect(state.lastError).not.toMatch(/insert|select|mailbox_folders|refused by the test|[0-9a-f]{8}-[0-9a-f]{4}/i);
    // The next run succeeds: the reply whose position could not be stored is recorded then.
    await syncMailboxesNow(ctx);
    expect((await box.stopped(first.contactId)).step2).toBe("cancelled");
    expect(await box.state()).toMatchObject({ errorCount: 0 });
  });

  it("a long chunk is committed in parts: a sync cut short keeps what it applied, and the next one goes on", async () => {
    const box = await mailbox();
    const contacts3 = [await box.next(), await box.next(), await box.next()];
    const answers = contacts3.map((c) => genuineReply({ sender: box.sender, send: c }));
    for (const a of answers) await deliver(box, a.raw);
    // The chunk's last part (with the folder's position) fails: the parts before it stay.
    await db().execute(sql`create or replace function refuse_position() returns trigger language plpgsql as $$
      begin raise exception 'position refused by the test'; end $$`);
    await db().execute(
      sql`create trigger refuse_position before insert or update on mailbox_folders for each row execute function refuse_position()`,
    );
    try {
      // Every part as short as possible: one message each.
      await syncMailboxesNow(ctx, { commitEveryMs: 0 });
    } finally {
      await db().execute(sql`drop trigger if exists refuse_position on mailbox_folders`);
    }
    const recorded = async () =>
      (await Promise.all(answers.map((a) => box.replied(a.messageId)))).map((r) => r !== undefined);
    expect(await recorded()).toEqual([true, true, false]);
    expect((await box.state()).errorCount).toBe(1);

    await syncMailboxesNow(ctx);
    expect(await recorded()).toEqual([true, true, true]);
    const [n] = await queryRows<{ replies: number; ledger: number }>(
      db(),
      sql`select (select count(*)::int from replies where user_id = ${box.owner.userId}) as replies,
                 (select count(*)::int from mailbox_messages where sender_account_id = ${box.accountId}::uuid) as ledger`,
    );
    expect(n).toEqual({ replies: 3, ledger: 3 });
    for (const c of contacts3) expect((await box.stopped(c.contactId)).step2).toBe("cancelled");
  });

  it("hostile messages (fast-check): each is followed by a genuine reply that is always recorded", async () => {
    const box = await mailbox();
    // Real ids to claim: sends of contacts the property does not look at again.
    const decoys = [await box.next(), await box.next()];
    await fc.assert(
      fc.asyncProperty(
        hostileMessage({
          sender: box.sender,
          threadIds: decoys.map((d) => d.messageId),
          addresses: decoys.map((d) => d.toEmail),
        }),
        async (hostile) => {
          const contact = await box.next();
          await deliver(box, hostile.raw);
          const reply = genuineReply({ sender: box.sender, send: contact });
          await deliver(box, reply.raw);
          await syncMailboxesNow(ctx);
          await expectReplyRecorded(box, contact, reply.messageId);
          // Every message read was recorded in the ledger: applied, or skipped with a reason.
          const [unexplained] = await queryRows<{ n: number }>(
            db(),
            sql`select count(*)::int as n from mailbox_messages
                where sender_account_id = ${box.accountId}::uuid and kind = 'skipped' and skip_reason is null`,
          );
          expect(unexplained?.n).toBe(0);
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 30), seed: propertySeed(), endOnFailure: true },
    );
  }, 240_000);
});
