// The Emails screen: the user's sends (campaign and direct), opened ones first,
// then newest first, a page at a time with a keyset cursor, joined to their
// contact's name and their campaign's name. One query per page, read through
// the index email_sends_user_list_idx in list order.
//
// Search (subject, recipient address, contact name, campaign name; substring,
// case-insensitive) looks at a bounded window of the list per request: at most
// `searchWindow` emails after the cursor, in list order. A page then holds the
// matches found in that window, and nextCursor continues the search where the
// window ended, so every email is reachable and no request scans more than the
// window, whatever the size of the mailbox or the rarity of the term.
import { type SQL, sql } from "drizzle-orm";
import type { EmailSendStatus } from "#shared/db-enums.ts";
import type { EmailList, EmailListItem, EmailListQuery } from "#shared/emails/emails.schemas.ts";
import type { Db } from "../../db/client.ts";
import { afterRow, cursorInstant, cursorTimeText } from "../../db/keyset-cursor.ts";
import { rowsOf } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { decodeEmailCursor, type EmailCursor, encodeEmailCursor } from "./email-cursor.ts";

/**
 * Emails a search request looks at, at most: a window this size kept a search
 * near the screens' 50 ms target at a million sends, on PostgreSQL and on PGlite,
 * and a larger one cost several times as much (docs/decisions/022-measurements-behind-the-code.md).
 */
export const SEARCH_WINDOW = 2_000;

type Row = {
  id: string;
  subject: string;
  to_email: string;
  status: EmailSendStatus;
  sent_at: Date | string | null;
  opened_at: Date | string | null;
  created_at: Date | string;
  at_key: string;
  campaign_id: string | null;
  campaign_name: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Search only: the window's last row (where the next search page starts), not a match. */
  boundary?: boolean;
  /** Search only, on the boundary row: how many emails the window held. */
  scanned?: number;
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

// The list order and its keyset condition. All three keys descend, so the
// cursor condition is one row comparison the index scan starts from.
const ORDER = sql`(s.opened_at is not null) desc, s.created_at desc, s.id desc`;
const after = (cursor: EmailCursor | null): SQL =>
  cursor
    ? sql`and ${afterRow(
        "desc",
        [sql`(s.opened_at is not null)`, sql`s.created_at`, sql`s.id`],
        [sql`${cursor.opened}::boolean`, cursorInstant(cursor.at), sql`${cursor.id}::uuid`],
      )}`
    : sql``;
const atKey = cursorTimeText(sql`s.created_at`);

const cursorOf = (row: Row): string =>
  encodeEmailCursor({ opened: row.opened_at !== null, at: row.at_key, id: row.id });

function toItem(row: Row): EmailListItem {
  return {
    id: row.id,
    subject: row.subject,
    toEmail: row.to_email,
    firstName: row.first_name,
    lastName: row.last_name,
    campaignId: row.campaign_id,
    campaignName: row.campaign_name,
    status: row.status,
    sentAt: iso(row.sent_at),
    openedAt: iso(row.opened_at),
    createdAt: iso(row.created_at) ?? "",
  };
}

export function createEmailsService(db: Db, options: { searchWindow?: number } = {}) {
  const searchWindow = options.searchWindow ?? SEARCH_WINDOW;

  async function page(userId: string, cursor: EmailCursor | null, limit: number): Promise<EmailList> {
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select s.id, s.subject, s.to_email, s.status, s.sent_at, s.opened_at, s.created_at, ${atKey} as at_key,
          s.campaign_id, ca.name as campaign_name, c.first_name, c.last_name
        from email_sends s
        left join contacts c on c.id = s.contact_id
        left join campaigns ca on ca.id = s.campaign_id
        where s.user_id = ${userId} ${after(cursor)}
        order by ${ORDER}
        limit ${limit + 1}`),
    );
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { emails: items.map(toItem), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
  }

  async function search(userId: string, term: string, cursor: EmailCursor | null, limit: number): Promise<EmailList> {
    const like = containsPattern(term);
    const rows = rowsOf<Row>(
      await db.execute(sql`
        with w as materialized (
          select s.id, s.subject, s.to_email, s.status, s.sent_at, s.opened_at, s.created_at, s.contact_id, s.campaign_id
          from email_sends s
          where s.user_id = ${userId} ${after(cursor)}
          order by ${ORDER}
          limit ${searchWindow}
        ),
        matched as (
          select w.id, w.subject, w.to_email, w.status, w.sent_at, w.opened_at, w.created_at,
            w.campaign_id, ca.name as campaign_name, c.first_name, c.last_name
          from w
          -- One primary-key lookup per email of the window ("offset 0" keeps it a
          -- nested loop): cheaper than hashing all of the user's contacts.
          left join lateral (
            select c.first_name, c.last_name from contacts c where c.id = w.contact_id offset 0
          ) c on true
          left join campaigns ca on ca.id = w.campaign_id
          -- "First Last" holds any part of either name, so one test covers first, last and full name.
          where w.subject ilike ${like} or w.to_email ilike ${like} or ca.name ilike ${like}
            or ${contactFullName("c")} ilike ${like}
          order by (w.opened_at is not null) desc, w.created_at desc, w.id desc
          limit ${limit + 1}
        ),
        result as (
          select m.*, false as boundary, null::int as scanned from matched m
          union all
          (select w.id, w.subject, w.to_email, w.status, w.sent_at, w.opened_at, w.created_at,
              w.campaign_id, null, null, null, true, (select count(*)::int from w)
           from w
           order by (w.opened_at is not null) asc, w.created_at asc, w.id asc
           limit 1)
        )
        select s.*, ${atKey} as at_key from result s
        order by s.boundary, ${ORDER}`),
    );
    const matches = rows.filter((r) => !r.boundary);
    const boundary = rows.find((r) => r.boundary);
    const items = matches.slice(0, limit);
    const last = items.at(-1);
    if (matches.length > limit && last) return { emails: items.map(toItem), nextCursor: cursorOf(last) };
    // The window ended before a page of matches: continue after its last email,
    // unless it was the end of the list.
    const more = boundary !== undefined && Number(boundary.scanned) >= searchWindow;
    return { emails: items.map(toItem), nextCursor: more && boundary ? cursorOf(boundary) : null };
  }

  return {
    list(userId: string, query: EmailListQuery): Promise<EmailList> {
      const cursor = decodeEmailCursor(query.cursor);
      const limit = query.limit;
      return query.search ? search(userId, query.search, cursor, limit) : page(userId, cursor, limit);
    },
  };
}

export type EmailsService = ReturnType<typeof createEmailsService>;
