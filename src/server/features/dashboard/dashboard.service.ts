// The dashboard's figures (docs/product.md §3; issue 6's
// 30-day chart). Every figure is read
// from the reporting counters the database triggers keep (docs/decisions/
// 002-reporting-counters.md), never by aggregating email_sends: each endpoint
// is one or two indexed queries whatever the number of sends.
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { activityTotals, activityWindow, fillActivity } from "#shared/dashboard/activity-series.ts";
import type {
  DashboardActivity,
  DashboardSummary,
  FailureStatsResponse,
  MailSyncStatus,
  RecentFailure,
} from "#shared/dashboard/dashboard.schemas.ts";
import { MAIL_SYNC_SENDS_CHECKED, MAIL_SYNC_WINDOW_DAYS, mailSyncState } from "#shared/dashboard/mail-sync-status.ts";
import { errorSummary, failureCategoryLabel, RECENT_FAILURES_LIMIT } from "#shared/dashboard/recent-failure.ts";
import { type FailureCategory, failureCategories } from "#shared/db-enums.ts";
import { failureBand, failureBreakdown, failureFigures } from "#shared/reporting/failure-breakdown.ts";
import { failureReason } from "#shared/reporting/failure-reason.ts";
import { failureRate, openRate, replyRate } from "#shared/reporting/rates.ts";
import type { Db } from "../../db/client.ts";
import {
  campaigns,
  contacts,
  emailSends,
  mailboxSyncs,
  senderAccounts,
  user,
  userActivityDaily,
  userSendStats,
} from "../../db/schema/index.ts";
import { OWN_MAILBOX } from "../../mailbox/own-mailbox.ts";
import { skippedMessagesQuery, toSkippedMessages } from "../../mailbox/skipped-messages.ts";

/** A counter of user_send_stats, 0 when the user has no row yet (nothing sent, no contacts). */
const counter = (column: AnyPgColumn): SQL<number> => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

const categoryColumns: Record<FailureCategory, AnyPgColumn> = {
  invalid_address: userSendStats.invalidAddress,
  bounced: userSendStats.bounced,
  rejected: userSendStats.rejected,
  blocked: userSendStats.blocked,
  spam: userSendStats.spam,
  rate_limited: userSendStats.rateLimited,
  authentication: userSendStats.authentication,
  network: userSendStats.network,
  domain_issue: userSendStats.domainIssue,
  content_filtered: userSendStats.contentFiltered,
  other: userSendStats.other,
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function createDashboardService({ db, now: clock }: { db: Db; now?: () => Date }) {
  const now = clock ?? (() => new Date());

  /**
   * The user's counters in one statement: read from the user row (always
   * there for a signed-in user) with user_send_stats left-joined, so a user
   * who has not sent anything gets zeros.
   */
  function countersOf(userId: string) {
    return db
      .select({
        total: counter(userSendStats.total),
        sent: counter(userSendStats.sent),
        failed: counter(userSendStats.failed),
        pending: counter(userSendStats.pending),
        opened: counter(userSendStats.opened),
        activeContacts: counter(userSendStats.activeContacts),
        activeReplied: counter(userSendStats.activeReplied),
        ...(Object.fromEntries(failureCategories.map((c) => [c, counter(categoryColumns[c])])) as Record<
          FailureCategory,
          SQL<number>
        >),
        // campaigns_user_created_idx: an index-only count of at most a few hundred entries.
        totalCampaigns: sql<number>`(select count(*) from ${campaigns} where ${campaigns.userId} = ${userId})`.mapWith(
          Number,
        ),
      })
      .from(user)
      .leftJoin(userSendStats, eq(userSendStats.userId, user.id))
      .where(eq(user.id, userId));
  }

  async function counters(userId: string) {
    const [row] = await countersOf(userId);
    if (!row) throw new Error("signed-in user not found");
    return row;
  }

  /** Campaign Overview, Contact Management and Email Performance: one query. */
  async function summary(userId: string): Promise<DashboardSummary> {
    const c = await counters(userId);
    return {
      totalCampaigns: c.totalCampaigns,
      emailsSent: c.sent,
      totalEmails: c.total,
      openedEmails: c.opened,
      failedEmails: c.failed,
      activeContacts: c.activeContacts,
      repliedContacts: c.activeReplied,
      openRate: openRate({ opened: c.opened, sent: c.sent }),
      replyRate: replyRate({ replied: c.activeReplied, active: c.activeContacts }),
      failureRate: failureRate({ failed: c.failed, total: c.total }),
    };
  }

  /**
   * The 10 newest failed sends, newest first, with the contact's address and
   * the campaign's name: one query down email_sends_user_status_created_idx
   * (user_id, status, created_at desc), stopping after 10 rows.
   */
  async function recentFailures(userId: string): Promise<RecentFailure[]> {
    const rows = await db
      .select({
        id: emailSends.id,
        status: emailSends.status,
        category: emailSends.failureCategory,
        failureReason: emailSends.failureReason,
        bounceType: emailSends.bounceType,
        errorMessage: emailSends.errorMessage,
        createdAt: emailSends.createdAt,
        toEmail: emailSends.toEmail,
        contactEmail: contacts.email,
        campaignName: campaigns.name,
      })
      .from(emailSends)
      .leftJoin(contacts, eq(contacts.id, emailSends.contactId))
      .leftJoin(campaigns, eq(campaigns.id, emailSends.campaignId))
      .where(and(eq(emailSends.userId, userId), eq(emailSends.status, "failed")))
      // No tie-break column: it would make PostgreSQL sort every failure of the newest instant.
      .orderBy(desc(emailSends.createdAt))
      .limit(RECENT_FAILURES_LIMIT);
    return rows.map((r) => {
      const category = r.category ?? "other";
      return {
        id: r.id,
        status: r.status,
        category,
        categoryLabel: failureCategoryLabel(category),
        failureReason: r.failureReason,
        reason: failureReason(category, r.bounceType, r.failureReason),
        errorSummary: errorSummary(r.errorMessage),
        createdAt: iso(r.createdAt),
        contactEmail: r.contactEmail ?? r.toEmail,
        campaignName: r.campaignName ?? null,
      };
    });
  }

  /** The failure-rate panel: the counters (one query) and the recent failures (one query). */
  async function failures(userId: string): Promise<FailureStatsResponse> {
    // Sequential: PGlite has one connection, and on PostgreSQL both are index reads of a few rows.
    const c = await counters(userId);
    const recent = await recentFailures(userId);
    const byCategory = Object.fromEntries(failureCategories.map((k) => [k, c[k]])) as Record<FailureCategory, number>;
    const stats = { total: c.total, sent: c.sent, failed: c.failed, pending: c.pending, byCategory };
    return {
      ...stats,
      ...failureFigures(stats),
      band: failureBand(stats),
      breakdown: failureBreakdown(byCategory),
      recentFailures: recent,
    };
  }

  /** Sends, opens and replies per UTC day over the last 30 days, zero-filled: one primary-key range read. */
  async function activity(userId: string): Promise<DashboardActivity> {
    const window = activityWindow(now());
    const rows = await db
      .select({
        day: userActivityDaily.day,
        sent: userActivityDaily.sent,
        opened: userActivityDaily.opened,
        replied: userActivityDaily.replied,
      })
      .from(userActivityDaily)
      .where(
        and(
          eq(userActivityDaily.userId, userId),
          gte(userActivityDaily.day, window.from),
          lte(userActivityDaily.day, window.to),
        ),
      );
    const days = fillActivity(window.days, rows);
    return { from: window.from, to: window.to, days, totals: activityTotals(days) };
  }

  /**
   * The mail-sync card in one statement: the user's sender accounts with sync
   * on (and connected), how many of the newest 100 sends of the last 7 days
   * carry an error message (email_sends_user_created_idx, stopping after 100
   * rows), and what the mailbox sync recorded of the user's mailboxes
   * (mailbox_syncs_user_idx): how many, their errors since their last
   * success, the latest success and the newest of those errors; and the
   * messages it skipped in the last 7 days, by reason (mailbox_messages_skipped_idx).
   */
  async function mailSync(userId: string): Promise<MailSyncStatus> {
    const since = new Date(now().getTime() - MAIL_SYNC_WINDOW_DAYS * 86_400_000);
    const [row] = await db
      .select({
        syncEnabledSenders: sql<number>`(select count(*) from ${senderAccounts}
          where ${senderAccounts.userId} = ${userId} and ${senderAccounts.gmailSyncEnabled})`.mapWith(Number),
        connectedSenders: sql<number>`(select count(*) from ${senderAccounts}
          where ${senderAccounts.userId} = ${userId} and ${senderAccounts.gmailSyncEnabled}
            and ${senderAccounts.gmailRefreshTokenEncrypted} is not null)`.mapWith(Number),
        recentErrors: sql<number>`(select count(*) from (
          select ${emailSends.errorMessage} as error_message from ${emailSends}
          where ${emailSends.userId} = ${userId} and ${emailSends.createdAt} >= ${since.toISOString()}::timestamptz
          order by ${emailSends.createdAt} desc
          limit ${MAIL_SYNC_SENDS_CHECKED}) recent where recent.error_message is not null)`.mapWith(Number),
        syncedMailboxes:
          sql<number>`(select count(*) from ${mailboxSyncs} ms join ${senderAccounts} sa on sa.id = ms.sender_account_id
          where ms.user_id = ${userId} and ${OWN_MAILBOX})`.mapWith(Number),
        syncErrors: sql<number>`(select coalesce(sum(ms.error_count), 0) from ${mailboxSyncs} ms
          join ${senderAccounts} sa on sa.id = ms.sender_account_id
          where ms.user_id = ${userId} and ${OWN_MAILBOX})`.mapWith(Number),
        lastSyncedAt: sql<string | null>`(select max(ms.last_synced_at) from ${mailboxSyncs} ms
          join ${senderAccounts} sa on sa.id = ms.sender_account_id
          where ms.user_id = ${userId} and ${OWN_MAILBOX})`,
        lastError: sql<{ message: string; at: string; mailbox: string } | null>`(
          select json_build_object('message', ms.last_error, 'at', ms.last_error_at, 'mailbox', sa.email)
          from ${mailboxSyncs} ms join ${senderAccounts} sa on sa.id = ms.sender_account_id
          where ms.user_id = ${userId} and ${OWN_MAILBOX} and ms.error_count > 0 and ms.last_error is not null
            and ms.last_error_at is not null
          order by ms.last_error_at desc limit 1)`,
        // Each mailbox read, in the same statement: its address, kind, errors since its last success, last success.
        mailboxes: sql<
          { email: string; kind: "imap" | "gmail"; errorCount: number; lastSyncedAt: string | null }[] | null
        >`(select json_agg(json_build_object('email', sa.email,
            'kind', case when sa.imap_host is not null then 'imap' else 'gmail' end,
            'errorCount', ms.error_count, 'lastSyncedAt', ms.last_synced_at) order by sa.email)
          from ${mailboxSyncs} ms join ${senderAccounts} sa on sa.id = ms.sender_account_id
          where ms.user_id = ${userId} and ${OWN_MAILBOX})`,
        skipped: skippedMessagesQuery(userId, now()),
      })
      .from(user)
      .where(eq(user.id, userId));
    const facts = {
      syncEnabledSenders: row?.syncEnabledSenders ?? 0,
      connectedSenders: row?.connectedSenders ?? 0,
      recentErrors: row?.recentErrors ?? 0,
      syncedMailboxes: row?.syncedMailboxes ?? 0,
      syncErrors: row?.syncErrors ?? 0,
    };
    const lastError = row?.lastError ?? null;
    return {
      state: mailSyncState(facts),
      ...facts,
      lastSyncedAt: row?.lastSyncedAt ? iso(row.lastSyncedAt) : null,
      lastError: lastError ? { ...lastError, at: iso(lastError.at) } : null,
      mailboxes: (row?.mailboxes ?? []).map((m) => ({
        email: m.email,
        kind: m.kind,
        state: Number(m.errorCount) > 0 ? ("errors" as const) : ("working" as const),
        lastSyncedAt: m.lastSyncedAt ? iso(m.lastSyncedAt) : null,
      })),
      skipped: toSkippedMessages(row?.skipped ?? null),
    };
  }

  return { summary, failures, activity, mailSync };
}
