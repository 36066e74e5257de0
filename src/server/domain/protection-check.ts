// Bounce protection's check, made where what it counts is recorded: a hard
// bounce at send time (sending/outcomes/record-outcomes.ts) or from a mailbox's
// report (mailbox/apply-inbound.ts), a spam complaint (apply-inbound.ts), an
// unsubscribe (tracking's link, a reply asking for it). Given the sends the
// event is about, ONE statement reads the figures of their mailboxes (every
// campaign sending from the address) and of their campaigns over the user's
// window; the rule (#shared/bounce-protection/protection-rule.ts) decides; and
// only when something is to be paused, one more statement pauses it:
// - a mailbox: sender_protection.paused_at/reason/detail (the claim takes none
//   of its rows while it is set: sending/claim/due-rows.ts);
// - a campaign: paused as Pause pauses it (status paused, its queued rows
//   held), with the reason and the figure on the campaign.
// Nothing is written off: queued sends stay queued. A pause owes an email when
// the user's Campaign notifications are on (a protection_pause in the
// notification outbox, sent by the worker's sweep: decision 037). The window and the pause are on the database's clock, as
// the send records they count are.
import { sql } from "drizzle-orm";
import {
  mailboxThresholds,
  type ProtectionThresholds,
  protectionDefaults,
  protectionVerdict,
} from "#shared/bounce-protection/protection-rule.ts";
import type { SenderPauseReason } from "#shared/db-enums.ts";
import { bounceRateReasons } from "#shared/sending/bounce-protection-rules.ts";
import { anyUuid, type Executor, queryRows } from "../db/sql-helpers.ts";
import { webhookEventCtes } from "../webhooks/emit-events.ts";

/** Failures that never reached a receiving server (our connection or our login): not a send to the rates. */
const NOT_ANSWERED = ["network", "authentication"] as const;
/** A send refused as spam: its category at send time, or the classifier's reason (content or spam filtering). */
const SPAM_CATEGORY = "spam";
const SPAM_REASON = "content";

const textArray = (values: readonly string[]) => sql`${`{${values.join(",")}}`}::text[]`;

/** The figures of `es` rows (email_sends), as ProtectionFigures' columns. */
const figureColumns = sql`
  count(*) filter (where es.status = 'sent' or (es.status = 'failed'
    and coalesce(es.failure_category, 'other') <> all(${textArray(NOT_ANSWERED)})))::int as sends,
  count(*) filter (where es.status = 'failed' and es.bounce_type = 'hard'
    and es.failure_reason = any(${textArray(bounceRateReasons)}))::int as hard_bounces,
  count(*) filter (where es.complained_at is not null or (es.status = 'failed'
    and (es.failure_category = ${SPAM_CATEGORY} or es.failure_reason = ${SPAM_REASON})))::int as spam_marks,
  count(*) filter (where es.unsubscribed_at is not null)::int as unsubscribes`;

type FigureRow = {
  scope: "sender" | "campaign";
  user_id: string;
  /** The mailbox's address, or the campaign's id. */
  key: string;
  /** The moment the last Resume set (as text, compared back exactly); null: never resumed. */
  counts_from: string | null;
  own_rate: number | null;
  own_min: number | null;
  sends: number;
  hard_bounces: number;
  spam_marks: number;
  unsubscribes: number;
  bounce_rate: number;
  min_sends: number;
  window_days: number;
  spam_min: number;
  spam_rate: number;
  unsubscribe_rate: number;
};

/**
 * The figures of the sends' mailboxes and campaigns that are not paused, of
 * users with bounce protection on (a user without a settings row has it on,
 * with the defaults). Each is read from its own index range: the mailbox's
 * sends from (user_id, lower(from_email), created_at), the campaign's from
 * (user_id, created_at) or (campaign_id, status), newest first, since the
 * later of the window's start and its last Resume.
 */
async function readFigures(db: Executor, sendIds: readonly string[]): Promise<FigureRow[]> {
  // No settings row yet: the defaults, as the settings page would show them.
  const d = protectionDefaults;
  return queryRows<FigureRow>(
    db,
    sql`
    -- Percentages are real columns: through numeric they read as typed (0.3, not 0.300000011920929).
    with ev as (
      select distinct es.user_id, lower(es.from_email) as address, es.campaign_id
      from email_sends es where es.id = ${anyUuid(sendIds)}
    ), cfg as (
      select u.user_id,
        coalesce(s.protection_bounce_rate_percent::numeric, ${d.bounceRatePercent})::float8 as bounce_rate,
        coalesce(s.protection_min_sends, ${d.minSends}) as min_sends,
        coalesce(s.protection_window_days, ${d.windowDays}) as window_days,
        coalesce(s.protection_spam_min, ${d.spamMin}) as spam_min,
        coalesce(s.protection_spam_rate_percent::numeric, ${d.spamRatePercent})::float8 as spam_rate,
        coalesce(s.protection_unsubscribe_rate_percent::numeric, ${d.unsubscribeRatePercent})::float8 as unsubscribe_rate
      from (select distinct user_id from ev) u
      left join user_settings s on s.user_id = u.user_id
      where coalesce(s.protection_enabled, true)
    )
    select 'sender' as scope, b.user_id, b.address as key, b.counts_from::text as counts_from,
      b.own_rate::numeric::float8 as own_rate, b.own_min, f.*, cfg.bounce_rate, cfg.min_sends, cfg.window_days,
      cfg.spam_min, cfg.spam_rate, cfg.unsubscribe_rate
    from (
      select distinct ev.user_id, ev.address, sp.counts_from, sp.bounce_rate_percent as own_rate, sp.min_sends as own_min
      from ev left join sender_protection sp on sp.user_id = ev.user_id and sp.email = ev.address
      where ev.address <> '' and sp.paused_at is null
    ) b
    join cfg on cfg.user_id = b.user_id
    cross join lateral (
      select ${figureColumns} from email_sends es
      where es.user_id = b.user_id and lower(es.from_email) = b.address
        and es.created_at >= greatest(now() - make_interval(days => cfg.window_days), b.counts_from)
    ) f
    union all
    select 'campaign', c.user_id, c.id::text, c.protection_counts_from::text, null, null, f.*, cfg.bounce_rate,
      cfg.min_sends, cfg.window_days, cfg.spam_min, cfg.spam_rate, cfg.unsubscribe_rate
    from campaigns c
    join cfg on cfg.user_id = c.user_id
    cross join lateral (
      select ${figureColumns} from email_sends es
      where es.user_id = c.user_id and es.campaign_id = c.id
        and es.created_at >= greatest(now() - make_interval(days => cfg.window_days), c.protection_counts_from)
    ) f
    where c.id in (select campaign_id from ev where campaign_id is not null)
      and c.status = 'active' and c.auto_paused_at is null`,
  );
}

type Pause = { scope: "sender" | "campaign"; user_id: string; key: string; counts_from: string | null } & {
  reason: SenderPauseReason;
  detail: string;
};

/**
 * Pauses what the rule decided, in one statement. Each pause holds only if
 * nothing changed since the figures were read: a mailbox or campaign paused
 * meanwhile (by another worker's check) is not paused twice, and one resumed
 * meanwhile (its counts_from moved) is not paused again on figures from before
 * its Resume. Returns how many were paused.
 */
async function applyPauses(db: Executor, pauses: readonly Pause[]): Promise<number> {
  const [row] = await queryRows<{ paused: number }>(
    db,
    sql`
    with d as (
      select * from jsonb_to_recordset(${JSON.stringify(pauses)}::jsonb)
        as d(scope text, user_id text, key text, counts_from timestamptz, reason text, detail text)
    ), boxes as (
      insert into sender_protection as sp (user_id, email, paused_at, pause_reason, pause_detail, counts_from)
      select d.user_id, d.key, now(), d.reason, d.detail, d.counts_from from d where d.scope = 'sender'
      on conflict (user_id, email) do update set
        paused_at = excluded.paused_at, pause_reason = excluded.pause_reason, pause_detail = excluded.pause_detail,
        updated_at = now()
      where sp.paused_at is null and sp.counts_from is not distinct from excluded.counts_from
      returning sp.user_id, sp.email, sp.pause_reason, sp.pause_detail, sp.paused_at
    ), campaigns_paused as (
      update campaigns c set status = 'paused', auto_paused_at = now(), auto_pause_reason = d.reason,
        auto_pause_detail = d.detail, updated_at = now()
      from d
      where d.scope = 'campaign' and c.id = d.key::uuid and c.user_id = d.user_id and c.status = 'active'
        and c.auto_paused_at is null and c.protection_counts_from is not distinct from d.counts_from
      returning c.id, c.user_id, c.auto_pause_reason, c.auto_pause_detail, c.auto_paused_at
    ), held as (
      -- As Pause holds a campaign's queue (domain/campaign-queue.ts pauseCampaignQueue): a row being sent finishes.
      update scheduled_emails se set status = 'paused', updated_at = now()
      from campaigns_paused p where se.campaign_id = p.id and se.status = 'scheduled'
    ), notices as (
      insert into notifications (user_id, kind, campaign_id, payload)
      select b.user_id, 'protection_pause', null, jsonb_build_object('senderEmail', b.email,
        'reason', b.pause_reason, 'detail', b.pause_detail, 'pausedAt', b.paused_at) from boxes b
      where exists (select 1 from user_settings s where s.user_id = b.user_id and s.campaign_notifications_enabled)
      union all
      select p.user_id, 'protection_pause', p.id, jsonb_build_object('senderEmail', null,
        'reason', p.auto_pause_reason, 'detail', p.auto_pause_detail, 'pausedAt', p.auto_paused_at) from campaigns_paused p
      where exists (select 1 from user_settings s where s.user_id = p.user_id and s.campaign_notifications_enabled)
    ), ${webhookEventCtes(sql`select b.user_id, 'sender.paused' as type, jsonb_build_object('senderEmail', b.email,
          'reason', b.pause_reason, 'detail', b.pause_detail, 'pausedAt', b.paused_at) as data,
          b.paused_at as occurred_at from boxes b`)}
    select ((select count(*) from boxes) + (select count(*) from campaigns_paused))::int as paused`,
  );
  return row?.paused ?? 0;
}

function thresholdsOf(r: FigureRow): ProtectionThresholds {
  const user: ProtectionThresholds = {
    bounceRatePercent: Number(r.bounce_rate),
    minSends: Number(r.min_sends),
    windowDays: Number(r.window_days),
    spamMin: Number(r.spam_min),
    spamRatePercent: Number(r.spam_rate),
    unsubscribeRatePercent: Number(r.unsubscribe_rate),
  };
  if (r.scope === "campaign") return user;
  return mailboxThresholds(user, {
    bounceRatePercent: r.own_rate === null ? null : Number(r.own_rate),
    minSends: r.own_min === null ? null : Number(r.own_min),
  });
}

/**
 * Checks the mailboxes and campaigns of these sends (ones just bounced,
 * marked as spam or unsubscribed from) and pauses those the rule says to.
 * Returns how many it paused. Pass `tx` inside a transaction.
 */
export async function checkProtection(db: Executor, sendIds: readonly string[]): Promise<number> {
  if (sendIds.length === 0) return 0;
  const pauses: Pause[] = [];
  for (const r of await readFigures(db, [...new Set(sendIds)])) {
    const verdict = protectionVerdict(
      {
        sends: Number(r.sends),
        hardBounces: Number(r.hard_bounces),
        spamMarks: Number(r.spam_marks),
        unsubscribes: Number(r.unsubscribes),
      },
      thresholdsOf(r),
    );
    if (verdict)
      pauses.push({ scope: r.scope, user_id: r.user_id, key: r.key, counts_from: r.counts_from, ...verdict });
  }
  return pauses.length === 0 ? 0 : applyPauses(db, pauses);
}
