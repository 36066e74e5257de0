// A/B figures per step and variant, and the winner: the automatic choice (the
// significance rule of #shared/sequences/ab-winner.ts) and the user's. Used by
// the campaign's variants routes and by the worker's periodic evaluation
// (docs/decisions/023-ab-variants.md says why it runs there).
import { type SQL, sql } from "drizzle-orm";
import type { AbWinnerMode } from "#shared/db-enums.ts";
import { abVerdict, pickedByHandReason } from "#shared/sequences/ab-winner.ts";
import type { StepVariant } from "#shared/sequences/step-variants.ts";
import { at, type Executor, queryRows } from "../db/sql-helpers.ts";
import { reassignUnsentVariantsSql } from "./step-variants-sql.ts";

export type VariantCounts = { variant: number; sent: number; opened: number; replied: number };

export type StepFigures = {
  campaignId: string;
  stepId: string;
  stepNumber: number;
  subject: string;
  variants: StepVariant[];
  winner: number | null;
  winnerMode: AbWinnerMode | null;
  winnerAt: Date | null;
  winnerReason: string | null;
  minSends: number;
  confidence: number;
  /** Index i: variant i's counts (zeros without sends). */
  counts: VariantCounts[];
  unsent: number;
};

type Row = {
  campaign_id: string;
  step_id: string;
  step_number: number;
  subject: string;
  variants: StepVariant[];
  ab_winner: number | null;
  ab_winner_mode: AbWinnerMode | null;
  ab_winner_at: Date | string | null;
  ab_winner_reason: string | null;
  ab_min_sends: number;
  ab_confidence: number;
  figures: VariantCounts[] | null;
  unsent: number;
};

/**
 * The steps with variants of the campaigns `campaigns` selects (an SQL
 * condition on campaigns c), with each variant's sent, opened and replied
 * counts and the step's unsent rows: one statement, grouped in SQL.
 * A send recorded before variants existed (variant_index null) counts as A.
 */
async function loadFigures(db: Executor, campaigns: SQL, steps: SQL = sql`true`): Promise<StepFigures[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
    with q as materialized (
      select q.id, q.campaign_id, q.step_number, q.subject, q.variants, q.ab_winner, q.ab_winner_mode,
             q.ab_winner_at, q.ab_winner_reason, c.ab_min_sends, c.ab_confidence
      from email_sequences q join campaigns c on c.id = q.campaign_id
      where (${campaigns}) and jsonb_array_length(q.variants) > 0 and (${steps})
    ), sends as (
      select es.sequence_id, coalesce(es.variant_index, 0)::int as variant,
             count(*)::int as sent,
             count(es.opened_at)::int as opened,
             count(es.replied_at)::int as replied
      from email_sends es
      where es.sequence_id in (select id from q) and es.status = 'sent'
      group by es.sequence_id, coalesce(es.variant_index, 0)
    ), unsent as (
      select se.sequence_id, count(*)::int as n from scheduled_emails se
      where se.sequence_id in (select id from q) and se.status in ('scheduled', 'paused')
      group by se.sequence_id
    )
    select q.campaign_id, q.id as step_id, q.step_number, q.subject, q.variants, q.ab_winner, q.ab_winner_mode,
           q.ab_winner_at, q.ab_winner_reason, q.ab_min_sends, q.ab_confidence,
           (select jsonb_agg(jsonb_build_object('variant', s.variant, 'sent', s.sent, 'opened', s.opened,
                                                'replied', s.replied))
            from sends s where s.sequence_id = q.id) as figures,
           coalesce(u.n, 0)::int as unsent
    from q left join unsent u on u.sequence_id = q.id
    order by q.campaign_id, q.step_number`,
  );
  return rows.map((r) => {
    const count = 1 + r.variants.length;
    const counts = Array.from({ length: count }, (_, variant) => {
      const found = r.figures?.find((f) => f.variant === variant);
      return { variant, sent: found?.sent ?? 0, opened: found?.opened ?? 0, replied: found?.replied ?? 0 };
    });
    return {
      campaignId: r.campaign_id,
      stepId: r.step_id,
      stepNumber: r.step_number,
      subject: r.subject,
      variants: r.variants,
      winner: r.ab_winner !== null && r.ab_winner < count ? r.ab_winner : null,
      winnerMode: r.ab_winner_mode,
      winnerAt: r.ab_winner_at ? new Date(r.ab_winner_at) : null,
      winnerReason: r.ab_winner_reason,
      minSends: r.ab_min_sends,
      confidence: r.ab_confidence,
      counts,
      unsent: r.unsent,
    };
  });
}

/** One campaign's steps with variants and their figures. */
export function campaignStepFigures(db: Executor, campaignId: string): Promise<StepFigures[]> {
  return loadFigures(db, sql`c.id = ${campaignId}::uuid`);
}

/** The verdict of the rule on a step's figures now. */
export function verdictOf(step: StepFigures) {
  return abVerdict(step.counts, { minSends: step.minSends, confidence: step.confidence });
}

/**
 * Records `winner` for the step (unless `onlyIfNone` and it has one) and gives
 * its unsent rows the winner's variant. False: nothing recorded.
 */
async function recordWinner(
  db: Executor,
  o: {
    campaignId: string;
    stepId: string;
    winner: number;
    mode: AbWinnerMode;
    reason: string;
    now: Date;
    onlyIfNone: boolean;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update email_sequences set ab_winner = ${o.winner}, ab_winner_mode = ${o.mode}, ab_winner_at = ${at(o.now)},
      ab_winner_reason = ${o.reason}, updated_at = ${at(o.now)}
    where id = ${o.stepId}::uuid and campaign_id = ${o.campaignId}::uuid
      and ${o.winner} < 1 + jsonb_array_length(variants) ${o.onlyIfNone ? sql`and ab_winner is null` : sql``}
    returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(reassignUnsentVariantsSql(o.campaignId, o.stepId, o.now));
  return true;
}

/** The user's pick (it replaces a winner chosen before, automatic or not). */
export function pickWinnerByHand(
  tx: Executor,
  o: { campaignId: string; stepId: string; winner: number; now: Date },
): Promise<boolean> {
  return recordWinner(tx, { ...o, mode: "manual", reason: pickedByHandReason(o.winner), onlyIfNone: false });
}

/**
 * The automatic choice: for the campaigns with it on that may still send
 * (active or paused; `campaignId`: only that one), each step with variants,
 * no winner yet and contacts still to send it whose figures now give a winner
 * gets it. Returns how many steps got one.
 */
export async function evaluateAutoWinners(tx: Executor, now: Date, campaignId?: string): Promise<number> {
  const campaigns = sql`c.ab_auto_winner and c.status in ('active', 'paused') ${
    campaignId ? sql`and c.id = ${campaignId}::uuid` : sql``
  }`;
  const steps = await loadFigures(tx, campaigns, sql`q.ab_winner is null`);
  let chosen = 0;
  for (const step of steps) {
    const verdict = verdictOf(step);
    if (verdict.kind !== "winner") continue;
    const recorded = await recordWinner(tx, {
      campaignId: step.campaignId,
      stepId: step.stepId,
      winner: verdict.winner,
      mode: "auto",
      reason: verdict.reason,
      now,
      onlyIfNone: true,
    });
    if (recorded) chosen++;
  }
  return chosen;
}

/** After a campaign's steps were saved: a winner the step no longer has is cleared, and unsent rows follow the variants now. */
export async function variantsAfterEdit(tx: Executor, campaignId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update email_sequences set ab_winner = null, ab_winner_mode = null, ab_winner_at = null, ab_winner_reason = null
    where campaign_id = ${campaignId}::uuid and ab_winner >= 1 + jsonb_array_length(variants)`);
  await tx.execute(reassignUnsentVariantsSql(campaignId, null, now));
}
