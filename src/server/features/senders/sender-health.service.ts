// Sender health (docs/decisions/032-sender-health.md): every saved sender's
// figures of the last 7 and 30 days (UTC days, today included, as the Senders
// page's statistics count them) and its badge, in one statement keyed by the
// signed-in user. Nothing in it reads a sender's sends one by one (1,000,000
// sends: a range over 30 days of them took 1.2 s on PostgreSQL):
// - sends and sent: the reporting counters (sender_activity_daily) by key;
// - hard bounces and sender warnings: the address's failures with a reason
//   (a partial index; few rows);
// - replies: the user's replies of the last 30 days (replies table, by time);
// - emails found in spam: the user's spam-folder messages of the last 30 days
//   (a partial index) matched to its sends by Message-ID;
// - today's sends: the engine's counters of every copy of the mailbox on the
//   user's calendar day; the cap: the daily limit, or the ramp's allowance;
// - the pause and the mailbox's own thresholds (sender_protection), the last
//   check of its domain (domain_health_checks: no DNS here).
import { type SQL, sql } from "drizzle-orm";
import type { DomainCheckStatus } from "#shared/db-enums.ts";
import { barPercent } from "#shared/reporting/rates.ts";
import type { SenderHealth, SenderHealthList } from "#shared/senders/sender-health.schemas.ts";
import { type BounceThresholds, ratePercent, senderHealth } from "#shared/senders/sender-health.ts";
import { utcDay } from "#shared/senders/sender-stats.ts";
import {
  bounceProtectionDefaults,
  bounceRateReasons,
  senderWarningReasons,
} from "#shared/sending/bounce-protection-rules.ts";
import { rampLimit } from "#shared/sending/pacing.ts";
import type { Db } from "../../db/client.ts";
import { at, queryRows } from "../../db/sql-helpers.ts";
import { type PacingRuleRow, pacingRuleColumns, pacingRulesOf } from "../../domain/sender-pacing-rules.ts";

const DAY_MS = 86_400_000;

type Row = PacingRuleRow & {
  id: string;
  address: string;
  daily_limit: number;
  day: string;
  window_sends: number;
  window_hard: number;
  sends7: number;
  hard7: number;
  warnings7: number;
  sent7: number;
  replies7: number | null;
  sends30: number;
  hard30: number;
  sent30: number;
  replies30: number | null;
  spam7: number | null;
  spam30: number | null;
  sent_today: number | null;
  paused_at: Date | string | null;
  pause_detail: string | null;
  own_rate: number | null;
  own_min_sends: number | null;
  spf: DomainCheckStatus | null;
  dkim: DomainCheckStatus | null;
  dmarc: DomainCheckStatus | null;
  checked_at: Date | string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const n = (v: number | string | null) => Number(v ?? 0);
const textList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export function createSenderHealthService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Every saved sender's health, newest sender first (the Senders page's
     * order). `thresholds`: the user's bounce protection thresholds; a
     * mailbox's own (sender_protection) take precedence.
     */
    async list(userId: string, thresholds: BounceThresholds = bounceProtectionDefaults): Promise<SenderHealthList> {
      const t = now();
      // The first UTC day of each window and its first instant.
      const firstDay = (days: number) =>
        utcDay(new Date(Date.parse(`${utcDay(t)}T00:00:00.000Z`) - (days - 1) * DAY_MS));
      const day = { d7: firstDay(7), d30: firstDay(30), window: firstDay(thresholds.windowDays), today: utcDay(t) };
      const from = firstDay(Math.max(30, thresholds.windowDays));
      const start = (d: string) => sql`${`${d}T00:00:00.000Z`}::timestamptz`;
      const inDays = (d: string) => sql`a.day >= ${d}::date`;
      const since = (column: SQL, d: string) => sql`${column} >= ${start(d)}`;
      const hard = sql`es.bounce_type = 'hard' and es.failure_reason in (${textList(bounceRateReasons)})`;
      const warning = sql`es.failure_reason in (${textList(senderWarningReasons)})`;
      const replyKey = sql`coalesce(r.email_send_id::text, r.id::text)`;
      const rows = await queryRows<Row>(
        deps.db,
        sql`
        with z as (
          select (${at(t)} at time zone tz)::date as day
          from (select coalesce((select s.timezone from user_settings s where s.user_id = ${userId}), 'UTC') as tz) u
        ),
        spam as (
          -- A message found twice (moved out of the spam folder and back) is one email in spam.
          select lower(es.from_email) as address,
            count(distinct es.id) filter (where ${since(sql`mm.created_at`, day.d7)})::int as spam7,
            count(distinct es.id)::int as spam30
          from mailbox_messages mm
          join email_sends es on es.message_id = mm.message_id and es.user_id = mm.user_id
          where mm.user_id = ${userId} and mm.kind = 'spam' and ${since(sql`mm.created_at`, day.d30)}
            and mm.message_id is not null
          group by 1
        ),
        replied as (
          -- The sends answered (a thread of several replies is one).
          select lower(r.sender_email) as address,
            count(distinct ${replyKey}) filter (where ${since(sql`r.replied_at`, day.d7)})::int as replies7,
            count(distinct ${replyKey})::int as replies30
          from replies r
          where r.user_id = ${userId} and r.kind = 'reply' and ${since(sql`r.replied_at`, day.d30)}
          group by 1
        ),
        today as (
          select lower(c.email) as address, sum(d.sent)::int as sent
          from sender_accounts c
          join sender_daily_counts d on d.sender_account_id = c.id and d.day = (select day from z)
          where c.user_id = ${userId}
          group by 1
        )
        select s.id, lower(s.email) as address, s.daily_limit, z.day::text as day,
          c.*, f.*, sp.spam7, sp.spam30, rp.replies7, rp.replies30, td.sent as sent_today,
          pr.paused_at, pr.pause_detail, pr.bounce_rate_percent::numeric::float8 as own_rate, pr.min_sends as own_min_sends,
          ${pacingRuleColumns},
          dh.spf, dh.dkim, dh.dmarc, dh.checked_at
        from sender_accounts s
        cross join z
        cross join lateral (
          select
            coalesce(sum(a.sent + a.failed) filter (where ${inDays(day.window)}), 0)::int as window_sends,
            coalesce(sum(a.sent + a.failed) filter (where ${inDays(day.d7)}), 0)::int as sends7,
            coalesce(sum(a.sent) filter (where ${inDays(day.d7)}), 0)::int as sent7,
            coalesce(sum(a.sent + a.failed) filter (where ${inDays(day.d30)}), 0)::int as sends30,
            coalesce(sum(a.sent) filter (where ${inDays(day.d30)}), 0)::int as sent30
          from sender_activity_daily a
          where a.user_id = ${userId} and a.sender_email = lower(s.email)
            and a.day between ${from}::date and ${day.today}::date
        ) c
        cross join lateral (
          select
            count(*) filter (where ${since(sql`es.created_at`, day.window)} and ${hard})::int as window_hard,
            count(*) filter (where ${since(sql`es.created_at`, day.d7)} and ${hard})::int as hard7,
            count(*) filter (where ${since(sql`es.created_at`, day.d7)} and ${warning})::int as warnings7,
            count(*) filter (where ${since(sql`es.created_at`, day.d30)} and ${hard})::int as hard30
          from email_sends es
          -- The partial index's own condition (email_sends_user_from_failure_idx).
          where es.user_id = ${userId} and lower(es.from_email) = lower(s.email) and ${since(sql`es.created_at`, from)}
            and es.status = 'failed' and es.failure_reason is not null
        ) f
        left join spam sp on sp.address = lower(s.email)
        left join replied rp on rp.address = lower(s.email)
        left join today td on td.address = lower(s.email)
        left join sender_protection pr on pr.user_id = ${userId} and pr.email = lower(s.email)
        left join sender_pacing p on p.user_id = ${userId} and p.email = lower(s.email)
        left join domain_health_checks dh
          on dh.user_id = ${userId} and dh.domain = substring(lower(s.email) from '[^@]*$')
        where s.user_id = ${userId} and s.campaign_id is null
        order by s.created_at desc, s.id desc`,
      );
      return { asOf: t.toISOString(), senders: rows.map((r) => toHealth(r, thresholds)) };
    },
  };
}

/** Replies received in a period may answer emails sent before it: the rate stops at 100%. */
const replyRate = (replies: number, sent: number) => barPercent(replies, sent);

function toHealth(r: Row, defaults: BounceThresholds): SenderHealth {
  const thresholds: BounceThresholds = {
    bounceRatePercent: r.own_rate ?? defaults.bounceRatePercent,
    minSends: r.own_min_sends ?? defaults.minSends,
    windowDays: defaults.windowDays,
  };
  // The ramp's allowance, when lower than the daily limit, is what the engine lets through today (no pacing row: none).
  const ramp = pacingRulesOf(r).ramp;
  const cap = ramp ? Math.min(r.daily_limit, rampLimit(ramp, r.day)) : r.daily_limit;
  const domainName = r.address.slice(r.address.lastIndexOf("@") + 1);
  const checks =
    r.spf && r.dkim && r.dmarc && r.checked_at
      ? { spf: r.spf, dkim: r.dkim, dmarc: r.dmarc, checkedAt: iso(r.checked_at) }
      : null;
  const paused = r.paused_at ? { since: iso(r.paused_at), detail: r.pause_detail } : null;
  const figures = {
    last7Days: {
      sends: n(r.sends7),
      hardBounces: n(r.hard7),
      hardBounceRate: ratePercent(n(r.hard7), n(r.sends7)),
      spamPlacements: n(r.spam7),
      senderWarnings: n(r.warnings7),
      sent: n(r.sent7),
      replies: n(r.replies7),
      replyRate: replyRate(n(r.replies7), n(r.sent7)),
    },
    last30Days: {
      sends: n(r.sends30),
      hardBounces: n(r.hard30),
      hardBounceRate: ratePercent(n(r.hard30), n(r.sends30)),
      spamPlacements: n(r.spam30),
      sent: n(r.sent30),
      replies: n(r.replies30),
      replyRate: replyRate(n(r.replies30), n(r.sent30)),
    },
    today: { day: r.day, sent: n(r.sent_today), cap },
  };
  const verdict = senderHealth(
    {
      bounceWindow: { sends: n(r.window_sends), hardBounces: n(r.window_hard) },
      last7Days: figures.last7Days,
      today: figures.today,
      domain: checks ? { name: domainName, ...checks } : null,
      paused,
    },
    thresholds,
  );
  return {
    senderId: r.id,
    address: r.address,
    ...figures,
    domain: { name: domainName, checks },
    paused,
    thresholds,
    ...verdict,
  };
}

export type SenderHealthService = ReturnType<typeof createSenderHealthService>;
