// Inbox (docs/product.md §14.1): the user's sends grouped by contact, newest
// activity first, with Sent / Opened / Failed / Replied counters; a group's
// email history and replies.
//
// Groups: one per contact row, its counters read from contact_send_stats (kept
// by triggers, docs/decisions/002-reporting-counters.md) and ordered by its
// last_send_at (index contact_send_stats_user_last_idx); plus one per
// recipient address for the sends without a contact (direct compose, Email in
// Bulk, and those of a contact removed from its campaign since: decision 016),
// counted at read time over those sends only (a partial index keeps it to
// them). Both streams are merged in one statement, keyset-paginated on
// (last activity, key). Each request is a bounded number of statements,
// whatever the number of sends.
import { type SQL, sql } from "drizzle-orm";
import type {
  BounceType,
  EmailSendStatus,
  FailureCategory,
  FailureReason,
  InboundKind,
  LeadStatus,
} from "#shared/db-enums.ts";
import { parseErrorDetails } from "#shared/inbox/error-details.ts";
import {
  INBOX_GROUP_PAGE_SIZE,
  INBOX_HISTORY_PAGE_SIZE,
  INBOX_REPLIES_PAGE_SIZE,
  type InboxGroup,
  type InboxGroupQuery,
  type InboxHistory,
  type InboxListQuery,
  type InboxPage,
  type InboxReplies,
} from "#shared/inbox/inbox.schemas.ts";
import { contactName, repliedCount } from "#shared/inbox/inbox-labels.ts";
import { inboxMessageText } from "#shared/inbox/message-text.ts";
import { failureReason } from "#shared/reporting/failure-reason.ts";
import type { Db } from "../../db/client.ts";
import { afterTimeThenKey, cursorTimeText, isCursorTime, jsonCursor } from "../../db/keyset-cursor.ts";
import { rowsOf } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { AppError } from "../../errors.ts";

type Cursor = { at: string; key: string };

/** Keys (a contact id, an address, a row id as text) are checked as text, not uuids: the group list mixes them. */
const isKey = (value: unknown): value is string => typeof value === "string" && value.length <= 400;
const cursorForm = jsonCursor(isCursorTime, isKey);

const encodeCursor = (cursor: Cursor): string => cursorForm.encode([cursor.at, cursor.key]);

function decodeCursor(text: string | undefined): Cursor | null {
  const parts = cursorForm.decode(text);
  return parts && { at: parts[0], key: parts[1] };
}

/** Rows after the cursor in (at desc, key desc) order. */
const after = (cursor: Cursor | null, at: SQL, key: SQL) =>
  cursor ? sql`and ${afterTimeThenKey(at, key, { at: cursor.at, key: sql`${cursor.key}` })}` : sql``;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

type GroupRow = {
  contact_id: string | null;
  address: string | null;
  at_key: string;
  sent: number;
  failed: number;
  opened: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  replied_at: Date | string | null;
  campaign_name: string | null;
  reply_count: number;
  lead_status: LeadStatus | null;
  lead_suggested: boolean | null;
};

type SendRow = {
  id: string;
  status: EmailSendStatus;
  to_email: string;
  from_email: string;
  campaign_id: string | null;
  campaign_name: string | null;
  step_number: number | null;
  subject: string;
  body: string;
  created_at: Date | string;
  at_key: string;
  sent_at: Date | string | null;
  opened_at: Date | string | null;
  failure_category: FailureCategory | null;
  failure_reason: FailureReason | null;
  bounce_type: BounceType | null;
  error_message: string | null;
};

type ReplyRow = {
  id: string;
  kind: InboundKind;
  contact_email: string;
  sender_email: string;
  subject: string | null;
  reply_content: string;
  campaign_name: string | null;
  replied_at: Date | string;
  at_key: string;
};

/**
 * The status filter on the contact groups: the contacts at the addresses with
 * that status, as an array (lead_statuses' (user_id, status) index, then
 * contacts_user_email_idx), as the search does; New is every contact whose
 * address has no other status.
 */
function contactHasLeadStatus(userId: string, status: LeadStatus): SQL {
  return status === "new"
    ? sql`and not exists (select 1 from contacts lc join lead_statuses ls
            on ls.user_id = lc.user_id and ls.email = lower(lc.email) and ls.status <> 'new'
          where lc.id = cs.contact_id)`
    : sql`and cs.contact_id = any(array(select lc.id from lead_statuses ls
            join contacts lc on lc.user_id = ls.user_id and lower(lc.email) = ls.email
          where ls.user_id = ${userId} and ls.status = ${status}))`;
}

/** The same on the groups of direct sends, by their address. */
function addressHasLeadStatus(userId: string, address: SQL, status: LeadStatus): SQL {
  return status === "new"
    ? sql`and not exists (select 1 from lead_statuses ls
          where ls.user_id = ${userId} and ls.email = ${address} and ls.status <> 'new')`
    : sql`and ${address} = any(array(select ls.email from lead_statuses ls
          where ls.user_id = ${userId} and ls.status = ${status}))`;
}

/** One more row than a page, to know whether there is a next one. */
function paginate<T>(rows: T[], size: number, cursorOf: (row: T) => Cursor) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeCursor(cursorOf(last)) : null };
}

/** A page of replies rows (fetched one past the page) as the Inbox's replies answer. */
function repliesPage(rows: ReplyRow[]): InboxReplies {
  const { page, nextCursor } = paginate(rows, INBOX_REPLIES_PAGE_SIZE, (row) => ({ at: row.at_key, key: row.id }));
  return {
    replies: page.map((row) => ({
      id: row.id,
      fromEmail: row.contact_email,
      toEmail: row.sender_email,
      subject: row.subject,
      content: row.reply_content,
      campaignName: row.campaign_name,
      repliedAt: iso(row.replied_at) ?? row.at_key,
      kind: row.kind,
    })),
    nextCursor,
  };
}

export function createInboxService(db: Db) {
  /** The sends of a group: the contact's (404 unless it is the user's), or the user's direct sends to an address. */
  async function groupFilter(userId: string, query: InboxGroupQuery, alias: "e" | "r"): Promise<SQL> {
    const a = sql.raw(alias);
    if (query.contactId) {
      const found = rowsOf(
        await db.execute(sql`select 1 from contacts where id = ${query.contactId} and user_id = ${userId}`),
      );
      if (found.length === 0) throw new AppError("not_found", "Contact not found");
      return sql`${a}.user_id = ${userId} and ${a}.contact_id = ${query.contactId}`;
    }
    const email = query.email ?? "";
    const found = rowsOf(
      await db.execute(sql`
        select 1 from email_sends
        where user_id = ${userId} and contact_id is null and lower(to_email) = ${email} limit 1`),
    );
    if (found.length === 0) throw new AppError("not_found", "No emails were sent to this address");
    const address = alias === "e" ? sql`lower(e.to_email)` : sql`lower(r.contact_email)`;
    return sql`${a}.user_id = ${userId} and ${a}.contact_id is null and ${address} = ${email}`;
  }

  return {
    async list(userId: string, query: InboxListQuery): Promise<InboxPage> {
      const cursor = decodeCursor(query.cursor);
      const limit = INBOX_GROUP_PAGE_SIZE + 1;
      const like = query.search ? containsPattern(query.search.toLowerCase()) : null;
      // Both kinds of group come from counter tables kept by triggers, each read
      // newest first along its (user_id, last_send_at desc, key desc) index:
      // contacts with sends (contact_send_stats) and the addresses of sends made
      // without a contact (direct_recipients, migration 0005). Keys compare in
      // the database's default collation everywhere (branches, merge, cursor).
      const result = await db.execute(sql`
        with page as (
          (select cs.contact_id, null::text as address, cs.last_send_at as last_at
           from contact_send_stats cs
           where cs.user_id = ${userId} and cs.sends > 0 and cs.last_send_at is not null
             ${
               like
                 ? // The matching contacts first, as an array (trigram indexes on email and name):
                   // a search probes their counters instead of joining all of the user's.
                   sql`and cs.contact_id = any(array(
                     select sc.id from contacts sc
                     where sc.user_id = ${userId}
                       and (sc.email ilike ${like} or ${contactFullName("sc")} ilike ${like})))`
                 : sql``
             }
             ${query.leadStatus ? contactHasLeadStatus(userId, query.leadStatus) : sql``}
             ${after(cursor, sql`cs.last_send_at`, sql`cs.contact_id::text`)}
           order by cs.last_send_at desc, cs.contact_id::text desc
           limit ${limit})
          union all
          (select null::uuid, dr.address, dr.last_send_at
           from direct_recipients dr
           where dr.user_id = ${userId} and dr.sends > 0 and dr.last_send_at is not null
             ${like ? sql`and dr.address like ${like}` : sql``}
             ${query.leadStatus ? addressHasLeadStatus(userId, sql`dr.address`, query.leadStatus) : sql``}
             ${after(cursor, sql`dr.last_send_at`, sql`dr.address`)}
           order by dr.last_send_at desc, dr.address desc
           limit ${limit})
        ), top as (
          select * from page order by last_at desc, coalesce(contact_id::text, address) desc limit ${limit}
        )
        select t.contact_id, t.address, ${cursorTimeText(sql`t.last_at`)} as at_key,
          coalesce(cs.sent, dr.sent) as sent, coalesce(cs.failed, dr.failed) as failed,
          coalesce(cs.opened, dr.opened) as opened,
          c.email, coalesce(c.first_name, k.first_name) as first_name,
          coalesce(c.last_name, k.last_name) as last_name, coalesce(c.company, k.company) as company,
          c.replied_at, cp.name as campaign_name,
          -- Replied counts replies; auto-replies, bounces and unsubscribe requests show in the list only.
          case when t.contact_id is not null
            then (select count(*)::int from replies r
                  where r.contact_id = t.contact_id and r.user_id = ${userId} and r.kind = 'reply')
            else (select count(*)::int from replies r
                  where r.user_id = ${userId} and r.contact_id is null and lower(r.contact_email) = t.address
                    and r.kind = 'reply')
          end as reply_count,
          ls.status as lead_status, ls.suggested as lead_suggested
        from top t
        left join contact_send_stats cs on cs.contact_id = t.contact_id
        left join direct_recipients dr on dr.user_id = ${userId} and dr.address = t.address
        left join contacts c on c.id = t.contact_id
        left join campaigns cp on cp.id = c.campaign_id
        -- Direct sends to an address the user also has as a contact show that contact's name.
        left join lateral (
          select k.first_name, k.last_name, k.company from contacts k
          where t.address is not null and k.user_id = ${userId} and lower(k.email) = t.address
          order by k.created_at desc limit 1
        ) k on true
        left join lead_statuses ls on ls.user_id = ${userId} and ls.email = coalesce(lower(c.email), t.address)
        order by t.last_at desc, coalesce(t.contact_id::text, t.address) desc`);
      const { page, nextCursor } = paginate(rowsOf<GroupRow>(result), INBOX_GROUP_PAGE_SIZE, (row) => ({
        at: row.at_key,
        key: row.contact_id ?? row.address ?? "",
      }));
      const groups: InboxGroup[] = page.map((row) => {
        const repliedAt = iso(row.replied_at);
        return {
          contactId: row.contact_id,
          email: row.email ?? row.address ?? "",
          name: contactName(row.first_name, row.last_name),
          company: row.company?.trim() || null,
          campaignName: row.campaign_name,
          lastActivityAt: row.at_key,
          sent: row.sent,
          opened: row.opened,
          failed: row.failed,
          replied: repliedCount(row.reply_count, repliedAt),
          repliedAt,
          leadStatus: { status: row.lead_status ?? "new", suggested: row.lead_suggested ?? false },
        };
      });
      return { groups, nextCursor };
    },

    async history(userId: string, query: InboxGroupQuery): Promise<InboxHistory> {
      const cursor = decodeCursor(query.cursor);
      const filter = await groupFilter(userId, query, "e");
      const result = await db.execute(sql`
        select e.id, e.status, e.to_email, e.from_email, e.campaign_id, cp.name as campaign_name,
          seq.step_number, e.subject, e.body, e.created_at, ${cursorTimeText(sql`e.created_at`)} as at_key,
          e.sent_at, e.opened_at, e.failure_category, e.failure_reason, e.bounce_type, e.error_message
        from email_sends e
        left join campaigns cp on cp.id = e.campaign_id
        left join email_sequences seq on seq.id = e.sequence_id
        where ${filter} ${after(cursor, sql`e.created_at`, sql`e.id::text`)}
        order by e.created_at desc, e.id::text desc
        limit ${INBOX_HISTORY_PAGE_SIZE + 1}`);
      const { page, nextCursor } = paginate(rowsOf<SendRow>(result), INBOX_HISTORY_PAGE_SIZE, (row) => ({
        at: row.at_key,
        key: row.id,
      }));
      return {
        sends: page.map((row) => ({
          id: row.id,
          status: row.status,
          toEmail: row.to_email,
          fromEmail: row.from_email.trim() || null,
          campaignId: row.campaign_id,
          campaignName: row.campaign_name,
          stepNumber: row.step_number,
          subject: row.subject,
          // Campaign sends keep the HTML sent; direct compose keeps the text typed.
          message: inboxMessageText(row.body, row.campaign_id !== null),
          createdAt: iso(row.created_at) ?? row.at_key,
          sentAt: iso(row.sent_at),
          openedAt: iso(row.opened_at),
          failureCategory: row.failure_category,
          failureReason: row.status === "failed" ? row.failure_reason : null,
          reason:
            row.status === "failed"
              ? failureReason(row.failure_category ?? "other", row.bounce_type, row.failure_reason)
              : null,
          error: parseErrorDetails(row.error_message),
        })),
        nextCursor,
      };
    },

    async replies(userId: string, query: InboxGroupQuery): Promise<InboxReplies> {
      const cursor = decodeCursor(query.cursor);
      const filter = await groupFilter(userId, query, "r");
      const result = await db.execute(sql`
        select r.id, r.kind, r.contact_email, r.sender_email, r.subject, r.reply_content, cp.name as campaign_name,
          r.replied_at, ${cursorTimeText(sql`r.replied_at`)} as at_key
        from replies r
        left join campaigns cp on cp.id = r.campaign_id
        where ${filter} ${after(cursor, sql`r.replied_at`, sql`r.id::text`)}
        order by r.replied_at desc, r.id::text desc
        limit ${INBOX_REPLIES_PAGE_SIZE + 1}`);
      return repliesPage(rowsOf<ReplyRow>(result));
    },

    /**
     * Received: messages restored from Junk that no Inbox group shows, that is
     * not from a contact with sends, nor from an address the user emailed
     * without a contact (those show in that group's Replies). Newest first.
     */
    async received(userId: string, query: { cursor?: string | undefined }): Promise<InboxReplies> {
      const cursor = decodeCursor(query.cursor);
      const result = await db.execute(sql`
        select r.id, r.kind, r.contact_email, r.sender_email, r.subject, r.reply_content, cp.name as campaign_name,
          r.replied_at, ${cursorTimeText(sql`r.replied_at`)} as at_key
        from replies r
        left join campaigns cp on cp.id = r.campaign_id
        where r.user_id = ${userId} and r.kind = 'received'
          and not (r.contact_id is not null and exists (
            select 1 from contact_send_stats cs where cs.contact_id = r.contact_id and cs.sends > 0))
          and not (r.contact_id is null and exists (
            select 1 from direct_recipients dr
            where dr.user_id = ${userId} and dr.address = lower(r.contact_email) and dr.sends > 0))
          ${after(cursor, sql`r.replied_at`, sql`r.id::text`)}
        order by r.replied_at desc, r.id::text desc
        limit ${INBOX_REPLIES_PAGE_SIZE + 1}`);
      return repliesPage(rowsOf<ReplyRow>(result));
    },
  };
}
