// Contacts page: every contact of the user's campaigns, merged by email address
// (case-insensitively) into one entry, with counts from contact_send_stats and
// the status of the most recent send. A bounded number of queries per request
// whatever the number of contacts:
// 1. the page: the keys after the cursor, read from contact_addresses (one row
//    per user and lower(email), kept by triggers: migration 0003) through its
//    (user_id, added_at desc, email_key desc) index, and the number of entries
//    from user_send_stats. With a search, the user's contact rows are scanned
//    for matches (any merged row may match), their keys joined to
//    contact_addresses for Added, counted and sorted: one pass over the user's
//    rows, without grouping them;
// 2. those entries' details: their contact rows aggregated, each row's latest
//    send fetched through a LATERAL join on email_sends (contact_id, created_at desc).
// The export reads every matching key in page order once, then runs (2) per
// chunk of entries, streaming CSV as it goes. A contact's history (its sends
// and the meetings its address booked) is one statement.
import { type SQL, sql } from "drizzle-orm";
import {
  type ContactDirectoryPage,
  type ContactDirectoryQuery,
  type ContactHistory,
  type DirectoryContact,
  HISTORY_LIMIT,
  MEETINGS_LIMIT,
} from "#shared/contact-directory/contact-directory.schemas.ts";
import { CSV_BOM, contactCsvHeader, contactCsvRecord, csvRecord } from "#shared/contacts/contacts-csv.ts";
import type { LeadStatus, MeetingStatus } from "#shared/db-enums.ts";
import type { LeadStatusSummary } from "#shared/lead-status/lead-status.schemas.ts";
import { contactEmailStatus, contactSendStatus, type SendLike } from "#shared/reporting/display-status.ts";
import type { Db } from "../../db/client.ts";
import { afterRow, cursorInstant, cursorTimeText, timeBarKeyCursor } from "../../db/keyset-cursor.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";

/** Entries per detail query when exporting. */
const EXPORT_CHUNK = 1_000;

type Timestamp = Date | string;

/** node-postgres and PGlite return timestamptz as Date; jsonb holds ISO text. */
function iso(value: Timestamp): string;
function iso(value: Timestamp | null): string | null;
function iso(value: Timestamp | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * Whether a contact row `c` matches the search: its email, its name ("first
 * last", which also covers each part alone) or its campaign's name. An entry
 * matches when any of its merged rows does. Each arm can be read from an
 * index (the trigram indexes on email and name, contacts_campaign_email_unique
 * for the campaigns, whose ids come first as an array), so the planner may
 * OR three bitmaps instead of reading every row of the user.
 */
function rowMatches(userId: string, term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(c.email ilike ${pattern} or ${contactFullName("c")} ilike ${pattern}
    or c.campaign_id = any(array(select id from campaigns where user_id = ${userId} and name ilike ${pattern})))`;
}

/**
 * The user's entries (key, added_at) that match the search: the keys of the
 * contact rows that match, each entry once, with Added from contact_addresses.
 * The keys come first as an array, looked up by contact_addresses' primary
 * key: as a subquery join the planner, expecting far more matches than a
 * selective term finds, hashed all of the user's addresses, slower the more
 * contacts the user has (docs/decisions/022-measurements-behind-the-code.md).
 */
function matchingEntries(userId: string, search: string | undefined, leadStatus: LeadStatus | undefined): SQL {
  return sql`select a.email_key as key, a.added_at
    from contact_addresses a
    where a.user_id = ${userId}
      ${
        search
          ? sql`and a.email_key = any(array(
              select distinct lower(c.email) from contacts c where c.user_id = ${userId} and ${rowMatches(userId, search)}
            ))`
          : sql``
      }
      ${leadStatus ? sql`and ${hasLeadStatus(userId, sql`a.email_key`, leadStatus)}` : sql``}`;
}

/**
 * The status filter: the keys with that status come from lead_statuses'
 * (user_id, status) index; New is every address without another status.
 */
function hasLeadStatus(userId: string, key: SQL, status: LeadStatus): SQL {
  return status === "new"
    ? sql`not exists (select 1 from lead_statuses ls where ls.user_id = ${userId} and ls.email = ${key} and ls.status <> 'new')`
    : sql`${key} = any(array(select ls.email from lead_statuses ls where ls.user_id = ${userId} and ls.status = ${status}))`;
}

/** Where a page of entries starts: after the cursor, if any (the index's keyset condition). */
function afterCursor(cursor: Cursor | undefined, added: SQL, key: SQL): SQL {
  return cursor ? sql`and ${afterRow("desc", [added, key], [cursorInstant(cursor.added), sql`${cursor.key}`])}` : sql``;
}

type EntryRow = {
  key: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  campaigns: { id: string; name: string }[];
  sends: number | string;
  sent: number | string;
  opened: number | string;
  failed: number | string;
  replied_at: Timestamp | null;
  added_at: Timestamp;
  latest: { status: string; sentAt: string | null; openedAt: string | null } | null;
  lead: LeadStatusSummary | null;
};

/** One send of a contact's history (jsonb: timestamps as text). */
type HistorySend = {
  id: string;
  campaign_id: string | null;
  campaign_name: string | null;
  step_number: number | null;
  status: string;
  sent_at: string | null;
  opened_at: string | null;
  created_at: string;
};

/** One meeting of a contact's history (jsonb: timestamps as text). */
type HistoryMeeting = {
  id: string;
  scheduled_date: string;
  ends_at: string;
  duration_minutes: number;
  timezone: string;
  link_title: string;
  status: MeetingStatus;
};

type HistoryRow = { sends: HistorySend[]; meetings: HistoryMeeting[] };

function toEntry(row: EntryRow): DirectoryContact {
  const repliedAt = iso(row.replied_at);
  const sends = Number(row.sends);
  const latest: SendLike | null = row.latest
    ? { status: row.latest.status, sentAt: iso(row.latest.sentAt), openedAt: iso(row.latest.openedAt) }
    : null;
  return {
    key: row.key,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    campaigns: row.campaigns,
    emailStatus: contactEmailStatus({ repliedAt, sendCount: sends, latest }),
    sends,
    sent: Number(row.sent),
    opened: Number(row.opened),
    failed: Number(row.failed),
    repliedAt,
    addedAt: iso(row.added_at),
    leadStatus: row.lead ?? { status: "new", suggested: false },
  };
}

/** Where a page starts: after the entry with this Added time (microseconds, UTC) and key. */
type Cursor = { added: string; key: string };

const encodeCursor = (cursor: Cursor): string => timeBarKeyCursor.encode([cursor.added, cursor.key]);

function decodeCursor(text: string): Cursor {
  const [added, key] = timeBarKeyCursor.decode(text)!;
  return { added, key };
}

/** The list's and the export's filters: a search, a lead status. */
type Filter = { search?: string | undefined; leadStatus?: LeadStatus | undefined };

type KeyRow = { key: string | null; added: string; total: number | string };

export function createContactDirectoryService(db: Db) {
  /**
   * One page of matching entries, most recently added first (by Added, then key,
   * both descending), after the cursor, and how many entries match in all: one
   * statement. Without a search the page is a range of contact_addresses'
   * index and the total a counter; with one, the matching entries are found by
   * one pass over the user's contact rows (the total needs them all anyway).
   */
  async function pageKeys(
    userId: string,
    filter: Filter,
    limit: number,
    cursor: Cursor | undefined,
  ): Promise<{ rows: Cursor[]; total: number }> {
    const rows = await queryRows<KeyRow>(
      db,
      filter.search || filter.leadStatus
        ? sql`with g as materialized (${matchingEntries(userId, filter.search, filter.leadStatus)}),
              t as (select count(*) as total from g)
              select t.total, p.key, ${cursorTimeText(sql`p.added_at`)} as added
              from t left join lateral (
                select key, added_at from g
                where true ${afterCursor(cursor, sql`added_at`, sql`key`)}
                order by added_at desc, key desc
                limit ${limit}
              ) p on true
              order by p.added_at desc, p.key desc`
        : sql`select t.total, p.key, ${cursorTimeText(sql`p.added_at`)} as added
              from (
                select coalesce((select contact_addresses from user_send_stats where user_id = ${userId}), 0) as total
              ) t left join lateral (
                select email_key as key, added_at from contact_addresses
                where user_id = ${userId} ${afterCursor(cursor, sql`added_at`, sql`email_key`)}
                order by added_at desc, email_key desc
                limit ${limit}
              ) p on true
              order by p.added_at desc, p.key desc`,
    );
    return {
      rows: rows.filter((r): r is Cursor & KeyRow => r.key !== null),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  /** Every matching entry in page order (the export). */
  async function allKeys(userId: string, filter: Filter): Promise<string[]> {
    const rows = await queryRows<{ key: string }>(
      db,
      filter.search || filter.leadStatus
        ? sql`select key from (${matchingEntries(userId, filter.search, filter.leadStatus)}) g
              order by added_at desc, key desc`
        : sql`select email_key as key from contact_addresses where user_id = ${userId}
              order by added_at desc, email_key desc`,
    );
    return rows.map((r) => r.key);
  }

  /**
   * The merged entries of these keys, in their order. The keys' contact rows
   * are read by one scan with `lower(email) in (…)` (index probes, or at worst
   * one pass over the user's rows with a hashed list: never a join the planner could
   * run as a scan per key when it misjudges the user's row count, as it does
   * without statistics — PGlite never analyzes; PostgreSQL not yet after a
   * large import); the rest joins by id.
   */
  async function entries(userId: string, keyList: readonly string[]): Promise<DirectoryContact[]> {
    if (keyList.length === 0) return [];
    // The order that picks the entry's email, name and reply: newest contact row first.
    const newest = sql`c.created_at desc, c.id`;
    const rows = await queryRows<EntryRow>(
      db,
      sql`with k as (
            select value as key, ordinality as ord
            from jsonb_array_elements_text(${JSON.stringify(keyList)}::jsonb) with ordinality
          ), c as materialized (
            select lower(c.email) as key, c.*
            from contacts c
            where c.user_id = ${userId} and lower(c.email) in (${sql.join(
              keyList.map((key) => sql`${key}`),
              sql`, `,
            )})
          )
          select k.key,
            (array_agg(c.email order by ${newest}))[1] as email,
            (array_agg(c.first_name order by (c.first_name is null and c.last_name is null), ${newest}))[1] as first_name,
            (array_agg(c.last_name order by (c.first_name is null and c.last_name is null), ${newest}))[1] as last_name,
            (array_agg(c.company order by c.company is null, ${newest}))[1] as company,
            jsonb_agg(jsonb_build_object('id', cam.id, 'name', cam.name) order by ${newest}) as campaigns,
            coalesce(sum(s.sends), 0) as sends,
            coalesce(sum(s.sent), 0) as sent,
            coalesce(sum(s.opened), 0) as opened,
            coalesce(sum(s.failed), 0) as failed,
            (array_agg(c.replied_at order by ${newest}) filter (where c.replied_at is not null))[1] as replied_at,
            min(c.created_at) as added_at,
            (select jsonb_build_object('status', st.status, 'suggested', st.suggested) from lead_statuses st
             where st.user_id = ${userId} and st.email = k.key) as lead,
            (array_agg(jsonb_build_object('status', ls.status, 'sentAt', ls.sent_at, 'openedAt', ls.opened_at)
               order by ls.created_at desc) filter (where ls.status is not null))[1] as latest
          from k
          join c on c.key = k.key
          join campaigns cam on cam.id = c.campaign_id
          left join contact_send_stats s on s.contact_id = c.id
          left join lateral (
            select e.status, e.sent_at, e.opened_at, e.created_at
            from email_sends e
            where e.contact_id = c.id
            order by e.created_at desc
            limit 1
          ) ls on true
          group by k.key, k.ord
          order by k.ord`,
    );
    return rows.map(toEntry);
  }

  return {
    async page(userId: string, query: ContactDirectoryQuery): Promise<ContactDirectoryPage> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
      // One more than asked tells whether a next page exists.
      const found = await pageKeys(userId, query, query.limit + 1, cursor);
      const rows = found.rows.slice(0, query.limit);
      const last = found.rows.length > query.limit ? rows.at(-1) : undefined;
      return {
        contacts: await entries(
          userId,
          rows.map((r) => r.key),
        ),
        total: found.total,
        nextCursor: last ? encodeCursor(last) : null,
      };
    },

    /** Every matching entry as CSV, produced chunk by chunk in the page's order. */
    async *csv(userId: string, filter: Filter): AsyncGenerator<string> {
      const all = await allKeys(userId, filter);
      yield CSV_BOM + csvRecord(contactCsvHeader);
      for (let i = 0; i < all.length; i += EXPORT_CHUNK) {
        const chunk = await entries(userId, all.slice(i, i + EXPORT_CHUNK));
        yield chunk.map(contactCsvRecord).join("");
      }
    },

    /**
     * Every send to this address across the user's campaigns, newest first,
     * and the meetings it booked with the user (scheduled_meetings_user_email_idx),
     * latest first: one statement, each list one more than shown (to tell
     * whether there are more).
     */
    async history(userId: string, email: string): Promise<ContactHistory> {
      const [row] = await queryRows<HistoryRow>(
        db,
        sql`with s as (
              select e.id, e.campaign_id, cam.name as campaign_name, seq.step_number, e.status,
                     e.sent_at, e.opened_at, e.created_at
              from contacts c
              join email_sends e on e.contact_id = c.id
              left join campaigns cam on cam.id = e.campaign_id
              left join email_sequences seq on seq.id = e.sequence_id
              where c.user_id = ${userId} and lower(c.email) = lower(${email})
              order by e.created_at desc, e.id
              limit ${HISTORY_LIMIT + 1}
            ), m as (
              select m.id, m.scheduled_date, m.ends_at, m.duration_minutes, m.timezone, m.status,
                     l.title as link_title
              from scheduled_meetings m
              join scheduling_links l on l.id = m.link_id
              where m.user_id = ${userId} and lower(m.prospect_email) = lower(${email})
              order by m.scheduled_date desc, m.id
              limit ${MEETINGS_LIMIT + 1}
            )
            select
              coalesce((select jsonb_agg(to_jsonb(s) order by s.created_at desc, s.id) from s), '[]'::jsonb) as sends,
              coalesce((select jsonb_agg(to_jsonb(m) order by m.scheduled_date desc, m.id) from m), '[]'::jsonb)
                as meetings`,
      );
      const sends = row?.sends ?? [];
      const meetings = row?.meetings ?? [];
      return {
        sends: sends.slice(0, HISTORY_LIMIT).map((r) => {
          const sentAt = iso(r.sent_at);
          const openedAt = iso(r.opened_at);
          return {
            id: r.id,
            campaignId: r.campaign_id,
            campaignName: r.campaign_name,
            stepNumber: r.step_number,
            status: contactSendStatus({ status: r.status, sentAt, openedAt }),
            sentAt,
            openedAt,
            createdAt: iso(r.created_at),
          };
        }),
        truncated: sends.length > HISTORY_LIMIT,
        meetings: meetings.slice(0, MEETINGS_LIMIT).map((m) => ({
          id: m.id,
          startsAt: iso(m.scheduled_date),
          endsAt: iso(m.ends_at),
          durationMinutes: m.duration_minutes,
          timezone: m.timezone,
          linkTitle: m.link_title,
          status: m.status,
        })),
        meetingsTruncated: meetings.length > MEETINGS_LIMIT,
      };
    },
  };
}
