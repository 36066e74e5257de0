// The A/B split of #shared/sequences/step-variants.ts (variantFor) in SQL, for
// the statements that queue a step: the step's winner when it has one the step
// still holds, else the contact's rank mod the step's variant count.
import { type SQL, sql } from "drizzle-orm";

/** `step` is an email_sequences alias (as SQL), `rank` the contact's rank (an integer expression, null read as 0). */
export function variantIndexSql(step: SQL, rank: SQL): SQL {
  return sql`(case when ${step}.ab_winner < 1 + jsonb_array_length(${step}.variants) then ${step}.ab_winner
    else coalesce(${rank}, 0) % (1 + jsonb_array_length(${step}.variants)) end)::smallint`;
}

/**
 * Every row of the campaign's `stepId` (all steps when null) not yet attempted
 * (no send record chosen: send_id is null) gets the variant the rule gives now:
 * the winner once chosen, or the split over the step's current variants after
 * an edit added or removed some. A row attempted before keeps its variant, so
 * a retry re-sends what the first attempt sent. One statement.
 */
export function reassignUnsentVariantsSql(campaignId: string, stepId: string | null, now: Date): SQL {
  const step = stepId ? sql`and q.id = ${stepId}::uuid` : sql``;
  return sql`
    update scheduled_emails se set variant_index = ${variantIndexSql(sql`q`, sql`se.contact_rank`)}, updated_at = ${now.toISOString()}::timestamptz
    from email_sequences q
    where q.id = se.sequence_id and q.campaign_id = ${campaignId}::uuid ${step}
      and se.campaign_id = ${campaignId}::uuid and se.status in ('scheduled', 'paused') and se.send_id is null
      and se.variant_index is distinct from ${variantIndexSql(sql`q`, sql`se.contact_rank`)}`;
}

/**
 * The subject or body variant `index` sends (an integer expression, as the
 * queue row carries it), by stepTextForVariant's rule: A's own for 0, null or
 * a variant the step no longer holds; a variant's body only when it has one.
 */
export function variantTextSql(step: SQL, index: SQL, field: "subject" | "body"): SQL {
  const variant = sql`${step}.variants -> (${index} - 1)`;
  if (field === "subject") {
    return sql`(case when ${index} >= 1 and ${variant} is not null then ${variant} ->> 'subject' else ${step}.subject end)`;
  }
  return sql`(case when ${index} >= 1 and btrim(coalesce(${variant} ->> 'body', '')) <> '' then ${variant} ->> 'body'
    else ${step}.body end)`;
}
