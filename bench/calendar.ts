// The calendar at volume (issue 14): one user whose month holds 100,000 sends
// (5% failed), a queue of 2,000 scheduled emails and 200 meetings, seeded
// with set-based SQL (generate_series), in the user's zone (Asia/Baghdad).
// Then the calendar service's calls are timed as the screen makes them: the
// month (per-day counts and the legend's totals), the first page of a busy
// day, and a later page of it reached by following nextCursor. Each call's
// response size is printed too (the month's must not grow with the sends).
//
// Verification is part of the run: the month's totals must equal naive counts
// over the base tables, and following a day's cursors must list each of that
// day's events exactly once; anything else fails the run.
import { sql } from "drizzle-orm";
import type { CalendarDayEvents, CalendarMonth } from "#shared/calendar/calendar.schemas.ts";
import type { Database, DbKind } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";
import { createCalendarService } from "../src/server/features/calendar/calendar.service.ts";
import { seedCampaign, seedUser } from "./seed.ts";

export type CalendarCallFigures = {
  call: string;
  p50: number;
  p95: number;
  requests: number;
  /** Bytes of the response's JSON. */
  bytes: number;
  /** What the response held (days, events). */
  holds: string;
};

export type CalendarFigures = {
  kind: DbKind;
  sends: number;
  scheduled: number;
  meetings: number;
  seedSeconds: number;
  calls: CalendarCallFigures[];
};

const MONTH = "2026-11";
const BUSY_DAY = "2026-11-15";
const TIMEZONE = "Asia/Baghdad";
const WARM_UP = 3;
/** Pages of the busy day followed for the "later page" figure. */
const LATER_PAGE = 5;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

async function timed<T>(requests: number, call: () => Promise<T>): Promise<{ p50: number; p95: number; last: T }> {
  let last: T | undefined;
  for (let i = 0; i < WARM_UP; i++) last = await call();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    last = await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), last: last as T };
}

/** The month's sends spread evenly over its local days, 5% failed (no sent_at, as the engine writes them). */
async function seed(database: Database, sends: number) {
  const db = database.db;
  const userId = await seedUser(db, "calendar", 50);
  await db.execute(sql`update user_settings set timezone = ${TIMEZONE} where user_id = ${userId}`);
  // Two steps: every contact has a step-1 and a step-2 send (one send per contact and step).
  const campaign = await seedCampaign(db, {
    userId,
    name: "calendar sends",
    status: "active",
    senders: 1,
    contacts: Math.ceil(sends / 2),
    steps: 2,
  });
  const lo = sql`(${`${MONTH}-01`}::date)::timestamp at time zone ${TIMEZONE}`;
  const hi = sql`((${`${MONTH}-01`}::date) + interval '1 month') at time zone ${TIMEZONE}`;
  await db.execute(sql`
    with ct as (
      select id, email, row_number() over (order by created_at, id) as i from contacts where campaign_id = ${campaign.campaignId}::uuid
    ), x as (
      select ct.id as contact_id, ct.email, q.id as sequence_id, (ct.i - 1) * 2 + q.step_number as n
      from ct cross join email_sequences q where q.campaign_id = ${campaign.campaignId}::uuid
    ), timed as (
      select x.*, ${lo} + (${hi} - ${lo}) * ((x.n - 1)::float8 / ${sends}) as at from x where x.n <= ${sends}
    )
    insert into email_sends (user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email, from_email,
                             subject, body, status, sent_at, failure_category, error_message, created_at)
    select ${userId}, ${campaign.campaignId}::uuid, t.contact_id, t.sequence_id, ${campaign.senderIds[0]!}::uuid, t.email,
      'sender-1@bench-sender.test', 'Quick question about Company ' || t.n, '<p>(as sent)</p>',
      case when t.n % 20 = 0 then 'failed' else 'sent' end,
      case when t.n % 20 = 0 then null else t.at end,
      case when t.n % 20 = 0 then 'invalid_address' end,
      case when t.n % 20 = 0 then '550 5.1.1 User unknown' end,
      t.at
    from timed t`);

  // The queue: 2,000 contacts of a second campaign waiting for step 1 during the month.
  const queue = await seedCampaign(db, {
    userId,
    name: "calendar queue",
    status: "active",
    senders: 1,
    contacts: 2_000,
    steps: 2,
  });
  await db.execute(sql`
    insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status)
    select ${queue.campaignId}::uuid, c.id, ${queue.stepIds[0]!}::uuid, ${queue.senderIds[0]!}::uuid,
      ${lo} + (${hi} - ${lo}) * (row_number() over (order by c.created_at, c.id) - 1)::float8 / 2000, 'scheduled'
    from contacts c where c.campaign_id = ${queue.campaignId}::uuid`);

  // 200 meetings, half an hour apart from the month's first morning (they may not overlap).
  const [link] = await queryRows<{ id: string }>(
    db,
    sql`insert into scheduling_links (user_id, title, link_code) values (${userId}, 'Intro call', 'benchcal')
        returning id`,
  );
  await db.execute(sql`
    insert into scheduled_meetings (link_id, user_id, prospect_email, scheduled_date, duration_minutes, ends_at,
                                    timezone, status)
    select ${link!.id}::uuid, ${userId}, 'lead-' || g || '@prospect.test',
      ${lo} + interval '6 hours' + g * interval '3 hours', 30,
      ${lo} + interval '6 hours' + g * interval '3 hours' + interval '30 minutes', ${TIMEZONE}, 'scheduled'
    from generate_series(0, 199) g`);
  // As the screens bench does: statistics after a bulk load, as autovacuum would gather them.
  await db.execute(database.kind === "postgres" ? sql`vacuum analyze` : sql`analyze`);
  return userId;
}

/** The month's totals against naive counts over the base tables. */
async function checkTotals(database: Database, userId: string, month: CalendarMonth): Promise<string[]> {
  const range = (at: string) =>
    sql`${sql.raw(at)} >= (${`${MONTH}-01`}::date)::timestamp at time zone ${TIMEZONE}
        and ${sql.raw(at)} < ((${`${MONTH}-01`}::date) + interval '1 month') at time zone ${TIMEZONE}`;
  const [naive] = await queryRows<{ scheduled: number; sent: number; failed: number; meetings: number }>(
    database.db,
    sql`select
      (select count(*)::int from scheduled_emails se join campaigns c on c.id = se.campaign_id
        where c.user_id = ${userId} and se.status = 'scheduled' and ${range("se.scheduled_for")}) as scheduled,
      (select count(*)::int from email_sends where user_id = ${userId} and status = 'sent'
        and ${range("sent_at")}) as sent,
      (select count(*)::int from email_sends where user_id = ${userId} and status = 'failed'
        and ${range("created_at")}) as failed,
      (select count(*)::int from scheduled_meetings where user_id = ${userId} and status <> 'cancelled'
        and ${range("scheduled_date")}) as meetings`,
  );
  const problems: string[] = [];
  for (const key of ["scheduled", "sent", "failed", "meetings"] as const) {
    if (month.totals[key] !== naive![key]) problems.push(`${key}: ${month.totals[key]}, naive ${naive![key]}`);
  }
  const summed = month.days.reduce((n, d) => n + d.counts.sent + d.counts.failed, 0);
  if (summed !== naive!.sent + naive!.failed) problems.push(`days' sends sum to ${summed}`);
  return problems;
}

export async function runCalendarBench(o: {
  database: Database;
  sends: number;
  requests: number;
  progress: (what: string) => void;
}): Promise<CalendarFigures> {
  o.progress(`calendar: seeding ${o.sends} sends in ${MONTH} (${TIMEZONE}), 2,000 queued, 200 meetings`);
  const seedStart = performance.now();
  const userId = await seed(o.database, o.sends);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const service = createCalendarService({ db: o.database.db });
  const calls: CalendarCallFigures[] = [];
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

  o.progress("calendar: the month");
  const month = await timed(o.requests, () => service.month(userId, MONTH));
  const problems = await checkTotals(o.database, userId, month.last);
  if (problems.length > 0) throw new Error(`calendar: the month differs from naive counts: ${problems.join("; ")}`);
  calls.push({
    call: `month ${MONTH}`,
    p50: month.p50,
    p95: month.p95,
    requests: o.requests,
    bytes: bytes(month.last),
    holds: `${month.last.days.length} days, ${Object.values(month.last.totals).reduce((a, b) => a + b, 0)} events counted`,
  });

  o.progress("calendar: a busy day, first page");
  const first = await timed(o.requests, () => service.day(userId, BUSY_DAY));
  const busy = month.last.days.find((d) => d.date === BUSY_DAY);
  const busyTotal = busy ? busy.counts.scheduled + busy.counts.sent + busy.counts.failed + busy.counts.meetings : 0;
  calls.push({
    call: `day ${BUSY_DAY}, page 1`,
    p50: first.p50,
    p95: first.p95,
    requests: o.requests,
    bytes: bytes(first.last),
    holds: `${first.last.events.length} of the day's ${busyTotal} events`,
  });

  // Every page of the day: each event once (the verification), and the cursor of a later page.
  const seen = new Set<string>();
  let page: CalendarDayEvents = first.last;
  let pages = 1;
  let laterCursor: string | undefined;
  for (;;) {
    for (const e of page.events) {
      if (seen.has(e.id)) throw new Error(`calendar: ${e.id} listed twice on ${BUSY_DAY}`);
      seen.add(e.id);
    }
    if (!page.nextCursor) break;
    if (pages === LATER_PAGE - 1) laterCursor = page.nextCursor;
    page = await service.day(userId, BUSY_DAY, page.nextCursor);
    pages++;
  }
  if (seen.size !== busyTotal)
    throw new Error(`calendar: ${seen.size} events listed on ${BUSY_DAY}, counted ${busyTotal}`);
  if (laterCursor) {
    o.progress(`calendar: a busy day, page ${LATER_PAGE}`);
    const later = await timed(o.requests, () => service.day(userId, BUSY_DAY, laterCursor));
    calls.push({
      call: `day ${BUSY_DAY}, page ${LATER_PAGE}`,
      p50: later.p50,
      p95: later.p95,
      requests: o.requests,
      bytes: bytes(later.last),
      holds: `${later.last.events.length} events (of ${pages} pages)`,
    });
  }
  return { kind: o.database.kind, sends: o.sends, scheduled: 2_000, meetings: 200, seedSeconds, calls };
}

export function calendarReport(f: CalendarFigures): string {
  const rows = [["call", "n", "p50 ms", "p95 ms", "response", "holds"]];
  for (const c of f.calls) {
    rows.push([
      c.call,
      String(c.requests),
      c.p50.toFixed(1),
      c.p95.toFixed(1),
      `${(c.bytes / 1024).toFixed(1)} KB`,
      c.holds,
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const intro = `Calendar (${f.kind === "pglite" ? "PGlite" : "PostgreSQL"}): one user, ${f.sends.toLocaleString("en-US")} sends in ${MONTH} (5% failed), ${f.scheduled.toLocaleString("en-US")} queued emails and ${f.meetings} meetings, in ${TIMEZONE}; seeded in ${f.seedSeconds.toFixed(1)} s. The calendar service's calls, after ${WARM_UP} warm-up calls; totals checked against naive counts, the busy day's pages checked for repeats and gaps.`;
  return [intro, line(rows[0]!), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line)].join("\n");
}
