// Removing a contact from a campaign keeps the emails it was sent counted on
// every screen (docs/decisions/016-removed-contacts-keep-their-sends.md): a
// campaign launched over real SMTP to a sink (one address refused), opens
// through the real pixel endpoint, a follow-up step and a direct email, then a
// contact with two opened sends is removed through the route. Every screen's
// figures are read through the API and compared with counts made directly over
// email_sends, contacts and scheduled_emails, before and after the removal.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CalendarMonth } from "#shared/calendar/calendar.schemas.ts";
import type { CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import type { ContactDirectoryPage } from "#shared/contact-directory/contact-directory.schemas.ts";
import type { DashboardActivity, DashboardSummary, FailureStatsResponse } from "#shared/dashboard/dashboard.schemas.ts";
import type { EmailList } from "#shared/emails/emails.schemas.ts";
import type { InboxHistory, InboxPage, InboxReplies } from "#shared/inbox/inbox.schemas.ts";
import type { SenderProfile, SenderStatsList } from "#shared/senders/sender-stats.schemas.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { smtpFaults } from "../../../../tests/support/smtp-sink.ts";
import { emailSends, replies, senderAccounts } from "../../db/schema/index.ts";
import { trackingUrls } from "../../mail/tokens.ts";
import { NOT_RETRIED } from "./contacts.service.ts";

const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const SENDER = "one@sender.test";

type Owner = { cookie: string; userId: string };

async function get<T>(owner: Owner, path: string): Promise<T> {
  const res = await h.ctx.request(path, { cookie: owner.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Every page of a cursor-paged list. */
async function allPages<P extends { nextCursor: string | null }, T>(
  owner: Owner,
  path: (cursor: string | null) => string,
  items: (page: P) => T[],
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: P = await get<P>(owner, path(cursor));
    out.push(...items(page));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const q = (cursor: string | null, sep = "?") => (cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : "");

/** What each screen shows, read through the API. */
async function screens(owner: Owner, campaignId: string) {
  const summary = await get<DashboardSummary>(owner, "/api/dashboard/summary");
  const failures = await get<FailureStatsResponse>(owner, "/api/dashboard/failures");
  const activity = await get<DashboardActivity>(owner, "/api/dashboard/activity");
  const { campaigns } = await get<{ campaigns: CampaignSummary[] }>(owner, "/api/campaigns");
  const row = campaigns.find((c) => c.id === campaignId)!;
  const profile = await get<SenderProfile>(owner, `/api/senders/profile?email=${SENDER}`);
  const stats = await get<SenderStatsList>(owner, "/api/senders/stats");
  const emails = await allPages<EmailList, EmailList["emails"][number]>(
    owner,
    (c) => `/api/emails?limit=100${q(c, "&")}`,
    (p) => p.emails,
  );
  const groups = await allPages<InboxPage, InboxPage["groups"][number]>(
    owner,
    (c) => `/api/inbox${q(c)}`,
    (p) => p.groups,
  );
  let inboxHistory = 0;
  for (const g of groups) {
    const which = g.contactId ? `contactId=${g.contactId}` : `email=${encodeURIComponent(g.email)}`;
    inboxHistory += (
      await allPages<InboxHistory, unknown>(
        owner,
        (c) => `/api/inbox/history?${which}${q(c, "&")}`,
        (p) => p.sends,
      )
    ).length;
  }
  const directory = await allPages<ContactDirectoryPage, ContactDirectoryPage["contacts"][number]>(
    owner,
    (c) => `/api/contacts${q(c)}`,
    (p) => p.contacts,
  );
  const month = await get<CalendarMonth>(owner, "/api/calendar/month?month=2026-12");
  const sum = <T>(list: T[], f: (t: T) => number) => list.reduce((n, t) => n + f(t), 0);
  return {
    dashboard: {
      emailsSent: summary.emailsSent,
      totalEmails: summary.totalEmails,
      opened: summary.openedEmails,
      failed: summary.failedEmails,
      activeContacts: summary.activeContacts,
    },
    failurePanel: { total: failures.total, sent: failures.sent, failed: failures.failed, pending: failures.pending },
    chart: { sent: activity.totals.sent, opened: activity.totals.opened },
    campaignRow: {
      sent: row.sentCount,
      opened: row.openedCount,
      failed: row.failedCount,
      pending: row.pendingCount,
      scheduled: row.scheduledCount,
      contacts: row.contactCount,
    },
    senderProfile: { sent: profile.total.sent, failed: profile.total.failed, opened: profile.total.opened },
    senderStats: stats.stats.map((s) => ({ sent: s.total.sent, failed: s.total.failed, opened: s.total.opened })),
    emailsList: {
      total: emails.length,
      sent: emails.filter((e) => e.status === "sent").length,
      opened: emails.filter((e) => e.openedAt !== null).length,
    },
    inbox: {
      sent: sum(groups, (g) => g.sent),
      opened: sum(groups, (g) => g.opened),
      failed: sum(groups, (g) => g.failed),
      history: inboxHistory,
    },
    contactsPage: { sent: sum(directory, (c) => c.sent), sends: sum(directory, (c) => c.sends) },
    calendar: { sent: month.totals.sent, failed: month.totals.failed, scheduled: month.totals.scheduled },
  };
}

/** The same figures counted directly over the tables. */
async function tables(userId: string, campaignId: string) {
  const { rows } = (await h.ctx.database.db.execute(sql`
    select
      count(*) filter (where status = 'sent')::int as sent,
      count(*)::int as total,
      count(*) filter (where opened_at is not null)::int as opened,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where campaign_id = ${campaignId}::uuid and status = 'sent')::int as c_sent,
      count(*) filter (where campaign_id = ${campaignId}::uuid and opened_at is not null)::int as c_opened,
      count(*) filter (where campaign_id = ${campaignId}::uuid and status = 'failed')::int as c_failed,
      count(*) filter (where campaign_id = ${campaignId}::uuid and status = 'pending')::int as c_pending,
      count(*) filter (where lower(from_email) = ${SENDER} and status = 'sent')::int as s_sent,
      count(*) filter (where lower(from_email) = ${SENDER} and status = 'failed')::int as s_failed,
      count(*) filter (where lower(from_email) = ${SENDER} and opened_at is not null)::int as s_opened,
      count(*) filter (where contact_id is not null and status = 'sent')::int as k_sent,
      count(*) filter (where contact_id is not null)::int as k_sends,
      (select count(*)::int from contacts where user_id = ${userId} and status = 'active') as active_contacts,
      (select count(*)::int from contacts where campaign_id = ${campaignId}::uuid) as contacts,
      (select count(*)::int from scheduled_emails
       where campaign_id = ${campaignId}::uuid and status in ('scheduled', 'paused', 'sending')) as scheduled
    from email_sends where user_id = ${userId}`)) as unknown as { rows: Record<string, number>[] };
  const t = rows[0]!;
  return {
    dashboard: {
      emailsSent: t.sent,
      totalEmails: t.total,
      opened: t.opened,
      failed: t.failed,
      activeContacts: t.active_contacts,
    },
    failurePanel: { total: t.total, sent: t.sent, failed: t.failed, pending: t.pending },
    chart: { sent: t.sent, opened: t.opened },
    campaignRow: {
      sent: t.c_sent,
      opened: t.c_opened,
      failed: t.c_failed,
      pending: t.c_pending,
      scheduled: t.scheduled,
      contacts: t.contacts,
    },
    senderProfile: { sent: t.s_sent, failed: t.s_failed, opened: t.s_opened },
    senderStats: [{ sent: t.s_sent, failed: t.s_failed, opened: t.s_opened }],
    emailsList: { total: t.total, sent: t.sent, opened: t.opened },
    inbox: { sent: t.sent, opened: t.opened, failed: t.failed, history: t.total },
    // The Contacts page lists contacts: the sends of contacts that are still there.
    contactsPage: { sent: t.k_sent, sends: t.k_sends },
    calendar: { sent: t.sent, failed: t.failed, scheduled: t.scheduled },
  };
}

describe("removing a contact from a campaign", () => {
  it("keeps its sends counted: every screen agrees with the tables, before and after", async () => {
    const db = h.ctx.database.db;
    const owner = await h.ctx.signUpVerified("figures-owner@example.com");
    // A saved sender with the campaign's address: the Senders page shows its figures.
    await db.insert(senderAccounts).values({ userId: owner.userId, email: SENDER, provider: "custom" });
    h.sink.addFault(smtpFaults.rejectRecipient("fig-4@prospects.test"));
    const { campaign } = await createCampaign(h.ctx, owner.cookie, {
      name: "Figures",
      contacts: people(4, "fig"),
      sequence: [
        { ...step("Hi {{firstName}}", "<p>Hello {{firstName}}</p>"), bodyFormat: "html" },
        { ...step("Again {{firstName}}", "<p>Still there?</p>", { amount: 1 }), bodyFormat: "html" },
      ],
    });
    expect((await launch(h.ctx, owner.cookie, campaign.id)).body.emailsSent).toBe(3);

    const sendsTo = async (address: string) =>
      (await db.select().from(emailSends).where(eq(emailSends.toEmail, address))).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
    const open = async (sendId: string) => {
      const pixel = trackingUrls(h.ctx.config.publicUrl, h.ctx.config.appSecret, sendId).openPixel;
      expect((await h.ctx.request(new URL(pixel).pathname)).status).toBe(200);
    };
    await open((await sendsTo("fig-1@prospects.test"))[0]!.id);
    await open((await sendsTo("fig-2@prospects.test"))[0]!.id);

    clock.advance(DAY);
    const worker = testWorker({ db, config: h.ctx.config, transports: h.transports, clock });
    expect((await drain(worker)).sent).toBe(3);
    await open((await sendsTo("fig-2@prospects.test"))[1]!.id);
    const direct = await h.ctx.request("/api/emails/direct", {
      method: "POST",
      cookie: owner.cookie,
      json: { from: SENDER, to: "someone@else.test", subject: "Direct", message: "Hello" },
    });
    expect(direct.status).toBe(200);

    // fig-2 answered its first email (as the mailbox sync records a reply).
    const [firstToRemoved] = await sendsTo("fig-2@prospects.test");
    await db.insert(replies).values({
      userId: owner.userId,
      campaignId: campaign.id,
      contactId: firstToRemoved!.contactId,
      emailSendId: firstToRemoved!.id,
      contactEmail: "fig-2@prospects.test",
      senderEmail: SENDER,
      subject: "Re: Hi First2",
      replyContent: "Tell me more",
      repliedAt: clock.now(),
    });

    const before = await screens(owner, campaign.id);
    expect(before).toEqual(await tables(owner.userId, campaign.id));
    // The fixture is what it should be: 7 campaign sends (one refused) and a direct one, 3 opens.
    expect(before.dashboard).toEqual({ emailsSent: 7, totalEmails: 8, opened: 3, failed: 1, activeContacts: 3 });

    const [removed] = await db.select().from(emailSends).where(eq(emailSends.toEmail, "fig-2@prospects.test"));
    const res = await h.ctx.request(`/api/campaigns/${campaign.id}/contacts/${removed!.contactId}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);

    const after = await screens(owner, campaign.id);
    expect(after).toEqual(await tables(owner.userId, campaign.id));
    // Its two sends (both opened) still count everywhere; only the contact figures changed.
    expect((await sendsTo("fig-2@prospects.test")).map((s) => [s.status, s.openedAt !== null, s.contactId])).toEqual([
      ["sent", true, null],
      ["sent", true, null],
    ]);
    // Its unsubscribe link still works (the send it names is there).
    const unsubscribe = trackingUrls(h.ctx.config.publicUrl, h.ctx.config.appSecret, firstToRemoved!.id).unsubscribe;
    const page = await h.ctx.request(new URL(unsubscribe).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("fig-2@prospects.test");
    // In the Inbox they are the address's group now, with the reply.
    const { groups } = await get<InboxPage>(owner, "/api/inbox?search=fig-2");
    expect(groups.map((g) => [g.contactId, g.email, g.sent, g.opened, g.replied])).toEqual([
      [null, "fig-2@prospects.test", 2, 2, 1],
    ]);
    const answered = await get<InboxReplies>(owner, "/api/inbox/replies?email=fig-2@prospects.test");
    expect(answered.replies.map((r) => r.content)).toEqual(["Tell me more"]);
    expect(after).toEqual({
      ...before,
      dashboard: { ...before.dashboard, activeContacts: 2 },
      campaignRow: { ...before.campaignRow, contacts: 3 },
      contactsPage: { sent: before.contactsPage.sent - 2, sends: before.contactsPage.sends - 2 },
    });
  });
});

describe("removing a contact whose send waits for a retry", () => {
  it("ends that send as failed (it will never be retried), and the figures still agree", async () => {
    const db = h.ctx.database.db;
    const owner = await h.ctx.signUpVerified("figures-retry@example.com");
    await db.insert(senderAccounts).values({ userId: owner.userId, email: SENDER, provider: "custom" });
    h.sink.addFault(smtpFaults.tryAgainLater("retry-1@prospects.test"));
    const { campaign } = await createCampaign(h.ctx, owner.cookie, { name: "Retry", contacts: people(2, "retry") });
    expect((await launch(h.ctx, owner.cookie, campaign.id)).body.emailsSent).toBe(1);
    const [waiting] = await db.select().from(emailSends).where(eq(emailSends.toEmail, "retry-1@prospects.test"));
    expect(waiting!.status).toBe("pending");
    const before = await screens(owner, campaign.id);
    expect(before).toEqual(await tables(owner.userId, campaign.id));
    expect(before.campaignRow).toMatchObject({ sent: 1, pending: 1, failed: 0, scheduled: 1 });

    const res = await h.ctx.request(`/api/campaigns/${campaign.id}/contacts/${waiting!.contactId}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    const [settled] = await db.select().from(emailSends).where(eq(emailSends.id, waiting!.id));
    expect(settled).toMatchObject({ status: "failed", failureCategory: "other", errorMessage: NOT_RETRIED });
    const after = await screens(owner, campaign.id);
    expect(after).toEqual(await tables(owner.userId, campaign.id));
    expect(after.campaignRow).toMatchObject({ sent: 1, pending: 0, failed: 1, scheduled: 0, contacts: 1 });
    // Time passes: nothing is sent to the removed address.
    clock.advance(DAY);
    await drain(testWorker({ db, config: h.ctx.config, transports: h.transports, clock }));
    expect(h.sink.messagesTo("retry-1@prospects.test")).toEqual([]);
  });
});
