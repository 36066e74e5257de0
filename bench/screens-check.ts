// The screens' figures against naive queries: every count a screen shows,
// recomputed from the base tables (email_sends, contacts, campaigns,
// scheduled_emails, replies, sender_accounts) by full scans and GROUP BYs,
// never from the counter tables the app reads; list pages against OFFSET over
// the whole ordered list instead of the app's keyset cursors. The rates,
// bands and statuses are then derived with the app's shared rules
// (src/shared/reporting), so a mismatch means a count or a row is wrong.
// Each check returns its problems; none means the screen showed the truth.
import { type SQL, sql } from "drizzle-orm";
import type { CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import type { ContactDirectoryPage, ContactHistory } from "#shared/contact-directory/contact-directory.schemas.ts";
import type {
  DashboardActivity,
  DashboardSummary,
  FailureStatsResponse,
  MailSyncStatus,
} from "#shared/dashboard/dashboard.schemas.ts";
import { MAIL_SYNC_SENDS_CHECKED, MAIL_SYNC_WINDOW_DAYS, mailSyncState } from "#shared/dashboard/mail-sync-status.ts";
import { RECENT_FAILURES_LIMIT } from "#shared/dashboard/recent-failure.ts";
import { type FailureCategory, failureCategories } from "#shared/db-enums.ts";
import type { EmailList } from "#shared/emails/emails.schemas.ts";
import type { InboxHistory, InboxPage, InboxReplies } from "#shared/inbox/inbox.schemas.ts";
import { contactName, repliedCount } from "#shared/inbox/inbox-labels.ts";
import { contactEmailStatus, contactSendStatus, emailDisplayStatus } from "#shared/reporting/display-status.ts";
import { failureBand, failureBreakdown, failureFigures } from "#shared/reporting/failure-breakdown.ts";
import { failureRate, openRate, replyRate } from "#shared/reporting/rates.ts";
import type { SenderHealthList } from "#shared/senders/sender-health.schemas.ts";
import type { SenderEmailPage, SenderProfile, SenderStatsList } from "#shared/senders/sender-stats.schemas.ts";
import {
  dailyLimitPercent,
  senderActivityFigures,
  senderAddressKey,
  senderStatsPeriods,
  senderStatsWindow,
} from "#shared/senders/sender-stats.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { bounceRateReasons } from "#shared/sending/bounce-protection-rules.ts";
import type { Db } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";

/** JSON with sorted keys, so two values compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Collects "what: API x, naive y" lines. */
class Problems {
  readonly list: string[] = [];

  same(what: string, api: unknown, naive: unknown): void {
    if (Array.isArray(api) && Array.isArray(naive)) {
      const at = api.findIndex((v, i) => canonical(v) !== canonical(naive[i]));
      if (at >= 0 || api.length !== naive.length) {
        const i = at >= 0 ? at : Math.min(api.length, naive.length);
        this.list.push(
          `${what}: ${api.length} entries from the API, ${naive.length} naive; first difference at #${i + 1}: API ${clip(
            canonical(api[i]) ?? "none",
          )}, naive ${clip(canonical(naive[i]) ?? "none")}`,
        );
      }
      return;
    }
    if (canonical(api) !== canonical(naive)) {
      this.list.push(`${what}: API ${clip(canonical(api))}, naive ${clip(canonical(naive))}`);
    }
  }

  /** Instants: the API's ISO text (milliseconds) against the naive epoch in fractional milliseconds. */
  sameInstant(what: string, api: string | null, naiveMs: number | null): void {
    const ok = api === null || naiveMs === null ? api === naiveMs : Math.abs(Date.parse(api) - naiveMs) < 2;
    if (!ok) this.list.push(`${what}: API ${api}, naive ${naiveMs === null ? null : new Date(naiveMs).toISOString()}`);
  }
}

/** Epoch milliseconds (with microseconds as the fraction) of a timestamptz expression. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const microsText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const utcDate = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;
/** A text[] parameter. */
const textList = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`}::text[]`;
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Counts = { total: number; sent: number; failed: number; pending: number; opened: number };

export function screenChecks(db: Db, userId: string) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);

  async function sendCounts(): Promise<Counts> {
    const [c] = await rows<Counts>(sql`
      select count(*)::int as total, count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where opened_at is not null)::int as opened
      from email_sends where user_id = ${userId}`);
    return c!;
  }

  /** The Emails list order, as OFFSET over every one of the user's sends. */
  const emailOrder = sql`(s.opened_at is not null) desc, s.created_at desc, s.id desc`;

  /** Contacts entries (one per lower(email)) matching `term`, in page order: key and Added. */
  function contactEntries(term: string | undefined): SQL {
    const p = term === undefined ? null : contains(term);
    return sql`select lower(c.email) as key, min(c.created_at) as added_at
      from contacts c left join campaigns ca on ca.id = c.campaign_id
      where c.user_id = ${userId}
      group by lower(c.email)
      ${
        p
          ? sql`having bool_or(c.email ilike ${p} or concat_ws(' ', c.first_name, c.last_name) ilike ${p}
                               or ca.name ilike ${p})`
          : sql``
      }`;
  }

  /** Inbox groups: a contact's sends, or the direct sends to one address; newest activity first. */
  function inboxGroups(term: string | undefined): SQL {
    const p = term === undefined ? null : contains(term.toLowerCase());
    const counts = sql`max(e.created_at) as last_at, count(*) filter (where e.status = 'sent')::int as sent,
      count(*) filter (where e.status = 'failed')::int as failed,
      count(*) filter (where e.opened_at is not null)::int as opened`;
    return sql`
      select e.contact_id::text as key, e.contact_id, null::text as address, ${counts}
      from email_sends e
      ${p ? sql`join contacts m on m.id = e.contact_id` : sql``}
      where e.user_id = ${userId} and e.contact_id is not null
        ${p ? sql`and (lower(m.email) like ${p} or lower(concat_ws(' ', m.first_name, m.last_name)) like ${p})` : sql``}
      group by e.contact_id
      union all
      select lower(e.to_email), null::uuid, lower(e.to_email), ${counts}
      from email_sends e
      where e.user_id = ${userId} and e.contact_id is null ${p ? sql`and lower(e.to_email) like ${p}` : sql``}
      group by lower(e.to_email)`;
  }

  /** Senders' sends by address over a day range (both included) or all time. */
  function senderPeriodCounts(range: { from: string; to: string } | null, alias: string): SQL {
    const inRange = (column: SQL) =>
      range ? sql`and ${utcDate(column)} between ${range.from}::date and ${range.to}::date` : sql``;
    return sql`
      count(*) filter (where e.status = 'sent' and e.sent_at is not null ${inRange(sql`e.sent_at`)})::int as ${sql.raw(`"${alias}_sent"`)},
      count(*) filter (where e.status = 'failed' ${inRange(sql`e.created_at`)})::int as ${sql.raw(`"${alias}_failed"`)},
      count(*) filter (where e.opened_at is not null ${inRange(sql`e.opened_at`)})::int as ${sql.raw(`"${alias}_opened"`)}`;
  }

  return {
    async summary(api: DashboardSummary): Promise<string[]> {
      const p = new Problems();
      const s = await sendCounts();
      const [c] = await rows<{ campaigns: number; active: number; replied: number }>(sql`
        select (select count(*) from campaigns where user_id = ${userId})::int as campaigns,
               count(*) filter (where status = 'active')::int as active,
               count(*) filter (where status = 'active' and replied_at is not null)::int as replied
        from contacts where user_id = ${userId}`);
      p.same("summary", api, {
        totalCampaigns: c!.campaigns,
        emailsSent: s.sent,
        totalEmails: s.total,
        openedEmails: s.opened,
        failedEmails: s.failed,
        activeContacts: c!.active,
        repliedContacts: c!.replied,
        openRate: openRate({ opened: s.opened, sent: s.sent }),
        replyRate: replyRate({ replied: c!.replied, active: c!.active }),
        failureRate: failureRate({ failed: s.failed, total: s.total }),
      } satisfies DashboardSummary);
      return p.list;
    },

    async failures(api: FailureStatsResponse): Promise<string[]> {
      const p = new Problems();
      const s = await sendCounts();
      const byCategory = Object.fromEntries(failureCategories.map((c) => [c, 0])) as Record<FailureCategory, number>;
      const categories = await rows<{ category: FailureCategory; n: number }>(sql`
        select coalesce(failure_category, 'other') as category, count(*)::int as n
        from email_sends where user_id = ${userId} and status = 'failed' group by 1`);
      for (const c of categories) byCategory[c.category] = c.n;
      const stats = { total: s.total, sent: s.sent, failed: s.failed, pending: s.pending, byCategory };
      const { recentFailures, ...figures } = api;
      p.same("failure figures", figures, {
        ...stats,
        ...failureFigures(stats),
        band: failureBand(stats),
        breakdown: failureBreakdown(byCategory),
      });
      const recent = await rows<{ at: number; category: string; contact_email: string; campaign: string | null }>(sql`
        select ${epochMs(sql`e.created_at`)} as at, coalesce(e.failure_category, 'other') as category,
               coalesce(c.email, e.to_email) as contact_email, cam.name as campaign
        from email_sends e
        left join contacts c on c.id = e.contact_id
        left join campaigns cam on cam.id = e.campaign_id
        where e.user_id = ${userId} and e.status = 'failed'
        order by e.created_at desc limit ${RECENT_FAILURES_LIMIT}`);
      p.same(
        "recent failures (category, address, campaign)",
        recentFailures.map((r) => [r.category, r.contactEmail, r.campaignName]),
        recent.map((r) => [r.category, r.contact_email, r.campaign]),
      );
      recentFailures.forEach((r, i) => {
        p.sameInstant(`recent failure #${i + 1} createdAt`, r.createdAt, recent[i]?.at ?? null);
      });
      return p.list;
    },

    async activity(api: DashboardActivity): Promise<string[]> {
      const p = new Problems();
      // One pass per table, grouped by UTC day; the window's days come from generate_series.
      const perDay = await rows<{ day: string; sent: number; opened: number; replied: number }>(sql`
        with events as (
          select ${utcDate(sql`sent_at`)} as day, 1 as sent, 0 as opened, 0 as replied from email_sends
          where user_id = ${userId} and status = 'sent' and sent_at is not null
          union all
          select ${utcDate(sql`opened_at`)}, 0, 1, 0 from email_sends where user_id = ${userId} and opened_at is not null
          union all
          select ${utcDate(sql`replied_at`)}, 0, 0, 1 from contacts where user_id = ${userId} and replied_at is not null
        ), counted as (
          select day, sum(sent)::int as sent, sum(opened)::int as opened, sum(replied)::int as replied
          from events group by day
        )
        select to_char(d, 'YYYY-MM-DD') as day, coalesce(c.sent, 0) as sent, coalesce(c.opened, 0) as opened,
               coalesce(c.replied, 0) as replied
        from generate_series(${api.from}::date, ${api.to}::date, interval '1 day') d
        left join counted c on c.day = d::date
        order by d`);
      p.same("activity days", api.days, perDay);
      p.same(
        "activity totals",
        api.totals,
        perDay.reduce(
          (t, d) => ({ sent: t.sent + d.sent, opened: t.opened + d.opened, replied: t.replied + d.replied }),
          { sent: 0, opened: 0, replied: 0 },
        ),
      );
      return p.list;
    },

    async mailSync(api: MailSyncStatus): Promise<string[]> {
      const p = new Problems();
      const [r] = await rows<{
        enabled: number;
        connected: number;
        errors: number;
        mailboxes: number;
        syncErrors: number;
      }>(sql`
        select
          (select count(*) from mailbox_syncs where user_id = ${userId})::int as mailboxes,
          (select coalesce(sum(error_count), 0) from mailbox_syncs where user_id = ${userId})::int as "syncErrors",
          (select count(*) from sender_accounts where user_id = ${userId} and gmail_sync_enabled)::int as enabled,
          (select count(*) from sender_accounts where user_id = ${userId} and gmail_sync_enabled
             and gmail_refresh_token_encrypted is not null)::int as connected,
          (select count(*) filter (where error_message is not null) from (
             select error_message from email_sends where user_id = ${userId}
               and created_at >= now() - ${`${MAIL_SYNC_WINDOW_DAYS} days`}::interval
             order by created_at desc limit ${MAIL_SYNC_SENDS_CHECKED}) x)::int as errors`);
      const facts = {
        syncEnabledSenders: r!.enabled,
        connectedSenders: r!.connected,
        recentErrors: r!.errors,
        syncedMailboxes: r!.mailboxes,
        syncErrors: r!.syncErrors,
      };
      const { lastSyncedAt: _synced, lastError: _error, mailboxes, skipped, ...figures } = api;
      p.same("mail sync", figures, { state: mailSyncState(facts), ...facts });
      p.same("mail sync: mailboxes listed", mailboxes.length, facts.syncedMailboxes);
      const [s] = await rows<{ skipped: number }>(sql`
        select count(*)::int as skipped from mailbox_messages
        where user_id = ${userId} and kind = 'skipped' and created_at >= now() - interval '7 days'`);
      p.same(
        "mail sync: skipped messages",
        skipped.reduce((n, r) => n + r.count, 0),
        s!.skipped,
      );
      return p.list;
    },

    async campaigns(api: { campaigns: CampaignSummary[] }): Promise<string[]> {
      const p = new Problems();
      const naive = await rows<Record<string, string | number>>(sql`
        select cam.id,
          (select count(*) from contacts c where c.campaign_id = cam.id)::int as contacts,
          (select count(*) from email_sends e where e.campaign_id = cam.id and e.status = 'sent')::int as sent,
          (select count(*) from email_sends e where e.campaign_id = cam.id and e.status = 'failed')::int as failed,
          (select count(*) from email_sends e where e.campaign_id = cam.id and e.status = 'pending')::int as pending,
          (select count(*) from email_sends e where e.campaign_id = cam.id and e.opened_at is not null)::int as opened,
          (select count(*) from scheduled_emails q where q.campaign_id = cam.id
             and q.status in ('scheduled', 'paused', 'sending'))::int as scheduled
        from campaigns cam where cam.user_id = ${userId}
        order by cam.created_at desc`);
      p.same(
        "campaign rows (id, contacts, sent, failed, pending, opened, scheduled)",
        api.campaigns.map((c) => [
          c.id,
          c.contactCount,
          c.sentCount,
          c.failedCount,
          c.pendingCount,
          c.openedCount,
          c.scheduledCount,
        ]),
        naive.map((c) => [c.id, c.contacts, c.sent, c.failed, c.pending, c.opened, c.scheduled]),
      );
      return p.list;
    },

    /** A page of the Emails list, `offset` rows into the whole list. */
    async emailsPage(api: EmailList, offset: number): Promise<string[]> {
      const p = new Problems();
      const limit = 50;
      const naive = await rows<{ id: string; status: string; sent_at: string | null; opened_at: string | null }>(sql`
        select s.id, s.status, s.sent_at::text, s.opened_at::text from email_sends s
        where s.user_id = ${userId} order by ${emailOrder} offset ${offset} limit ${limit + 1}`);
      p.same(
        `emails ${offset + 1}–${offset + limit} (id, status)`,
        api.emails.map((e) => [e.id, emailDisplayStatus(e)]),
        naive
          .slice(0, limit)
          .map((e) => [e.id, emailDisplayStatus({ status: e.status, sentAt: e.sent_at, openedAt: e.opened_at })]),
      );
      p.same("emails: is there a next page", api.nextCursor !== null, naive.length > limit);
      return p.list;
    },

    /** Search pages, in order: together they must be the start of every match in list order. */
    async emailsSearch(pages: EmailList[], term: string): Promise<string[]> {
      const p = new Problems();
      const got = pages.flatMap((page) => page.emails.map((e) => e.id));
      const like = contains(term);
      const naive = await rows<{ id: string }>(sql`
        select s.id from email_sends s
        left join contacts c on c.id = s.contact_id
        left join campaigns ca on ca.id = s.campaign_id
        where s.user_id = ${userId}
          and (s.subject ilike ${like} or s.to_email ilike ${like} or ca.name ilike ${like}
               or concat_ws(' ', c.first_name, c.last_name) ilike ${like})
        order by ${emailOrder} limit ${got.length + 1}`);
      p.same(
        `emails matching "${term}", pages 1–${pages.length}`,
        got,
        naive.slice(0, got.length).map((r) => r.id),
      );
      if (pages.at(-1)?.nextCursor === null)
        p.same("emails search: matches after the last page", 0, naive.length - got.length);
      return p.list;
    },

    /** A Contacts page `offset` entries in; `details` also checks every entry's figures. */
    async contactsPage(
      api: ContactDirectoryPage,
      o: { offset: number; term?: string; details: boolean },
    ): Promise<string[]> {
      const p = new Problems();
      const limit = 50;
      const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from (${contactEntries(o.term)}) g`);
      p.same(
        `contacts${o.term ? ` matching "${o.term}"` : ""}: entries (count of distinct lower(email))`,
        api.total,
        total!.n,
      );
      const keys = await rows<{ key: string }>(sql`
        select key from (${contactEntries(o.term)}) g order by added_at desc, key desc offset ${o.offset} limit ${limit + 1}`);
      p.same(
        `contacts entries ${o.offset + 1}–${o.offset + limit} (keys)`,
        api.contacts.map((c) => c.key),
        keys.slice(0, limit).map((k) => k.key),
      );
      p.same("contacts: is there a next page", api.nextCursor !== null, keys.length > limit);
      if (!o.details || api.contacts.length === 0) return p.list;

      const list = api.contacts.map((c) => c.key);
      const contactRows = await rows<{
        key: string;
        email: string;
        first_name: string | null;
        last_name: string | null;
        company: string | null;
        campaign_id: string;
        campaign_name: string;
        replied_at: number | null;
        created_at: number;
        sends: number;
        sent: number;
        opened: number;
        failed: number;
      }>(sql`
        select lower(c.email) as key, c.email, c.first_name, c.last_name, c.company, c.campaign_id,
               cam.name as campaign_name, ${epochMs(sql`c.replied_at`)} as replied_at, ${epochMs(sql`c.created_at`)} as created_at,
               (select count(*) from email_sends e where e.contact_id = c.id)::int as sends,
               (select count(*) from email_sends e where e.contact_id = c.id and e.status = 'sent')::int as sent,
               (select count(*) from email_sends e where e.contact_id = c.id and e.opened_at is not null)::int as opened,
               (select count(*) from email_sends e where e.contact_id = c.id and e.status = 'failed')::int as failed
        from contacts c join campaigns cam on cam.id = c.campaign_id
        where c.user_id = ${userId} and lower(c.email) = any(${textList(list)})
        order by c.created_at desc, c.id`);
      const latest = await rows<{ key: string; status: string; sent_at: string | null; opened_at: string | null }>(sql`
        select distinct on (lower(c.email)) lower(c.email) as key, e.status, e.sent_at::text, e.opened_at::text
        from contacts c join email_sends e on e.contact_id = c.id
        where c.user_id = ${userId} and lower(c.email) = any(${textList(list)})
        order by lower(c.email), e.created_at desc`);
      for (const entry of api.contacts) {
        const mine = contactRows.filter((r) => r.key === entry.key);
        const named = mine.find((r) => r.first_name !== null || r.last_name !== null);
        const sum = (k: "sends" | "sent" | "opened" | "failed") => mine.reduce((t, r) => t + r[k], 0);
        const last = latest.find((l) => l.key === entry.key);
        const repliedMs = mine.find((r) => r.replied_at !== null)?.replied_at ?? null;
        const what = `contact ${entry.key}`;
        p.same(
          `${what} (email, names, company, campaigns, sends, sent, opened, failed, status)`,
          [
            entry.email,
            entry.firstName,
            entry.lastName,
            entry.company,
            entry.campaigns,
            entry.sends,
            entry.sent,
            entry.opened,
            entry.failed,
            entry.emailStatus,
          ],
          [
            mine[0]?.email,
            named?.first_name ?? null,
            named?.last_name ?? null,
            mine.find((r) => r.company !== null)?.company ?? null,
            mine.map((r) => ({ id: r.campaign_id, name: r.campaign_name })),
            sum("sends"),
            sum("sent"),
            sum("opened"),
            sum("failed"),
            contactEmailStatus({
              repliedAt: repliedMs === null ? null : new Date(repliedMs).toISOString(),
              sendCount: sum("sends"),
              latest: last ? { status: last.status, sentAt: last.sent_at, openedAt: last.opened_at } : null,
            }),
          ],
        );
        p.sameInstant(`${what} repliedAt`, entry.repliedAt, repliedMs);
        p.sameInstant(`${what} addedAt`, entry.addedAt, Math.min(...mine.map((r) => r.created_at)));
      }
      return p.list;
    },

    async contactHistory(api: ContactHistory, email: string): Promise<string[]> {
      const p = new Problems();
      const limit = 500;
      const naive = await rows<{ id: string; status: string; sent_at: string | null; opened_at: string | null }>(sql`
        select e.id, e.status, e.sent_at::text, e.opened_at::text
        from contacts c join email_sends e on e.contact_id = c.id
        where c.user_id = ${userId} and lower(c.email) = lower(${email})
        order by e.created_at desc, e.id limit ${limit + 1}`);
      p.same(
        `history of ${email} (id, status)`,
        api.sends.map((s) => [s.id, s.status]),
        naive
          .slice(0, limit)
          .map((s) => [s.id, contactSendStatus({ status: s.status, sentAt: s.sent_at, openedAt: s.opened_at })]),
      );
      p.same("history truncated", api.truncated, naive.length > limit);
      return p.list;
    },

    /** An Inbox page `offset` groups in. */
    async inboxPage(api: InboxPage, o: { offset: number; term?: string }): Promise<string[]> {
      const p = new Problems();
      const limit = 25;
      const groups = await rows<{
        key: string;
        contact_id: string | null;
        address: string | null;
        at_key: string;
        sent: number;
        failed: number;
        opened: number;
      }>(sql`
        select g.key, g.contact_id, g.address, ${microsText(sql`g.last_at`)} as at_key, g.sent, g.failed, g.opened
        from (${inboxGroups(o.term)}) g
        order by g.last_at desc, g.key desc offset ${o.offset} limit ${limit + 1}`);
      const page = groups.slice(0, limit);
      const want = [];
      for (const g of page) {
        const [d] = await rows<{
          email: string | null;
          first_name: string | null;
          last_name: string | null;
          replied_at: string | null;
          replies: number;
        }>(
          g.contact_id
            ? sql`select c.email, c.first_name, c.last_name, c.replied_at::text,
                    (select count(*) from replies r where r.user_id = ${userId} and r.contact_id = c.id)::int as replies
                  from contacts c where c.id = ${g.contact_id}`
            : sql`select ${g.address}::text as email, k.first_name, k.last_name, null::text as replied_at,
                    (select count(*) from replies r where r.user_id = ${userId} and r.contact_id is null
                       and lower(r.contact_email) = ${g.address})::int as replies
                  from (select 1) one left join lateral (
                    select first_name, last_name from contacts
                    where user_id = ${userId} and lower(email) = ${g.address} order by created_at desc limit 1) k on true`,
        );
        want.push([
          g.contact_id,
          d?.email ?? null,
          contactName(d?.first_name ?? null, d?.last_name ?? null),
          g.at_key,
          g.sent,
          g.opened,
          g.failed,
          repliedCount(d?.replies ?? 0, d?.replied_at ?? null),
        ]);
      }
      p.same(
        `inbox groups ${o.offset + 1}–${o.offset + limit}${o.term ? ` matching "${o.term}"` : ""} (contact, email, name, last activity, sent, opened, failed, replied)`,
        api.groups.map((g) => [g.contactId, g.email, g.name, g.lastActivityAt, g.sent, g.opened, g.failed, g.replied]),
        want,
      );
      p.same("inbox: is there a next page", api.nextCursor !== null, groups.length > limit);
      return p.list;
    },

    async inboxHistory(api: InboxHistory, contactId: string): Promise<string[]> {
      const p = new Problems();
      const naive = await rows<{ id: string; status: string }>(sql`
        select id, status from email_sends where user_id = ${userId} and contact_id = ${contactId}
        order by created_at desc, id::text desc limit 21`);
      p.same(
        "inbox history (id, status)",
        api.sends.map((s) => [s.id, s.status]),
        naive.slice(0, 20).map((s) => [s.id, s.status]),
      );
      p.same("inbox history: is there a next page", api.nextCursor !== null, naive.length > 20);
      return p.list;
    },

    async inboxReplies(api: InboxReplies, contactId: string): Promise<string[]> {
      const p = new Problems();
      const naive = await rows<{ id: string }>(sql`
        select id from replies where user_id = ${userId} and contact_id = ${contactId}
        order by replied_at desc, id::text desc limit 21`);
      p.same(
        "inbox replies (id)",
        api.replies.map((r) => r.id),
        naive.slice(0, 20).map((r) => r.id),
      );
      p.same("inbox replies: is there a next page", api.nextCursor !== null, naive.length > 20);
      return p.list;
    },

    async senders(api: { senders: Sender[] }): Promise<string[]> {
      const p = new Problems();
      const naive = await rows<{ id: string; sent: number }>(sql`
        select sa.id, (select count(*) from email_sends e where e.user_id = ${userId}
                         and lower(e.from_email) = lower(sa.email) and e.status = 'sent' and e.sent_at is not null)::int as sent
        from sender_accounts sa where sa.user_id = ${userId} and sa.campaign_id is null
        order by sa.created_at desc, sa.id desc`);
      p.same(
        "saved senders (id, emails sent)",
        api.senders.map((s) => [s.id, s.sentCount]),
        naive.map((s) => [s.id, s.sent]),
      );
      return p.list;
    },

    async senderStats(api: SenderStatsList): Promise<string[]> {
      const p = new Problems();
      const w = senderStatsWindow(new Date(`${api.today}T12:00:00.000Z`));
      const naive = await rows<Record<string, number | string>>(sql`
        select sa.id, lower(sa.email) as address,
          ${sql.join(
            senderStatsPeriods.map((period) => senderPeriodCounts({ from: w.from[period], to: w.today }, period)),
            sql`, `,
          )},
          ${senderPeriodCounts(null, "total")}
        from sender_accounts sa
        left join email_sends e on e.user_id = ${userId} and lower(e.from_email) = lower(sa.email)
        where sa.user_id = ${userId} and sa.campaign_id is null
        group by sa.id, sa.email, sa.created_at
        order by sa.created_at desc, sa.id desc`);
      const figures = (r: Record<string, number | string>, period: string) =>
        senderActivityFigures({
          sent: Number(r[`${period}_sent`]),
          failed: Number(r[`${period}_failed`]),
          opened: Number(r[`${period}_opened`]),
        });
      p.same(
        "sender stats (today, last 7 days, last month, total)",
        api.stats,
        naive.map((r) => ({
          senderId: r.id,
          address: r.address,
          today: figures(r, "today"),
          last7Days: figures(r, "last7Days"),
          lastMonth: figures(r, "lastMonth"),
          total: figures(r, "total"),
        })),
      );
      return p.list;
    },

    async senderProfile(api: SenderProfile, email: string): Promise<string[]> {
      const p = new Problems();
      const address = senderAddressKey(email);
      const w = senderStatsWindow(new Date(`${api.dailyActivity.day}T12:00:00.000Z`));
      const [r] = await rows<{
        id: string;
        daily_limit: number;
        campaign_senders: number;
        scheduled_today: number;
        total_sent: number;
        total_failed: number;
        total_opened: number;
        today_sent: number;
        today_failed: number;
        today_opened: number;
      }>(sql`
        with saved as (
          select id, daily_limit from sender_accounts
          where user_id = ${userId} and lower(email) = ${address} and campaign_id is null
        )
        select saved.id, saved.daily_limit,
          (select count(*) from sender_accounts where user_id = ${userId} and lower(email) = ${address}
             and campaign_id is not null)::int as campaign_senders,
          (select count(*) from scheduled_emails q where q.status = 'scheduled'
             and q.scheduled_for >= ${w.dayStart.toISOString()}::timestamptz
             and q.scheduled_for < ${w.dayEnd.toISOString()}::timestamptz
             and q.sender_account_id in (select id from sender_accounts where user_id = ${userId}
                                           and (lower(email) = ${address} or source_sender_id = saved.id)))::int
            as scheduled_today,
          x.*
        from saved, lateral (
          select ${senderPeriodCounts(null, "total")}, ${senderPeriodCounts({ from: w.today, to: w.today }, "today")}
          from email_sends e where e.user_id = ${userId} and lower(e.from_email) = ${address}) x`);
      if (!r) return [`profile of ${email}: the user has no saved sender with this address`];
      const recent = await rows<{ id: string }>(sql`
        select id from email_sends where user_id = ${userId} and lower(from_email) = ${address}
        order by created_at desc, id desc limit 10`);
      p.same(
        `profile of ${email}`,
        {
          id: api.sender.id,
          campaignCount: api.campaignCount,
          total: api.total,
          scheduledToday: api.scheduledToday,
          daily: [api.dailyActivity.sent, api.dailyActivity.dailyLimit, api.dailyActivity.percentOfLimit],
          recent: api.recentEmails.map((e) => e.id),
        },
        {
          id: r.id,
          campaignCount: r.campaign_senders,
          total: senderActivityFigures({ sent: r.total_sent, failed: r.total_failed, opened: r.total_opened }),
          scheduledToday: r.scheduled_today,
          daily: [r.today_sent, r.daily_limit, dailyLimitPercent(r.today_sent, r.daily_limit)],
          recent: recent.map((e) => e.id),
        },
      );
      return p.list;
    },

    async senderEmails(api: SenderEmailPage, senderId: string, limit: number): Promise<string[]> {
      const p = new Problems();
      const naive = await rows<{ id: string }>(sql`
        select e.id from email_sends e
        join sender_accounts sa on sa.id = ${senderId} and sa.user_id = ${userId}
        where e.user_id = ${userId} and lower(e.from_email) = lower(sa.email)
        order by e.created_at desc, e.id desc limit ${limit + 1}`);
      p.same(
        "sender's emails (id)",
        api.emails.map((e) => e.id),
        naive.slice(0, limit).map((e) => e.id),
      );
      p.same("sender's emails: is there a next page", api.nextCursor !== null, naive.length > limit);
      return p.list;
    },

    /**
     * Sender health's counts over the last 7 and 30 UTC days (ending at the
     * answer's asOf), by a GROUP BY over the user's whole email_sends (sent by
     * sent_at, failed by created_at, as the counters count them), the replies
     * table and a join of the spam-folder ledger to the sends.
     */
    async senderHealth(api: SenderHealthList): Promise<string[]> {
      const p = new Problems();
      const today = Date.parse(`${api.asOf.slice(0, 10)}T00:00:00.000Z`);
      const first = (days: number) => new Date(today - (days - 1) * 86_400_000).toISOString();
      const [d7, d30] = [first(7), first(30)];
      const hard = sql`e.status = 'failed' and e.bounce_type = 'hard' and e.failure_reason in (${sql.join(
        bounceRateReasons.map((r) => sql`${r}`),
        sql`, `,
      )})`;
      const sends = (from: string) =>
        sql`(count(e.id) filter (where e.status = 'sent' and e.sent_at >= ${from}::timestamptz)
          + count(e.id) filter (where e.status = 'failed' and e.created_at >= ${from}::timestamptz))::int`;
      const naive = await rows<Record<string, number | string>>(sql`
        select sa.id, ${sends(d7)} as sends7, ${sends(d30)} as sends30,
          count(e.id) filter (where e.created_at >= ${d7}::timestamptz and ${hard})::int as hard7,
          count(e.id) filter (where e.created_at >= ${d30}::timestamptz and ${hard})::int as hard30,
          count(e.id) filter (where e.status = 'sent' and e.sent_at >= ${d30}::timestamptz)::int as sent30,
          (select count(distinct coalesce(r.email_send_id::text, r.id::text)) from replies r
           where r.user_id = ${userId} and r.kind = 'reply' and r.replied_at >= ${d30}::timestamptz
             and lower(r.sender_email) = lower(sa.email))::int as replies30,
          (select count(distinct x.id) from mailbox_messages m join email_sends x on x.message_id = m.message_id
           where m.user_id = ${userId} and x.user_id = ${userId} and m.kind = 'spam'
             and m.created_at >= ${d30}::timestamptz and lower(x.from_email) = lower(sa.email))::int as spam30
        from sender_accounts sa
        left join email_sends e on e.user_id = ${userId} and lower(e.from_email) = lower(sa.email)
        where sa.user_id = ${userId} and sa.campaign_id is null
        group by sa.id, sa.email, sa.created_at
        order by sa.created_at desc, sa.id desc`);
      p.same(
        "sender health (sends, hard bounces over 7 and 30 days; sent, replies, spam over 30 days)",
        api.senders.map((s) => [
          s.senderId,
          s.last7Days.sends,
          s.last7Days.hardBounces,
          s.last30Days.sends,
          s.last30Days.hardBounces,
          s.last30Days.sent,
          s.last30Days.replies,
          s.last30Days.spamPlacements,
        ]),
        naive.map((r) => [r.id, r.sends7, r.hard7, r.sends30, r.hard30, r.sent30, r.replies30, r.spam30]),
      );
      return p.list;
    },
  };
}

export type ScreenChecks = ReturnType<typeof screenChecks>;
