// GET /api/senders/health through the app, on a fixture whose figures are
// worked out by hand below: the 7- and 30-day windows, which failures count as
// hard bounces and which as sender warnings, emails found in spam (matched by
// Message-ID, counted by when they were found), today's sends on the user's
// calendar day against the cap (the ramp's when lower), replies, the pause, a mailbox's
// own thresholds, the stored domain checks, and another user with the same
// address and domain whose data is never counted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SenderHealth, SenderHealthList } from "#shared/senders/sender-health.schemas.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns } from "../../db/schema/campaigns.ts";
import { domainHealthChecks } from "../../db/schema/domain-health.ts";
import { mailboxMessages, replies } from "../../db/schema/mailbox.ts";
import { senderPacing } from "../../db/schema/sender-pacing.ts";
import { senderProtection } from "../../db/schema/sender-protection.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { emailSends, senderDailyCounts } from "../../db/schema/sending.ts";
import { userSettings } from "../../db/schema/settings.ts";

// The service's "now": Thursday 5 March 2026, 03:00 UTC, which is still
// Wednesday 4 March (19:00) in Alice's Los Angeles: her "today" is 2026-03-04.
// The last 7 and 30 days are UTC days, today (2026-03-05) included: from
// 2026-02-27T00:00Z and from 2026-02-04T00:00Z.
const NOW = new Date("2026-03-05T03:00:00.000Z");
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);

type User = { cookie: string; userId: string };

let ctx: TestContext;
let alice: User;
let bob: User;
type Name = "alpha" | "beta" | "gamma" | "delta" | "epsilon" | "quiet";
const senders = {} as Record<Name, Sender>;
let bobsAlpha: Sender;

async function createSender(user: User, email: string, dailyLimit = 50): Promise<Sender> {
  const res = await ctx.request("/api/senders", {
    method: "POST",
    cookie: user.cookie,
    json: { email, provider: "custom", dailyLimit },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Sender;
}

type SendSpec = {
  status: "sent" | "failed" | "pending";
  at: Date;
  from?: string;
  bounce?: "hard" | "soft";
  reason?: "user_unknown" | "domain_not_found" | "mailbox_full" | "policy" | "auth_spf" | "reputation";
  replied?: boolean;
  messageId?: string;
};

let serial = 0;
const sendRow = (user: User, from: string, s: SendSpec) => {
  serial += 1;
  return {
    userId: user.userId,
    toEmail: `p${serial}@prospects.test`,
    fromEmail: s.from ?? from,
    subject: "Hello",
    body: "Body",
    status: s.status,
    createdAt: s.at,
    sentAt: s.status === "sent" ? s.at : null,
    repliedAt: s.replied ? s.at : null,
    failureCategory: s.status === "failed" ? ("bounced" as const) : null,
    bounceType: s.bounce ?? null,
    failureReason: s.reason ?? null,
    messageId: s.messageId ?? `<m${serial}@coldreach.test>`,
  };
};
const times = (n: number, spec: SendSpec): SendSpec[] => Array.from({ length: n }, () => spec);

async function health(user: User): Promise<SenderHealthList> {
  const res = await ctx.request("/api/senders/health", { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as SenderHealthList;
}
const of = (list: SenderHealthList, sender: Sender): SenderHealth => {
  const found = list.senders.find((s) => s.senderId === sender.id);
  if (!found) throw new Error(`no health for ${sender.email}`);
  return found;
};

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { now: () => new Date(NOW) });
  alice = await ctx.signUpVerified("alice-health@example.com");
  bob = await ctx.signUpVerified("bob-health@example.com");
  const db = ctx.database.db;
  await db.insert(userSettings).values({ userId: alice.userId, timezone: "America/Los_Angeles" });

  senders.alpha = await createSender(alice, "Alpha@Acme.test", 40);
  senders.beta = await createSender(alice, "beta@beta.test");
  senders.gamma = await createSender(alice, "gamma@gamma.test", 10);
  senders.delta = await createSender(alice, "delta@fail.test");
  senders.epsilon = await createSender(alice, "epsilon@acme.test");
  senders.quiet = await createSender(alice, "quiet@quiet.test");
  bobsAlpha = await createSender(bob, "alpha@acme.test");

  const [campaign] = await db.insert(campaigns).values({ userId: alice.userId, name: "Spring" }).returning();
  if (!campaign) throw new Error("fixture");
  // A campaign's copy of alpha: its sends and today's counter are alpha's too.
  const [copy] = await db
    .insert(senderAccounts)
    .values({ userId: alice.userId, campaignId: campaign.id, email: "ALPHA@acme.test", dailyLimit: 40 })
    .returning();
  if (!copy) throw new Error("fixture");

  // Alpha, last 7 UTC days (from 2026-02-27T00:00Z): 47 sent (3 replied), 3 hard bounces (user
  // unknown ×2, one at the window's first instant; domain not found), a hard policy refusal (a
  // sender warning, not a bounce), a soft mailbox-full, a hard bounce without a reason (before
  // the classifier: not counted), a pending one (not a send): 53 sends, 3 hard bounces (5.7%),
  // 1 warning. Last 30 UTC days (from 2026-02-04T00:00Z): 12 more sends, among them 1 hard
  // bounce a second before the 7 days and 1 reply at the 30 days' first instant. Outside
  // both: a hard bounce 31 days ago and a reply a second before the 30 days.
  const recent = daysAgo(2);
  const alphaSends: SendSpec[] = [
    ...times(43, { status: "sent", at: recent }),
    ...times(3, { status: "sent", at: recent, replied: true, from: "ALPHA@acme.test" }),
    { status: "failed", at: recent, bounce: "hard", reason: "user_unknown" },
    { status: "failed", at: new Date("2026-02-27T00:00:00.000Z"), bounce: "hard", reason: "user_unknown" },
    { status: "failed", at: recent, bounce: "hard", reason: "domain_not_found" },
    { status: "failed", at: recent, bounce: "hard", reason: "policy" },
    { status: "failed", at: recent, bounce: "soft", reason: "mailbox_full" },
    { status: "failed", at: recent, bounce: "hard" },
    { status: "pending", at: recent },
    ...times(9, { status: "sent", at: daysAgo(8) }),
    { status: "sent", at: new Date("2026-02-04T00:00:00.000Z"), replied: true },
    { status: "sent", at: new Date("2026-02-03T23:59:59.000Z"), replied: true },
    { status: "failed", at: new Date("2026-02-26T23:59:59.000Z"), bounce: "hard", reason: "user_unknown" },
    { status: "failed", at: daysAgo(31), bounce: "hard", reason: "user_unknown" },
    // Found in spam: 1 day ago and 12 days ago; a third one 40 days ago (outside).
    { status: "sent", at: daysAgo(3), messageId: "<spam-recent@acme.test>" },
    { status: "sent", at: daysAgo(15), messageId: "<spam-older@acme.test>" },
    { status: "sent", at: daysAgo(45), messageId: "<spam-ancient@acme.test>" },
  ];
  // Epsilon: 3 hard bounces in 60 sends (5%), under its own 10% threshold, over half of it.
  const epsilonSends: SendSpec[] = [
    ...times(57, { status: "sent", at: recent }),
    ...times(3, { status: "failed", at: recent, bounce: "hard", reason: "user_unknown" }),
  ];
  // Bob's alpha (the same address): bounces and spam that must not reach Alice's alpha.
  const bobSends: SendSpec[] = [
    ...times(5, { status: "sent", at: recent }),
    ...times(5, { status: "failed", at: recent, bounce: "hard", reason: "user_unknown" }),
    { status: "failed", at: recent, bounce: "hard", reason: "auth_spf" },
    { status: "sent", at: recent, messageId: "<bob-spam@acme.test>" },
  ];
  const inserted = await db
    .insert(emailSends)
    .values([
      ...alphaSends.map((s) => sendRow(alice, "alpha@acme.test", s)),
      ...epsilonSends.map((s) => sendRow(alice, "epsilon@acme.test", s)),
      ...bobSends.map((s) => sendRow(bob, "alpha@acme.test", s)),
    ])
    .returning({ id: emailSends.id, userId: emailSends.userId, repliedAt: emailSends.repliedAt });

  // The replies the mailbox sync recorded for the replied sends; one of them answered twice
  // (one email replied to), and an auto-reply (not a reply).
  const answered = inserted.filter((r) => r.repliedAt !== null);
  const reply = (send: (typeof inserted)[number], at: Date, kind: "reply" | "auto_reply" = "reply") => ({
    userId: send.userId,
    emailSendId: send.id,
    contactEmail: "lead@prospects.test",
    senderEmail: "Alpha@acme.test",
    replyContent: "Thanks",
    repliedAt: at,
    kind,
  });
  await db.insert(replies).values([
    ...answered.map((send) => reply(send, send.repliedAt!)),
    reply(answered[0]!, daysAgo(1)),
    reply(answered[1]!, daysAgo(1), "auto_reply"),
    // Bob's reply, from his mailbox with the same address.
    reply(inserted.find((r) => r.userId === bob.userId)!, daysAgo(1)),
  ]);

  const spam = (user: User, mailbox: string, key: string, messageId: string | null, found: Date) => ({
    senderAccountId: mailbox,
    sourceKey: key,
    userId: user.userId,
    messageId,
    kind: "spam" as const,
    processedAt: found,
  });
  await db.insert(mailboxMessages).values([
    spam(alice, senders.quiet.id, "Junk:1:1", "<spam-recent@acme.test>", daysAgo(1)),
    // The same email again (moved out of spam and back): still one.
    spam(alice, senders.quiet.id, "Junk:1:2", "<spam-recent@acme.test>", daysAgo(0.5)),
    spam(alice, senders.quiet.id, "Junk:1:3", "<spam-older@acme.test>", daysAgo(12)),
    spam(alice, senders.quiet.id, "Junk:1:4", "<spam-ancient@acme.test>", daysAgo(40)),
    // Spam that is none of Alice's emails, and a message of hers that was not in spam.
    spam(alice, senders.quiet.id, "Junk:1:5", "<newsletter@elsewhere.test>", daysAgo(1)),
    spam(alice, senders.quiet.id, "Junk:1:6", null, daysAgo(1)),
    { ...spam(alice, senders.quiet.id, "INBOX:1:1", "<m1@coldreach.test>", daysAgo(1)), kind: "reply" as const },
    // Bob's spam folder holding Bob's email and (a shared store) Alice's: only Bob's is his.
    spam(bob, bobsAlpha.id, "Junk:9:1", "<bob-spam@acme.test>", daysAgo(1)),
    spam(bob, bobsAlpha.id, "Junk:9:2", "<spam-recent@acme.test>", daysAgo(1)),
  ]);

  // Today (Alice's 2026-03-04): alpha 12 (saved) + 20 (copy); 2026-03-05 (UTC's today) is not hers yet.
  // Gamma: 5 sent against its ramp of 5 (started today), under its limit of 10.
  await db.insert(senderDailyCounts).values([
    { senderAccountId: senders.alpha.id, day: "2026-03-04", sent: 12 },
    { senderAccountId: copy.id, day: "2026-03-04", sent: 20 },
    { senderAccountId: copy.id, day: "2026-03-05", sent: 7 },
    { senderAccountId: senders.gamma.id, day: "2026-03-04", sent: 5 },
    // Bob's calendar is UTC's: his today is 2026-03-05.
    { senderAccountId: bobsAlpha.id, day: "2026-03-04", sent: 49 },
    { senderAccountId: bobsAlpha.id, day: "2026-03-05", sent: 9 },
  ]);
  await db.insert(senderPacing).values({
    userId: alice.userId,
    email: "gamma@gamma.test",
    rampEnabled: true,
    rampStart: 5,
    rampStep: 5,
    rampStartedOn: "2026-03-04",
  });

  await db.insert(senderProtection).values([
    {
      userId: alice.userId,
      email: "beta@beta.test",
      pausedAt: daysAgo(1),
      pauseReason: "bounce_rate",
      pauseDetail: "3 hard bounces in 52 sends (5.8%) in the last 7 days",
    },
    { userId: alice.userId, email: "epsilon@acme.test", bounceRatePercent: 10 },
    { userId: bob.userId, email: "alpha@acme.test", pausedAt: daysAgo(1), pauseReason: "bounce_rate" },
  ]);

  const checked = daysAgo(1);
  await db.insert(domainHealthChecks).values([
    { userId: alice.userId, domain: "acme.test", spf: "pass", dkim: "pass", dmarc: "warn", checkedAt: checked },
    { userId: alice.userId, domain: "fail.test", spf: "fail", dkim: "pass", dmarc: "pass", checkedAt: checked },
    { userId: alice.userId, domain: "quiet.test", spf: "pass", dkim: "pass", dmarc: "pass", checkedAt: checked },
    { userId: bob.userId, domain: "acme.test", spf: "fail", dkim: "fail", dmarc: "fail", checkedAt: checked },
  ]);
});
afterAll(() => ctx?.close());

describe("GET /api/senders/health", () => {
  it("counts a sender's sends, hard bounces, warnings, replies and spam over 7 and 30 days", async () => {
    const list = await health(alice);
    expect(list.asOf).toBe(NOW.toISOString());
    const alpha = of(list, senders.alpha);
    expect(alpha.address).toBe("alpha@acme.test");
    expect(alpha.last7Days).toEqual({
      sends: 53, // 46 sent + 6 failed + the spam-found send of 3 days ago
      hardBounces: 3,
      hardBounceRate: 5.7,
      spamPlacements: 1,
      senderWarnings: 1,
      sent: 47,
      replies: 3,
      replyRate: 6,
    });
    expect(alpha.last30Days).toEqual({
      sends: 53 + 9 + 1 + 1 + 1, // + 8 days ago, the 30 days' first instant, the bounce before the 7 days, spam-found
      hardBounces: 4,
      hardBounceRate: 6.2,
      spamPlacements: 2,
      sent: 46 + 1 + 9 + 1 + 1,
      replies: 4,
      replyRate: 7,
    });
    expect(alpha.badge).toBe("at_risk");
    expect(alpha.reasons).toEqual(["Hard-bounce rate 5.7% (3 hard bounces in 53 sends, last 7 days)"]);
    expect(alpha.thresholds).toEqual({ bounceRatePercent: 3, minSends: 50, windowDays: 7 });
  });

  it("counts today's sends on the user's calendar day over every copy of the mailbox, against its cap", async () => {
    const list = await health(alice);
    expect(of(list, senders.alpha).today).toEqual({ day: "2026-03-04", sent: 32, cap: 40 });
    const gamma = of(list, senders.gamma);
    expect(gamma.today).toEqual({ day: "2026-03-04", sent: 5, cap: 5 });
    expect(gamma.badge).toBe("watch");
    expect(gamma.reasons).toEqual(["Today's sends at 100% of the daily cap (5 of 5)"]);
  });

  it("is Paused with the figure that paused it", async () => {
    const beta = of(await health(alice), senders.beta);
    expect(beta.paused).toEqual({
      since: daysAgo(1).toISOString(),
      detail: "3 hard bounces in 52 sends (5.8%) in the last 7 days",
    });
    expect(beta.badge).toBe("paused");
  });

  it("takes the domain's last stored check, and a failing check makes the sender At risk", async () => {
    const list = await health(alice);
    const delta = of(list, senders.delta);
    expect(delta.domain).toEqual({
      name: "fail.test",
      checks: { spf: "fail", dkim: "pass", dmarc: "pass", checkedAt: daysAgo(1).toISOString() },
    });
    expect(delta).toMatchObject({ badge: "at_risk", reasons: ["SPF of fail.test fails"] });
    // Never checked: no checks, and nothing held against it.
    expect(of(list, senders.gamma).domain).toEqual({ name: "gamma.test", checks: null });
    expect(of(list, senders.quiet)).toMatchObject({ badge: "healthy", reasons: [] });
  });

  it("holds a mailbox to its own thresholds", async () => {
    const epsilon = of(await health(alice), senders.epsilon);
    expect(epsilon.thresholds).toEqual({ bounceRatePercent: 10, minSends: 50, windowDays: 7 });
    expect(epsilon.badge).toBe("watch");
    expect(epsilon.reasons).toEqual([
      "Hard-bounce rate 5.0% (3 hard bounces in 60 sends, last 7 days)",
      "DMARC of acme.test warns",
    ]);
  });

  it("lists the saved senders newest first, campaign copies left out", async () => {
    const list = await health(alice);
    expect(list.senders.map((s) => s.senderId)).toEqual(
      (["quiet", "epsilon", "delta", "gamma", "beta", "alpha"] as const).map((k) => senders[k].id),
    );
  });

  it("never counts another user's sends, spam, counters, pause or domain checks", async () => {
    const bobs = (await health(bob)).senders;
    expect(bobs).toHaveLength(1);
    const mine = bobs[0]!;
    expect(mine.last7Days).toEqual({
      sends: 12,
      hardBounces: 5,
      hardBounceRate: 41.7,
      spamPlacements: 1,
      senderWarnings: 1,
      sent: 6,
      replies: 1,
      replyRate: 17,
    });
    expect(mine.today).toEqual({ day: "2026-03-05", sent: 9, cap: 50 });
    expect(mine.domain.checks).toMatchObject({ spf: "fail", dkim: "fail", dmarc: "fail" });
    expect(mine.badge).toBe("paused");
    // And Alice's alpha, with the same address and domain, shows none of Bob's.
    const alpha = of(await health(alice), senders.alpha);
    expect(alpha.paused).toBeNull();
    expect(alpha.domain.checks).toMatchObject({ spf: "pass", dkim: "pass", dmarc: "warn" });
  });

  it("answers 401 without a session", async () => {
    expect((await ctx.request("/api/senders/health")).status).toBe(401);
  });
});
