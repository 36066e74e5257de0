// Sender statistics (docs/product.md §17.2, §17.3): the Senders page's
// per-sender figures, the sender profile and a sender's email history.
// Figures come from the sender_activity_daily counters (one query for all of a
// user's senders), lists from email_sends through the index on
// (user_id, lower(from_email), created_at desc, id desc). Every query is keyed
// by the signed-in user: another user's sender is "not found".
import { and, asc, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { emailDisplayStatus } from "#shared/reporting/display-status.ts";
import { failureReason } from "#shared/reporting/failure-reason.ts";
import {
  SENDER_PROFILE_RECENT_EMAILS,
  type SenderEmail,
  type SenderEmailPage,
  type SenderProfile,
  type SenderStatsList,
} from "#shared/senders/sender-stats.schemas.ts";
import {
  dailyLimitPercent,
  type SenderActivityCounts,
  senderActivityFigures,
  senderAddressKey,
  senderStatsWindow,
} from "#shared/senders/sender-stats.ts";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { afterRow, cursorInstant, cursorTimeText, isCursorTime, jsonCursor } from "../../db/keyset-cursor.ts";
import { campaigns } from "../../db/schema/campaigns.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { emailSends, scheduledEmails } from "../../db/schema/sending.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { addressActivity, addressOf, periodActivityLateral } from "./sender-activity.ts";
import { toSenderDto } from "./sender-dto.ts";

const ERROR_TEXT_MAX = 500;

const notFound = () => new AppError("not_found", "Sender account not found");

type Cursor = { createdAt: string; id: string };

const cursorForm = jsonCursor(isCursorTime, isUuid);

const encodeCursor = (c: Cursor): string => cursorForm.encode([c.createdAt, c.id]);

function decodeCursor(text: string): Cursor {
  const [createdAt, id] = cursorForm.decode(text)!;
  return { createdAt, id };
}

function errorText(status: string, errorMessage: string | null): string | null {
  if (status !== "failed" || !errorMessage) return null;
  const text = parseSendErrorMessage(errorMessage)?.error ?? errorMessage;
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

export function createSenderStatsService(deps: FeatureDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * A page of the sends from `address`, newest first: one indexed range read
   * (limit + 1 rows, the extra one says whether there is a next page).
   */
  async function emailsFrom(userId: string, address: string, limit: number, after?: Cursor) {
    const conditions: SQL[] = [eq(emailSends.userId, userId), sql`${addressOf(emailSends.fromEmail)} = ${address}`];
    if (after) {
      conditions.push(
        afterRow(
          "desc",
          [emailSends.createdAt, emailSends.id],
          [cursorInstant(after.createdAt), sql`${after.id}::uuid`],
        ),
      );
    }
    const rows = await db
      .select({
        id: emailSends.id,
        toEmail: emailSends.toEmail,
        subject: emailSends.subject,
        status: emailSends.status,
        createdAt: emailSends.createdAt,
        sentAt: emailSends.sentAt,
        openedAt: emailSends.openedAt,
        campaignId: emailSends.campaignId,
        campaignName: campaigns.name,
        failureCategory: emailSends.failureCategory,
        failureReason: emailSends.failureReason,
        bounceType: emailSends.bounceType,
        errorMessage: emailSends.errorMessage,
        cursorTime: cursorTimeText(emailSends.createdAt),
      })
      .from(emailSends)
      .leftJoin(campaigns, eq(campaigns.id, emailSends.campaignId))
      .where(and(...conditions))
      // DESC (NULLS FIRST) on both: the index's order, so rows come off it already sorted.
      .orderBy(desc(emailSends.createdAt), desc(emailSends.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const emails: SenderEmail[] = page.map((r) => {
      const sentAt = r.sentAt?.toISOString() ?? null;
      const openedAt = r.openedAt?.toISOString() ?? null;
      return {
        id: r.id,
        toEmail: r.toEmail,
        subject: r.subject,
        status: emailDisplayStatus({ status: r.status, sentAt, openedAt }),
        createdAt: r.createdAt.toISOString(),
        sentAt,
        openedAt,
        campaignId: r.campaignId,
        campaignName: r.campaignName,
        failureCategory: r.status === "failed" ? (r.failureCategory ?? "other") : null,
        failureReason: r.status === "failed" ? r.failureReason : null,
        reason:
          r.status === "failed" ? failureReason(r.failureCategory ?? "other", r.bounceType, r.failureReason) : null,
        error: errorText(r.status, r.errorMessage),
      };
    });
    const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTime, id: last.id }) : null;
    return { emails, nextCursor };
  }

  return {
    /** Today / last 7 days / last month / all-time figures of every saved sender, in one query. */
    async stats(userId: string): Promise<SenderStatsList> {
      const w = senderStatsWindow(now());
      const a = periodActivityLateral(db, userId, addressOf(senderAccounts.email), w);
      const rows = await db
        .select({
          id: senderAccounts.id,
          address: addressOf(senderAccounts.email).mapWith(String),
          a: {
            todaySent: a.todaySent,
            todayFailed: a.todayFailed,
            todayOpened: a.todayOpened,
            weekSent: a.weekSent,
            weekFailed: a.weekFailed,
            weekOpened: a.weekOpened,
            monthSent: a.monthSent,
            monthFailed: a.monthFailed,
            monthOpened: a.monthOpened,
            totalSent: a.totalSent,
            totalFailed: a.totalFailed,
            totalOpened: a.totalOpened,
          },
        })
        .from(senderAccounts)
        .leftJoinLateral(a, sql`true`)
        .where(and(eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)))
        .orderBy(desc(senderAccounts.createdAt), desc(senderAccounts.id));
      const figures = (sent: number | null, failed: number | null, opened: number | null) =>
        senderActivityFigures({ sent: sent ?? 0, failed: failed ?? 0, opened: opened ?? 0 });
      return {
        today: w.today,
        stats: rows.map(({ id, address, a: r }) => ({
          senderId: id,
          address,
          today: figures(r?.todaySent ?? 0, r?.todayFailed ?? 0, r?.todayOpened ?? 0),
          last7Days: figures(r?.weekSent ?? 0, r?.weekFailed ?? 0, r?.weekOpened ?? 0),
          lastMonth: figures(r?.monthSent ?? 0, r?.monthFailed ?? 0, r?.monthOpened ?? 0),
          total: figures(r?.totalSent ?? 0, r?.totalFailed ?? 0, r?.totalOpened ?? 0),
        })),
      };
    },

    /**
     * The sender profile of an address: the saved sender with it, else the
     * newest campaign sender with it; 404 when the user has neither.
     */
    async profile(userId: string, email: string): Promise<SenderProfile> {
      const address = senderAddressKey(email);
      const [found] = await db
        .select({
          sender: senderAccounts,
          campaignCount: sql<number>`(count(*) filter (where ${senderAccounts.campaignId} is not null) over ())::int`,
        })
        .from(senderAccounts)
        .where(and(eq(senderAccounts.userId, userId), sql`${addressOf(senderAccounts.email)} = ${address}`))
        // The saved sender first (campaign_id null), then the newest copy.
        .orderBy(sql`${senderAccounts.campaignId} is null desc`, desc(senderAccounts.createdAt), asc(senderAccounts.id))
        .limit(1);
      if (!found) throw notFound();
      const row = found.sender;

      const w = senderStatsWindow(now());
      // Campaign senders with this address, or copied from this saved sender under another one.
      const viaSenders = db
        .select({ id: senderAccounts.id })
        .from(senderAccounts)
        .where(
          and(
            eq(senderAccounts.userId, userId),
            row.campaignId === null
              ? or(sql`${addressOf(senderAccounts.email)} = ${address}`, eq(senderAccounts.sourceSenderId, row.id))
              : sql`${addressOf(senderAccounts.email)} = ${address}`,
          ),
        );
      const [activity, [scheduled], recent] = await Promise.all([
        addressActivity(db, userId, address, w.today),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(scheduledEmails)
          .where(
            and(
              // The senders' ids first, as an array, so today's rows are read per sender from
              // (sender_account_id, scheduled_for): joined as a subquery, the planner read every
              // row due today, everyone's, and the sender profile missed the screens' target after
              // another user's launch (bench/RESULTS.md).
              sql`${scheduledEmails.senderAccountId} = any(array(${viaSenders}))`,
              eq(scheduledEmails.status, "scheduled"),
              sql`${scheduledEmails.scheduledFor} >= ${w.dayStart.toISOString()}::timestamptz`,
              sql`${scheduledEmails.scheduledFor} < ${w.dayEnd.toISOString()}::timestamptz`,
            ),
          ),
        emailsFrom(userId, address, SENDER_PROFILE_RECENT_EMAILS),
      ]);
      const totals: SenderActivityCounts = { sent: activity.sent, failed: activity.failed, opened: activity.opened };
      return {
        sender: toSenderDto(row, activity.sent, config),
        campaignCount: found.campaignCount,
        total: senderActivityFigures(totals),
        scheduledToday: scheduled?.count ?? 0,
        dailyActivity: {
          day: w.today,
          sent: activity.todaySent,
          dailyLimit: row.dailyLimit,
          percentOfLimit: dailyLimitPercent(activity.todaySent, row.dailyLimit),
        },
        recentEmails: recent.emails,
      };
    },

    /** A saved sender's email history: the sends from its address, newest first, a page at a time. */
    async emails(
      userId: string,
      senderId: string,
      query: { cursor?: string; limit: number },
    ): Promise<SenderEmailPage> {
      if (!isUuid(senderId)) throw notFound();
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const [row] = await db
        .select({ email: senderAccounts.email })
        .from(senderAccounts)
        .where(
          and(eq(senderAccounts.id, senderId), eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)),
        );
      if (!row) throw notFound();
      return emailsFrom(userId, senderAddressKey(row.email), query.limit, after);
    },
  };
}

export type SenderStatsService = ReturnType<typeof createSenderStatsService>;
