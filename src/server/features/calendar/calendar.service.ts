// The calendar (docs/product.md §8.1, §8.2): a month as
// per-day counts, and one day's events a page at a time, in the user's
// timezone setting (UTC when none).
//
// Events: queued emails (scheduled_emails 'scheduled', at scheduled_for: type
// scheduled), sends (email_sends sent, at sent_at: type sent; failed, at
// created_at: type failed) and meetings (scheduled or
// completed; a cancelled one is gone from the calendar). The spec reads sends
// by sent_at, but a failed send never gets one (its record is written with the
// outcome, so created_at is the attempt), and a calendar that hides every
// failure is not what a user expects. A pending send is not an event: its
// queue row is back to 'scheduled' (a retry) and shows as such.
//
// Round trips: a month is at most two, whatever the number of events: the
// zone, the local days and each day's count of each kind in one statement
// (per day and kind one range count on an index of migration 0012 or
// scheduled_meetings_user_date_idx, so sent emails are counted from the index
// alone and no row's time is converted to the zone), then the events of the
// days that have exactly one, all kinds in one statement. A day is two.
import { type SQL, sql } from "drizzle-orm";
import { isStorableDate } from "#shared/api/storable-dates.ts";
import type {
  CalendarDay,
  CalendarDayEvents,
  CalendarEvent,
  CalendarEventType,
  CalendarMonth,
  DayCounts,
} from "#shared/calendar/calendar.schemas.ts";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { afterRow, cursorInstant, cursorTimeText, isCursorTime, jsonCursor } from "../../db/keyset-cursor.ts";
import { type Executor, queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

/** Events per page of a day's list. */
export const DAY_PAGE_SIZE = 100;

/** The id prefixes of the spec's Calendar event; failed sends are sent- too (one table). */
type Kind = "meeting" | "scheduled" | "sent";

type Cursor = { at: string; kind: Kind; id: string };

// ------------------------------------------------------------------- cursor

/** An event id of the day's list: "<kind>-<uuid>". */
const EVENT_ID = /^(meeting|scheduled|sent)-(.+)$/;

const isEventId = (value: unknown): value is string => {
  const match = typeof value === "string" ? EVENT_ID.exec(value) : null;
  return match !== null && isUuid(match[2]);
};

/** A position in the day's order (time, then event id) as [time, event id] in keyset-cursor's JSON form. */
const cursorForm = jsonCursor(isCursorTime, isEventId);

const encodeCursor = (cursor: Cursor): string => cursorForm.encode([cursor.at, `${cursor.kind}-${cursor.id}`]);

function decodeCursor(text: string | undefined): Cursor | null {
  const parts = cursorForm.decode(text);
  if (!parts) return null;
  const [, kind, id] = EVENT_ID.exec(parts[1])!;
  return { at: parts[0], kind: kind as Kind, id: id!.toLowerCase() };
}

// ---------------------------------------------------------------- the zone

type Span = { tz: string; lo: string; hi: string };

/**
 * The user's zone and the instants where a local day starts and ends (by
 * PostgreSQL's zone rules, as the month's days are), as exact text: the
 * statement that scans takes them as constants, so the planner sees the range.
 */
async function localDaySpan(db: Executor, userId: string, date: string): Promise<Span> {
  const [row] = await queryRows<Span>(
    db,
    sql`select z.tz,
          ${cursorTimeText(sql`(${date}::date)::timestamp at time zone z.tz`)} as lo,
          ${cursorTimeText(sql`(${date}::date + interval '1 day') at time zone z.tz`)} as hi
        from (select coalesce((select s.timezone from user_settings s where s.user_id = ${userId}), 'UTC') as tz) z`,
  );
  if (!row) throw new Error("calendar: the span query returned no row");
  return row;
}

// ---------------------------------------------------------------- events

/**
 * What the branches of the events statement read: a day's time range from a
 * keyset position, or the events inside some ranges (a month's days that have
 * exactly one event, whatever its kind).
 */
type Filter =
  | { range: { lo: string; hi: string; after: Cursor | null; limit: number } }
  | { ranges: { lo: string; hi: string }[] };

/** Timestamps we produced (exact text, no commas or quotes) as one timestamptz[] parameter. */
const instants = (values: string[]) => sql`${`{${values.join(",")}}`}::timestamptz[]`;

/**
 * The keyset condition of one kind's branch. The day's order is (time, event
 * id), and event ids of one kind order as their uuids, so within a branch the
 * cursor is one row comparison on (time, id) that its index scan starts from;
 * for a kind whose prefix sorts before the cursor's, an event at the cursor's
 * very time comes before it (only later times remain), and after it for a
 * kind sorting later.
 */
function afterCursor(kind: Kind, at: SQL, id: SQL, cursor: Cursor | null): SQL {
  if (!cursor) return sql``;
  const t = cursorInstant(cursor.at);
  if (kind === cursor.kind) return sql`and ${afterRow("asc", [at, id], [t, sql`${cursor.id}::uuid`])}`;
  return kind < cursor.kind ? sql`and ${at} > ${t}` : sql`and ${at} >= ${t}`;
}

/** Where one kind's events are read from, scoped to the user. */
type Source = { kind: Kind; select: SQL; from: SQL; where: SQL; at: SQL; id: SQL };

/** When a failed send happened: its record is written with the outcome (a retried one: at its first attempt). */
const FAILED_AT = sql`es.created_at`;

function sources(userId: string): Record<"scheduled" | "sent" | "failed" | "meeting", Source> {
  return {
    scheduled: {
      kind: "scheduled",
      select: sql`se.*, c.name as campaign_name`,
      // The queue has no user column: a row is the user's through its campaign.
      from: sql`scheduled_emails se join campaigns c on c.id = se.campaign_id`,
      where: sql`c.user_id = ${userId} and se.status = 'scheduled'`,
      at: sql`se.scheduled_for`,
      id: sql`se.id`,
    },
    // Sent and failed sends are read through their own indexes; both are sent- events.
    sent: {
      kind: "sent",
      select: sql`es.*, es.sent_at as at`,
      from: sql`email_sends es`,
      where: sql`es.user_id = ${userId} and es.status = 'sent'`,
      at: sql`es.sent_at`,
      id: sql`es.id`,
    },
    failed: {
      kind: "sent",
      select: sql`es.*, ${FAILED_AT} as at`,
      from: sql`email_sends es`,
      where: sql`es.user_id = ${userId} and es.status = 'failed'`,
      at: FAILED_AT,
      id: sql`es.id`,
    },
    meeting: {
      kind: "meeting",
      select: sql`m.*`,
      from: sql`scheduled_meetings m`,
      where: sql`m.user_id = ${userId} and m.status <> 'cancelled'`,
      at: sql`m.scheduled_date`,
      id: sql`m.id`,
    },
  };
}

/**
 * The rows one kind contributes, picked before any join: a day's page in
 * (time, id) order from the cursor on, or the first event inside each given
 * range (a lateral "order by time, id limit 1" per range: one index probe
 * each, never a scan of the user's rows).
 */
function pick(source: Source, filter: Filter): SQL {
  const { kind, select, from, where, at, id } = source;
  if ("ranges" in filter) {
    const los = instants(filter.ranges.map((r) => r.lo));
    const his = instants(filter.ranges.map((r) => r.hi));
    return sql`select x.* from unnest(${los}, ${his}) r(lo, hi)
      cross join lateral (
        select ${select} from ${from} where ${where} and ${at} >= r.lo and ${at} < r.hi order by ${at}, ${id} limit 1
      ) x`;
  }
  const { lo, hi, after, limit } = filter.range;
  return sql`select ${select} from ${from}
    where ${where} and ${at} >= ${lo}::timestamptz and ${at} < ${hi}::timestamptz ${afterCursor(kind, at, id, after)}
    order by ${at}, ${id} limit ${limit}`;
}

type EventRow = {
  event_id: string;
  type: CalendarEventType;
  at_key: string;
  title: string;
  status: string | null;
  campaign_name: string | null;
  contact_email: string;
  subject: string | null;
  step_number: number | null;
  error_message: string | null;
  duration_minutes: number | null;
  prospect_name: string | null;
  linked_id: string | null;
  linked_name: string | null;
  linked_email: string | null;
};

/**
 * One statement for the events of all three kinds, joined to what the
 * calendar shows (campaign name, contact address, step subject and number,
 * link title), in the day's order. Each branch picks its rows first (through
 * its index, a page at most) and joins only those.
 */
function eventsQuery(userId: string, filter: Filter, limit: number | null): SQL {
  const from = sources(userId);
  return sql`
    select e.*, ${cursorTimeText(sql`e.at`)} as at_key from (
      select 'scheduled-' || se.id::text as event_id, 'scheduled' as type, se.scheduled_for as at,
        coalesce(nullif(q.subject, ''), '(no subject)') as title, se.status, se.campaign_name,
        coalesce(ct.email, 'Unknown') as contact_email, q.subject, q.step_number, se.error_message,
        null::int as duration_minutes, null::text as prospect_name, null::text as linked_id,
        null::text as linked_name, null::text as linked_email
      from (${pick(from.scheduled, filter)}) se
      left join contacts ct on ct.id = se.contact_id
      left join email_sequences q on q.id = se.sequence_id
      union all
      select 'sent-' || es.id::text, es.status, es.at,
        -- The subject as sent (merge tags applied), else the step's.
        coalesce(nullif(es.subject, ''), nullif(q.subject, ''), '(no subject)'), es.status, c.name,
        coalesce(ct.email, nullif(es.to_email, ''), 'Unknown'), coalesce(nullif(es.subject, ''), q.subject),
        q.step_number, es.error_message, null::int, null::text, null::text, null::text, null::text
      from ((${pick(from.sent, filter)}) union all (${pick(from.failed, filter)})) es
      left join campaigns c on c.id = es.campaign_id
      left join contacts ct on ct.id = es.contact_id
      left join email_sequences q on q.id = es.sequence_id
      union all
      select 'meeting-' || m.id::text, 'meeting', m.scheduled_date, coalesce(l.title, 'Meeting'), m.status, null,
        m.prospect_email, null, null::int, null, m.duration_minutes, m.prospect_name, lc.id::text,
        nullif(concat_ws(' ', lc.first_name, lc.last_name), ''), lc.email
      from (${pick(from.meeting, filter)}) m
      left join scheduling_links l on l.id = m.link_id
      left join contacts lc on lc.id = m.contact_id
    ) e
    order by e.at, e.event_id collate "C"
    ${limit === null ? sql`` : sql`limit ${limit}`}`;
}

/** A send's stored error is the JSON the inbox reads; the calendar shows its human text. */
function errorText(stored: string | null): string | null {
  if (!stored) return null;
  return parseSendErrorMessage(stored)?.error ?? stored;
}

function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.event_id,
    type: row.type,
    title: row.title,
    // Milliseconds are what an ISO instant carries; the microseconds stay in the cursor.
    at: `${row.at_key.slice(0, 23)}Z`,
    status: row.status,
    campaignName: row.campaign_name,
    contactEmail: row.contact_email,
    subject: row.subject,
    stepNumber: row.step_number === null ? null : Number(row.step_number),
    errorMessage: errorText(row.error_message),
    durationMinutes: row.duration_minutes === null ? null : Number(row.duration_minutes),
    prospectName: row.prospect_name,
    linkedContact:
      row.linked_id && row.linked_email ? { id: row.linked_id, name: row.linked_name, email: row.linked_email } : null,
  };
}

// ---------------------------------------------------------------- counts

type DayRow = {
  day: string;
  tz: string;
  lo: string;
  hi: string;
  scheduled: number;
  sent: number;
  failed: number;
  meetings: number;
};

/**
 * Every local day of the month (where it starts and ends, by the zone's rules
 * on that day) with its count of each kind: per day and kind one range count
 * through that kind's index.
 */
function monthQuery(userId: string, month: string): SQL {
  const count = (from: SQL, at: SQL) => sql`(select count(*) from ${from} and ${at} >= d.lo and ${at} < d.hi)::int`;
  return sql`
    with d as materialized (
      -- Materialized: the zone is read once, not once per count.
      select g as day, z.tz, g at time zone z.tz as lo, (g + interval '1 day') at time zone z.tz as hi
      from (select coalesce((select s.timezone from user_settings s where s.user_id = ${userId}), 'UTC') as tz) z,
        generate_series((${`${month}-01`}::date)::timestamp,
                        (${`${month}-01`}::date) + interval '1 month' - interval '1 day', interval '1 day') g
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, d.tz, ${cursorTimeText(sql`d.lo`)} as lo, ${cursorTimeText(sql`d.hi`)} as hi,
      ${count(
        sql`scheduled_emails se join campaigns c on c.id = se.campaign_id
            where c.user_id = ${userId} and se.status = 'scheduled'`,
        sql`se.scheduled_for`,
      )} as scheduled,
      ${count(sql`email_sends es where es.user_id = ${userId} and es.status = 'sent'`, sql`es.sent_at`)} as sent,
      ${count(sql`email_sends es where es.user_id = ${userId} and es.status = 'failed'`, FAILED_AT)} as failed,
      ${count(
        sql`scheduled_meetings m where m.user_id = ${userId} and m.status <> 'cancelled'`,
        sql`m.scheduled_date`,
      )} as meetings
    from d
    order by d.day`;
}

const zero = (): DayCounts => ({ scheduled: 0, sent: 0, failed: 0, meetings: 0 });
const total = (c: DayCounts) => c.scheduled + c.sent + c.failed + c.meetings;

function invalid(field: string, message: string): AppError {
  return new AppError("validation_error", message, { fields: { [field]: message } });
}

export function createCalendarService({ db }: Pick<FeatureDeps, "db">) {
  return {
    /** The month's per-day counts, its totals, and the single event of each day that has one. */
    async month(userId: string, month: string): Promise<CalendarMonth> {
      if (!/^\d{4}-\d{2}$/.test(month) || !isStorableDate(`${month}-01`)) {
        throw invalid("month", "Use the YYYY-MM month format");
      }
      const rows = await queryRows<DayRow>(db, monthQuery(userId, month));
      const timezone = rows[0]?.tz ?? "UTC";
      const busy = rows
        .map((r) => ({
          ...r,
          counts: {
            scheduled: Number(r.scheduled),
            sent: Number(r.sent),
            failed: Number(r.failed),
            meetings: Number(r.meetings),
          },
        }))
        .filter((r) => total(r.counts) > 0);

      // The days with exactly one event: those events, whatever their kind, in one statement.
      const single = busy.filter((r) => total(r.counts) === 1);
      const only = new Map<string, CalendarEvent>();
      if (single.length > 0) {
        const events = await queryRows<EventRow>(db, eventsQuery(userId, { ranges: single }, null));
        const dayOf = (at: string) => single.find((r) => r.lo <= at && at < r.hi)?.day;
        for (const row of events) {
          const day = dayOf(row.at_key);
          if (day) only.set(day, toEvent(row));
        }
      }

      const totals = zero();
      const days: CalendarDay[] = busy.map((r) => {
        totals.scheduled += r.counts.scheduled;
        totals.sent += r.counts.sent;
        totals.failed += r.counts.failed;
        totals.meetings += r.counts.meetings;
        return { date: r.day, counts: r.counts, only: only.get(r.day) ?? null };
      });
      return { month, timezone, days, totals };
    },

    /** One local day's events in time order, DAY_PAGE_SIZE at a time. */
    async day(userId: string, date: string, cursorText?: string): Promise<CalendarDayEvents> {
      if (!isStorableDate(date)) throw invalid("date", "Use the YYYY-MM-DD date format");
      const cursor = decodeCursor(cursorText);
      const span = await localDaySpan(db, userId, date);
      const limit = DAY_PAGE_SIZE + 1;
      const rows = await queryRows<EventRow>(
        db,
        eventsQuery(userId, { range: { lo: span.lo, hi: span.hi, after: cursor, limit } }, limit),
      );
      const page = rows.slice(0, DAY_PAGE_SIZE);
      const last = page.at(-1);
      let nextCursor: string | null = null;
      if (rows.length > DAY_PAGE_SIZE && last) {
        const [, kind, id] = EVENT_ID.exec(last.event_id) ?? [];
        nextCursor = encodeCursor({ at: last.at_key, kind: kind as Kind, id: id! });
      }
      return { date, timezone: span.tz, events: page.map(toEvent), nextCursor };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
