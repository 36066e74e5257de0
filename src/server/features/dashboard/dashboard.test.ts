// The dashboard's endpoints on seeded fixtures whose figures were worked out by
// hand (the comments give the arithmetic), each user's data invisible to the
// others, and 401 when signed out.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, utcDay } from "#shared/dashboard/activity-series.ts";
import type {
  DashboardActivity,
  DashboardSummary,
  FailureStatsResponse,
  MailSyncStatus,
} from "#shared/dashboard/dashboard.schemas.ts";
import type { FailureCategory } from "#shared/db-enums.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import {
  campaigns,
  contacts,
  emailSends,
  mailboxMessages,
  mailboxSyncs,
  senderAccounts,
} from "../../db/schema/index.ts";

type Session = { cookie: string; userId: string };

let ctx: TestContext;
let alice: Session;
let bob: Session;

const DAY_MS = 86_400_000;
const today = utcDay(new Date());
/** Noon (UTC) of the day `back` days ago: far from midnight, so the day is unambiguous. */
const noon = (back: number) => new Date(`${addDays(today, -back)}T12:00:00.000Z`);

async function get<T>(path: string, session: Session): Promise<T> {
  const res = await ctx.request(path, { cookie: session.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const summaryOf = (s: Session) => get<DashboardSummary>("/api/dashboard/summary", s);
const failuresOf = (s: Session) => get<FailureStatsResponse>("/api/dashboard/failures", s);
const activityOf = (s: Session) => get<DashboardActivity>("/api/dashboard/activity", s);
const mailSyncOf = (s: Session) => get<MailSyncStatus>("/api/dashboard/mail-sync", s);

type SendSeed = Partial<typeof emailSends.$inferInsert> & { userId: string };
const send = (s: SendSeed): typeof emailSends.$inferInsert => ({
  toEmail: "someone@example.test",
  fromEmail: "me@acme.test",
  subject: "Hello",
  body: "Hi",
  ...s,
});
const failed = (userId: string, category: FailureCategory | null, extra: Partial<SendSeed> = {}) =>
  send({
    userId,
    status: "failed",
    failureCategory: category,
    errorMessage: buildSendErrorMessage({
      error: `550 failure (${category ?? "unknown"})`,
      recipient: "someone@example.test",
      sender: "me@acme.test",
      subject: "Hello",
      timestamp: new Date(),
      category: category ?? "other",
    }),
    ...extra,
  });

async function campaignWithContacts(
  userId: string,
  name: string,
  people: { email: string; status?: "active" | "bounced"; repliedAt?: Date }[],
) {
  const db = ctx.database.db;
  const [campaign] = await db.insert(campaigns).values({ userId, name, status: "active" }).returning();
  const rows = await db
    .insert(contacts)
    .values(people.map((p) => ({ userId, campaignId: campaign!.id, ...p })))
    .returning();
  return { campaign: campaign!, contacts: rows };
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  const db = ctx.database.db;

  // Alice: two campaigns, six contacts (five active, one of them replied; a
  // bounced one that replied long ago), eight sends (five in campaigns,
  // three direct).
  const a = await campaignWithContacts(alice.userId, "Alpha", [
    { email: "c1@x.test" },
    { email: "c2@x.test", repliedAt: noon(1) },
    { email: "c3@x.test" },
    { email: "c4@x.test" },
    { email: "c6@x.test", status: "bounced", repliedAt: noon(40) },
  ]);
  const b = await campaignWithContacts(alice.userId, "Beta", [{ email: "c5@x.test" }]);
  const [c1, c2, c3, c4] = a.contacts;
  const [c5] = b.contacts;
  const inA = (c: typeof c1) => ({
    userId: alice.userId,
    campaignId: a.campaign.id,
    contactId: c!.id,
    toEmail: c!.email,
  });
  await db.insert(emailSends).values([
    send({ ...inA(c1), status: "sent", sentAt: noon(0), openedAt: noon(0) }),
    send({ ...inA(c2), status: "sent", sentAt: noon(1) }),
    failed(alice.userId, "bounced", { ...inA(c3), createdAt: new Date(Date.now() - 60_000) }),
    send({ ...inA(c4), status: "pending" }),
    send({
      userId: alice.userId,
      campaignId: b.campaign.id,
      contactId: c5!.id,
      toEmail: c5!.email,
      status: "sent",
      sentAt: noon(29),
    }),
    // Direct sends (no campaign): they count too.
    failed(alice.userId, "rejected", { toEmail: "direct@x.test" }),
    send({ userId: alice.userId, status: "sent", sentAt: noon(30) }),
    // Opened without a recorded send (pending with an open).
    send({ userId: alice.userId, status: "pending", openedAt: noon(2) }),
  ]);

  // Bob: one campaign, his own sends and failures, and a connected Gmail sender.
  const bc = await campaignWithContacts(bob.userId, "Bob's", [
    { email: "b1@x.test", repliedAt: noon(0) },
    { email: "b2@x.test" },
  ]);
  await db.insert(emailSends).values([
    send({
      userId: bob.userId,
      campaignId: bc.campaign.id,
      contactId: bc.contacts[0]!.id,
      status: "sent",
      sentAt: noon(0),
      openedAt: noon(0),
    }),
    send({ userId: bob.userId, status: "sent", sentAt: noon(0) }),
    send({ userId: bob.userId, status: "sent", sentAt: noon(3) }),
    failed(bob.userId, "network", { contactId: bc.contacts[1]!.id, campaignId: bc.campaign.id }),
  ]);
  await db.insert(senderAccounts).values({
    userId: bob.userId,
    email: "bob@gmail.test",
    gmailSyncEnabled: true,
    gmailRefreshTokenEncrypted: "encrypted-token",
  });
});
afterAll(() => ctx?.close());

describe("GET /api/dashboard/summary", () => {
  it("counts campaigns, sends (direct ones too) and active contacts, with whole-percent rates", async () => {
    expect(await summaryOf(alice)).toEqual({
      totalCampaigns: 2,
      // c1, c2, c5 and one direct send
      emailsSent: 4,
      totalEmails: 8,
      // c1 and the pending direct send with an open
      openedEmails: 2,
      failedEmails: 2,
      // c1..c5 (c6 bounced)
      activeContacts: 5,
      repliedContacts: 1,
      // 2 / 4
      openRate: 50,
      // 1 / 5
      replyRate: 20,
      // 2 / 8
      failureRate: 25,
    });
  });

  it("is another user's own figures, never Alice's", async () => {
    expect(await summaryOf(bob)).toEqual({
      totalCampaigns: 1,
      emailsSent: 3,
      totalEmails: 4,
      openedEmails: 1,
      failedEmails: 1,
      activeContacts: 2,
      repliedContacts: 1,
      openRate: 33,
      replyRate: 50,
      failureRate: 25,
    });
  });

  it("is all zeros before anything was created", async () => {
    const carol = await ctx.signUpVerified("carol@example.com");
    expect(await summaryOf(carol)).toEqual({
      totalCampaigns: 0,
      emailsSent: 0,
      totalEmails: 0,
      openedEmails: 0,
      failedEmails: 0,
      activeContacts: 0,
      repliedContacts: 0,
      openRate: 0,
      replyRate: 0,
      failureRate: 0,
    });
    const failures = await failuresOf(carol);
    expect(failures).toMatchObject({
      total: 0,
      overallFailureRate: 0,
      successRate: 100,
      bounceRate: 0,
      rejectionRate: 0,
      band: "none",
      breakdown: [],
      recentFailures: [],
    });
  });

  it("opened without sent gives an open rate of 0, not a division by zero", async () => {
    const erin = await ctx.signUpVerified("erin@example.com");
    await ctx.database.db
      .insert(emailSends)
      .values(send({ userId: erin.userId, status: "pending", openedAt: new Date() }));
    expect(await summaryOf(erin)).toMatchObject({ emailsSent: 0, totalEmails: 1, openedEmails: 1, openRate: 0 });
  });
});

describe("GET /api/dashboard/failures", () => {
  it("gives the four figures, the band and only the breakdown's categories above 0", async () => {
    const f = await failuresOf(alice);
    expect(f).toMatchObject({
      total: 8,
      sent: 4,
      failed: 2,
      pending: 2,
      // 2 / 8, 4 / 8, 1 / 8 = 12.5 → 13, 1 / 8
      overallFailureRate: 25,
      successRate: 50,
      bounceRate: 13,
      rejectionRate: 13,
      band: "high",
    });
    expect(f.byCategory).toEqual({
      invalid_address: 0,
      bounced: 1,
      rejected: 1,
      blocked: 0,
      spam: 0,
      rate_limited: 0,
      authentication: 0,
      network: 0,
      domain_issue: 0,
      content_filtered: 0,
      other: 0,
    });
    expect(f.breakdown).toEqual([
      { category: "bounced", label: "Bounced", hint: "Mailbox issues", count: 1 },
      { category: "rejected", label: "Rejected", hint: "Server rejection", count: 1 },
    ]);
    // Bob's network failure is his alone.
    expect(f.recentFailures.map((r) => r.contactEmail).sort()).toEqual(["c3@x.test", "direct@x.test"]);
    expect((await failuresOf(bob)).breakdown).toEqual([
      { category: "network", label: "Network", hint: "Connection issue", count: 1 },
    ]);
  });

  it("all failed: 100% failure, 0% success, high; hidden categories counted but not broken down", async () => {
    const dave = await ctx.signUpVerified("dave@example.com");
    await ctx.database.db
      .insert(emailSends)
      .values([
        failed(dave.userId, "spam"),
        failed(dave.userId, "spam"),
        failed(dave.userId, "domain_issue"),
        failed(dave.userId, null),
      ]);
    const f = await failuresOf(dave);
    expect(f).toMatchObject({
      total: 4,
      failed: 4,
      overallFailureRate: 100,
      successRate: 0,
      bounceRate: 0,
      band: "high",
    });
    expect(f.byCategory).toMatchObject({ spam: 2, domain_issue: 1, other: 1 });
    expect(f.breakdown).toEqual([{ category: "spam", label: "Spam", hint: "Marked as spam", count: 2 }]);
    expect(f.recentFailures.map((r) => r.categoryLabel).sort()).toEqual(["Domain Issue", "Spam", "Spam", "Unknown"]);
  });

  it("puts the rounded failure rate in the spec's bands: perfect, good ≤ 5%, moderate ≤ 15%, high above", async () => {
    const user = await ctx.signUpVerified("bands@example.com");
    const db = ctx.database.db;
    async function setSends(sent: number, failures: number) {
      await db.delete(emailSends).where(eq(emailSends.userId, user.userId));
      const rows = [
        ...Array.from({ length: sent }, () => send({ userId: user.userId, status: "sent", sentAt: new Date() })),
        ...Array.from({ length: failures }, () => failed(user.userId, "blocked")),
      ];
      if (rows.length > 0) await db.insert(emailSends).values(rows);
      const f = await failuresOf(user);
      return [f.band, f.overallFailureRate] as const;
    }
    expect(await setSends(5, 0)).toEqual(["perfect", 0]);
    expect(await setSends(999, 1)).toEqual(["good", 0]); // 0.1% rounds to 0, but something failed
    expect(await setSends(19, 1)).toEqual(["good", 5]);
    expect(await setSends(20, 1)).toEqual(["good", 5]); // 4.76% → 5
    expect(await setSends(94, 6)).toEqual(["moderate", 6]);
    expect(await setSends(17, 3)).toEqual(["moderate", 15]);
    expect(await setSends(84, 16)).toEqual(["high", 16]);
    expect(await setSends(0, 0)).toEqual(["none", 0]);
  });

  it("lists the 10 newest failures, newest first, with the error summary, contact and campaign", async () => {
    const frank = await ctx.signUpVerified("frank@example.com");
    const db = ctx.database.db;
    const { campaign, contacts: people } = await campaignWithContacts(frank.userId, "Frank's Campaign", [
      { email: "lead@x.test" },
    ]);
    const base = Date.now() - 3 * 60 * 60_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    // Twelve failures a minute apart (i = 0 … 11) and sent emails between them.
    await db
      .insert(emailSends)
      .values([
        ...Array.from({ length: 12 }, (_, i) =>
          failed(frank.userId, "invalid_address", { toEmail: `f${i}@x.test`, createdAt: at(i * 2) }),
        ),
        ...Array.from({ length: 5 }, (_, i) =>
          send({ userId: frank.userId, status: "sent", sentAt: at(i * 5 + 1), createdAt: at(i * 5 + 1) }),
        ),
      ]);
    // The newest: a campaign send with raw-text details and no category, and one with no message at all.
    await db.insert(emailSends).values([
      send({
        userId: frank.userId,
        campaignId: campaign.id,
        contactId: people[0]!.id,
        toEmail: "LEAD@x.test",
        status: "failed",
        errorMessage: "Greeting never received\n(connection closed)",
        createdAt: at(30),
      }),
      send({
        userId: frank.userId,
        status: "failed",
        failureCategory: "rate_limited",
        failureReason: "rate_limited",
        createdAt: at(31),
      }),
    ]);

    const { recentFailures } = await failuresOf(frank);
    expect(recentFailures).toHaveLength(10);
    // at(31), at(30), then failures 11 down to 4; sent emails never appear.
    expect(recentFailures.map((r) => r.contactEmail)).toEqual([
      "someone@example.test",
      "lead@x.test",
      ...[11, 10, 9, 8, 7, 6, 5, 4].map((i) => `f${i}@x.test`),
    ]);
    const [noMessage, rawText, json] = recentFailures;
    expect(noMessage).toMatchObject({
      status: "failed",
      category: "rate_limited",
      categoryLabel: "Rate Limited",
      failureReason: "rate_limited",
      reason: "The server is limiting how fast you send: it is retried later",
      errorSummary: null,
      campaignName: null,
      createdAt: at(31).toISOString(),
    });
    expect(rawText).toMatchObject({
      category: "other",
      categoryLabel: "Unknown",
      errorSummary: "Greeting never received (connection closed)",
      contactEmail: "lead@x.test",
      campaignName: "Frank's Campaign",
    });
    expect(json).toMatchObject({
      category: "invalid_address",
      categoryLabel: "Invalid Address",
      // Recorded without a reason: the category's meaning.
      failureReason: null,
      reason: "Wrong email format",
      errorSummary: "550 failure (invalid_address)",
      campaignName: null,
    });
    // Times strictly newest first.
    const times = recentFailures.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // Nobody else's failures.
    for (const r of (await failuresOf(alice)).recentFailures) expect(r.contactEmail).not.toMatch(/^f\d+@/);
  });
});

describe("GET /api/dashboard/activity", () => {
  it("gives 30 zero-filled UTC days ending today, with sends, opens and replies on their own days", async () => {
    const a = await activityOf(alice);
    expect(a.to).toBe(today);
    expect(a.from).toBe(addDays(today, -29));
    expect(a.days).toHaveLength(30);
    expect(a.days[29]!.day).toBe(today);
    const nonZero = a.days.filter((d) => d.sent + d.opened + d.replied > 0);
    expect(nonZero).toEqual([
      // c5 sent 29 days ago (the direct send 30 days ago is outside the window)
      { day: addDays(today, -29), sent: 1, opened: 0, replied: 0 },
      // the pending direct send opened two days ago
      { day: addDays(today, -2), sent: 0, opened: 1, replied: 0 },
      // c2 sent, and c2 replied, yesterday
      { day: addDays(today, -1), sent: 1, opened: 0, replied: 1 },
      // c1 sent and opened today
      { day: today, sent: 1, opened: 1, replied: 0 },
    ]);
    expect(a.totals).toEqual({ sent: 3, opened: 2, replied: 1 });
  });

  it("shows another user only their own activity", async () => {
    const b = await activityOf(bob);
    expect(b.totals).toEqual({ sent: 3, opened: 1, replied: 1 });
    expect(b.days.find((d) => d.day === today)).toEqual({ day: today, sent: 2, opened: 1, replied: 1 });
    expect(b.days.find((d) => d.day === addDays(today, -3))).toEqual({
      day: addDays(today, -3),
      sent: 1,
      opened: 0,
      replied: 0,
    });
  });
});

describe("GET /api/dashboard/mail-sync", () => {
  /** What the card says of the mailbox sync before it reads any mailbox. */
  const noMailboxes = {
    syncedMailboxes: 0,
    syncErrors: 0,
    lastSyncedAt: null,
    lastError: null,
    mailboxes: [],
    skipped: [],
  };

  it("goes through not configured, disabled, working and has errors, counting errors in the newest 100 of 7 days", async () => {
    const mary = await ctx.signUpVerified("mary@example.com");
    const db = ctx.database.db;
    const state = async () => mailSyncOf(mary);

    expect(await state()).toEqual({
      ...noMailboxes,
      state: "not_configured",
      syncEnabledSenders: 0,
      connectedSenders: 0,
      recentErrors: 0,
    });
    const [sender] = await db
      .insert(senderAccounts)
      .values({ userId: mary.userId, email: "mary@gmail.test" })
      .returning();
    // A recent error does not matter while sync is not configured.
    await db.insert(emailSends).values(failed(mary.userId, "bounced"));
    expect((await state()).state).toBe("not_configured");

    await db.update(senderAccounts).set({ gmailSyncEnabled: true }).where(eq(senderAccounts.id, sender!.id));
    expect(await state()).toEqual({
      ...noMailboxes,
      state: "disabled",
      syncEnabledSenders: 1,
      connectedSenders: 0,
      recentErrors: 1,
    });

    // A token without sync on does not count: configured but not enabled.
    await db.insert(senderAccounts).values({
      userId: mary.userId,
      email: "other@gmail.test",
      gmailRefreshTokenEncrypted: "token",
    });
    expect((await state()).state).toBe("disabled");

    await db
      .update(senderAccounts)
      .set({ gmailRefreshTokenEncrypted: "token" })
      .where(eq(senderAccounts.id, sender!.id));
    expect(await state()).toEqual({
      ...noMailboxes,
      state: "errors",
      syncEnabledSenders: 1,
      connectedSenders: 1,
      recentErrors: 1,
    });

    // Older than 7 days: not recent. Without any recent error, sync is working.
    await db.delete(emailSends).where(eq(emailSends.userId, mary.userId));
    await db
      .insert(emailSends)
      .values(failed(mary.userId, "bounced", { createdAt: new Date(Date.now() - 8 * DAY_MS) }));
    await db.insert(emailSends).values(send({ userId: mary.userId, status: "sent", sentAt: new Date() }));
    expect(await state()).toEqual({
      ...noMailboxes,
      state: "working",
      syncEnabledSenders: 1,
      connectedSenders: 1,
      recentErrors: 0,
    });

    // Three errors within the window are counted.
    await db
      .insert(emailSends)
      .values([
        failed(mary.userId, "spam", { createdAt: new Date(Date.now() - 6 * DAY_MS) }),
        failed(mary.userId, "spam", { createdAt: new Date(Date.now() - DAY_MS) }),
        failed(mary.userId, "spam"),
      ]);
    expect(await state()).toMatchObject({ state: "errors", recentErrors: 3 });

    // Only the newest 100 sends are looked at: 100 newer clean sends hide the errors.
    await db
      .insert(emailSends)
      .values(
        Array.from({ length: 100 }, (_, i) =>
          send({ userId: mary.userId, status: "sent", sentAt: new Date(), createdAt: new Date(Date.now() + 1000 + i) }),
        ),
      );
    expect(await state()).toMatchObject({ state: "working", recentErrors: 0 });

    // And at most 100 errors are counted.
    await db
      .insert(emailSends)
      .values(
        Array.from({ length: 120 }, (_, i) =>
          failed(mary.userId, "spam", { createdAt: new Date(Date.now() + 10_000 + i) }),
        ),
      );
    expect(await state()).toMatchObject({ state: "errors", recentErrors: 100 });
  });

  it("reads only the user's own senders and sends", async () => {
    // Bob has a connected Gmail sender and a recent failure; Alice has neither sender.
    expect(await mailSyncOf(alice)).toEqual({
      ...noMailboxes,
      state: "not_configured",
      syncEnabledSenders: 0,
      connectedSenders: 0,
      recentErrors: 2,
    });
    expect(await mailSyncOf(bob)).toEqual({
      ...noMailboxes,
      state: "errors",
      syncEnabledSenders: 1,
      connectedSenders: 1,
      recentErrors: 1,
    });
  });
  it("once the mailbox sync reads a mailbox (IMAP or Gmail): working without errors, has issues with errors since the last success", async () => {
    const nina = await ctx.signUpVerified("nina@example.com");
    const db = ctx.database.db;
    const [imap, other] = await db
      .insert(senderAccounts)
      .values([
        { userId: nina.userId, email: "nina@imap.test", imapHost: "imap.example.test", imapPort: 993 },
        { userId: nina.userId, email: "nina@second.test", imapHost: "imap.example.test", imapPort: 993 },
      ])
      .returning();
    // No Gmail sender at all, and a failed send: the mailbox's own record decides.
    await db.insert(emailSends).values(failed(nina.userId, "bounced"));
    const synced = new Date(Date.now() - 5 * 60_000);
    await db.insert(mailboxSyncs).values([
      { senderAccountId: imap!.id, userId: nina.userId, lastSyncedAt: synced },
      { senderAccountId: other!.id, userId: nina.userId, lastSyncedAt: new Date(Date.now() - 3_600_000) },
    ]);
    expect(await mailSyncOf(nina)).toEqual({
      state: "working",
      syncEnabledSenders: 0,
      connectedSenders: 0,
      recentErrors: 1,
      syncedMailboxes: 2,
      syncErrors: 0,
      lastSyncedAt: synced.toISOString(),
      lastError: null,
      // Each IMAP mailbox read is listed with its own state (issue 28).
      mailboxes: [
        { email: "nina@imap.test", kind: "imap", state: "working", lastSyncedAt: synced.toISOString() },
        { email: "nina@second.test", kind: "imap", state: "working", lastSyncedAt: expect.any(String) },
      ],
      skipped: [],
    });

    // Messages the sync skipped, by reason, in the last 7 days (not older ones, not another user's).
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const [latest, earlier, oldest] = [minutesAgo(1), minutesAgo(2), minutesAgo(8 * 24 * 60)];
    const skip = (account: string, userId: string, key: string, reason: "unreadable" | "not_saved", at: Date) => ({
      senderAccountId: account,
      userId,
      sourceKey: key,
      kind: "skipped" as const,
      skipReason: reason,
      processedAt: at,
    });
    const [bobSender] = await db
      .insert(senderAccounts)
      .values({ userId: bob.userId, email: "bob@imap.test", imapHost: "imap.example.test" })
      .returning();
    await db
      .insert(mailboxMessages)
      .values([
        skip(imap!.id, nina.userId, "INBOX:1:1", "unreadable", earlier),
        skip(other!.id, nina.userId, "INBOX:1:1", "unreadable", latest),
        skip(imap!.id, nina.userId, "INBOX:1:2", "not_saved", earlier),
        skip(imap!.id, nina.userId, "INBOX:1:3", "unreadable", oldest),
        skip(bobSender!.id, bob.userId, "INBOX:1:1", "not_saved", latest),
        { senderAccountId: imap!.id, userId: nina.userId, sourceKey: "INBOX:1:4", kind: "reply" as const },
      ]);
    expect((await mailSyncOf(nina)).skipped).toEqual([
      { reason: "unreadable", count: 2, lastAt: latest.toISOString() },
      { reason: "not_saved", count: 1, lastAt: earlier.toISOString() },
    ]);
    expect((await mailSyncOf(alice)).skipped).toEqual([]);

    // Two failed runs of one mailbox and one of the other since their last success; the newest error is shown.
    const failedAt = new Date(Date.now() - 60_000);
    await db
      .update(mailboxSyncs)
      .set({ errorCount: 2, lastError: "IMAP login failed: AUTHENTICATIONFAILED", lastErrorAt: failedAt })
      .where(eq(mailboxSyncs.senderAccountId, imap!.id));
    await db
      .update(mailboxSyncs)
      .set({ errorCount: 1, lastError: "Connection timed out", lastErrorAt: new Date(Date.now() - 120_000) })
      .where(eq(mailboxSyncs.senderAccountId, other!.id));
    expect(await mailSyncOf(nina)).toMatchObject({
      state: "errors",
      syncErrors: 3,
      lastError: {
        message: "IMAP login failed: AUTHENTICATIONFAILED",
        at: failedAt.toISOString(),
        mailbox: "nina@imap.test",
      },
    });
    expect((await mailSyncOf(nina)).mailboxes.map((m) => [m.email, m.state])).toEqual([
      ["nina@imap.test", "errors"],
      ["nina@second.test", "errors"],
    ]);
    // One mailbox recovers: it is working, the other still has issues.
    await db.update(mailboxSyncs).set({ errorCount: 0 }).where(eq(mailboxSyncs.senderAccountId, other!.id));
    expect((await mailSyncOf(nina)).mailboxes.map((m) => [m.email, m.state])).toEqual([
      ["nina@imap.test", "errors"],
      ["nina@second.test", "working"],
    ]);

    // A success resets a mailbox's count (the sync engine's job); an old error no longer counts.
    await db.update(mailboxSyncs).set({ errorCount: 0 }).where(eq(mailboxSyncs.userId, nina.userId));
    expect(await mailSyncOf(nina)).toMatchObject({ state: "working", syncErrors: 0, lastError: null });

    // Another user's mailboxes are not counted.
    expect(await mailSyncOf(alice)).toMatchObject({
      syncedMailboxes: 0,
      syncErrors: 0,
      lastSyncedAt: null,
      mailboxes: [],
    });
  });

  it("leaves out what capture mode reads of a sender with no mailbox of its own (the card keeps the spec's states)", async () => {
    const omar = await ctx.signUpVerified("omar@example.com");
    const db = ctx.database.db;
    const [plain] = await db
      .insert(senderAccounts)
      .values({ userId: omar.userId, email: "omar@plain.test" })
      .returning();
    await db.insert(mailboxSyncs).values({
      senderAccountId: plain!.id,
      userId: omar.userId,
      lastSyncedAt: new Date(),
      errorCount: 1,
      lastError: "x",
    });
    expect(await mailSyncOf(omar)).toMatchObject({
      state: "not_configured",
      syncedMailboxes: 0,
      syncErrors: 0,
      lastSyncedAt: null,
      lastError: null,
      mailboxes: [],
    });
  });
});

describe("access", () => {
  it.each(["summary", "failures", "activity", "mail-sync"])(
    "GET /api/dashboard/%s needs a session (401)",
    async (path) => {
      const res = await ctx.request(`/api/dashboard/${path}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "unauthorized" } });
    },
  );

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    for (const path of ["summary", "failures", "activity", "mail-sync"])
      expect(Object.keys(doc.paths[`/api/dashboard/${path}`] ?? {})).toEqual(["get"]);
  });

  it("reads counters, not email_sends, for the figures: they agree with a full scan", async () => {
    const [naive] = (
      (await ctx.database.db.execute(sql`
        select count(*)::int as total, count(*) filter (where status = 'sent')::int as sent,
          count(*) filter (where status = 'failed')::int as failed, count(*) filter (where opened_at is not null)::int as opened
        from email_sends where user_id = ${alice.userId}`)) as unknown as {
        rows: { total: number; sent: number; failed: number; opened: number }[];
      }
    ).rows;
    const s = await summaryOf(alice);
    expect({ total: s.totalEmails, sent: s.emailsSent, failed: s.failedEmails, opened: s.openedEmails }).toEqual(naive);
  });
});
