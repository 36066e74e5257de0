// Sender health (docs/decisions/032-sender-health.md): every saved sender's
// figures of the last 7 and 30 days and its badge, in one statement keyed by
// the signed-in user:
// - its sends, hard bounces, sender warnings and replies: a range of the index
//   on (user_id, lower(from_email), created_at) per sender (a lateral);
// - its emails found in spam: the user's spam-folder messages of the last 30
//   days (a partial index) matched to its sends by Message-ID;
// - today's sends: the engine's counters of every copy of the mailbox on the
//   user's calendar day; the cap: the daily limit, or the ramp's allowance;
// - the pause and the mailbox's own thresholds (sender_protection), the last
//   check of its domain (domain_health_checks: no DNS here).
import { sql } from "drizzle-orm";
import type { DomainCheckStatus } from "#shared/db-enums.ts";
import { percent } from "#shared/reporting/rates.ts";
import type { SenderHealth, SenderHealthList } from "#shared/senders/sender-health.schemas.ts";
import { type BounceThresholds, ratePercent, senderHealth } from "#shared/senders/sender-health.ts";
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
  replies7: number;
  sends30: number;
  hard30: number;
  sent30: number;
  replies30: number;
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
      const ago = (days: number) => new Date(t.getTime() - days * DAY_MS);
      const d7 = at(ago(7));
      const d30 = at(ago(30));
      const windowStart = at(ago(thresholds.windowDays));
      const from = at(ago(Math.max(30, thresholds.windowDays)));
      const ended = sql`es.status in ('sent', 'failed')`;
      const hard = sql`es.status = 'failed' and es.bounce_type = 'hard' and es.failure_reason in (${textList(bounceRateReasons)})`;
      const warning = sql`es.status = 'failed' and es.failure_reason in (${textList(senderWarningReasons)})`;
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
            count(distinct es.id) filter (where mm.created_at >= ${d7})::int as spam7,
            count(distinct es.id)::int as spam30
          from mailbox_messages mm
          join email_sends es on es.message_id = mm.message_id and es.user_id = mm.user_id
          where mm.user_id = ${userId} and mm.kind = 'spam' and mm.created_at >= ${d30} and mm.message_id is not null
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
          f.*, sp.spam7, sp.spam30, td.sent as sent_today,
          pr.paused_at, pr.pause_detail, pr.bounce_rate_percent as own_rate, pr.min_sends as own_min_sends,
          ${pacingRuleColumns},
          dh.spf, dh.dkim, dh.dmarc, dh.checked_at
        from sender_accounts s
        cross join z
        cross join lateral (
          select
            count(*) filter (where es.created_at >= ${windowStart} and ${ended})::int as window_sends,
            count(*) filter (where es.created_at >= ${windowStart} and ${hard})::int as window_hard,
            count(*) filter (where es.created_at >= ${d7} and ${ended})::int as sends7,
            count(*) filter (where es.created_at >= ${d7} and ${hard})::int as hard7,
            count(*) filter (where es.created_at >= ${d7} and ${warning})::int as warnings7,
            count(*) filter (where es.created_at >= ${d7} and es.status = 'sent')::int as sent7,
            count(*) filter (where es.created_at >= ${d7} and es.replied_at is not null)::int as replies7,
            count(*) filter (where es.created_at >= ${d30} and ${ended})::int as sends30,
            count(*) filter (where es.created_at >= ${d30} and ${hard})::int as hard30,
            count(*) filter (where es.created_at >= ${d30} and es.status = 'sent')::int as sent30,
            count(*) filter (where es.created_at >= ${d30} and es.replied_at is not null)::int as replies30
          from email_sends es
          where es.user_id = ${userId} and lower(es.from_email) = lower(s.email) and es.created_at >= ${from}
        ) f
        left join spam sp on sp.address = lower(s.email)
        left join today td on td.address = lower(s.email)
        left join sender_protection pr on pr.user_id = ${userId} and pr.email = lower(s.email)
        left join sender_pacing p on p.user_id = ${userId} and p.email = lower(s.email)
        left join domain_health_checks dh
          on dh.user_id = ${userId} and dh.domain = substring(lower(s.email) from '[^@]*$')
        where s.user_id = ${userId} and s.campaign_id is null
        order by s.created_at desc, s.id desc`,
      );
      return { senders: rows.map((r) => toHealth(r, thresholds)) };
    },
  };
}

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
      replyRate: percent(n(r.replies7), n(r.sent7)),
    },
    last30Days: {
      sends: n(r.sends30),
      hardBounces: n(r.hard30),
      hardBounceRate: ratePercent(n(r.hard30), n(r.sends30)),
      spamPlacements: n(r.spam30),
      sent: n(r.sent30),
      replies: n(r.replies30),
      replyRate: percent(n(r.replies30), n(r.sent30)),
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
