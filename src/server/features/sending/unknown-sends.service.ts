// The user's decision about a send whose delivery is unknown (queue status
// 'unknown': it was handed to an SMTP server and the worker stopped, or the
// connection was lost, before the server answered).
// - Send anyway: the step goes back to the queue, due now (or held while the
//   campaign is paused); its record becomes pending with its failure category,
//   which is what lets the claim send an attempted step again (maySendAgain).
//   It keeps its Message-ID, so a receiving server that got the first copy may
//   recognise the second. The same statement retries failed sends
//   (domain/requeue-steps.ts).
// - Skip: the step stays as it is (failed, delivery unknown) and the contact's
//   next step is queued, due as if the step had gone out when it was attempted.
import { sql } from "drizzle-orm";
import { rulesForZone } from "#shared/sending/contact-zone.ts";
import { followUpDueAt } from "#shared/sending/follow-up.ts";
import { nextAllowedInstant } from "#shared/sending/sending-window.ts";
import type {
  UnknownSend,
  UnknownSendBatchResult,
  UnknownSendDecisionResult,
} from "#shared/sending/unknown-sends.schemas.ts";
import { mergeContextFromContact } from "#shared/sequences/merge-tags.ts";
import { type StepVariant, stepTextForVariant } from "#shared/sequences/step-variants.ts";
import type { Db } from "../../db/client.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { requeueAttemptedSteps } from "../../domain/requeue-steps.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { variantIndexSql } from "../../domain/step-variants-sql.ts";
import { AppError } from "../../errors.ts";
import { renderStepSubject } from "../../mail/render-message.ts";

type Row = {
  id: string;
  campaign_id: string;
  campaign_name: string;
  contact_email: string;
  contact_name: string | null;
  contact_id: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  custom_fields: Record<string, string> | null;
  step_number: number;
  step_subject: string;
  step_variants: StepVariant[] | null;
  variant_index: number | null;
  sent_subject: string | null;
  thread_subject: string | null;
  sender_email: string | null;
  attempted_at: Date | string;
  reason: string | null;
};

type WaitingRow = {
  id: string;
  campaign_id: string;
  campaign_status: string;
  contact_id: string;
  sequence_id: string;
  sender_account_id: string | null;
  step_number: number;
  updated_at: Date | string;
  /** The contact's own time zone (null: the user's): its next step is timed in it. */
  contact_timezone: string | null;
};
type Rules = ReturnType<typeof sendingRules>;

const notFound = () => new AppError("not_found", "This send is not waiting for a decision");

export function createUnknownSendsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The rows, locked in id order (so two decisions over the same sends cannot
   * deadlock), of those that belong to the user and still wait for a decision.
   * One statement whatever the number of ids.
   */
  async function waitingRows(tx: Tx, userId: string, ids: readonly string[]): Promise<WaitingRow[]> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return queryRows<WaitingRow>(
      tx,
      sql`
      select se.id, se.campaign_id, c.status as campaign_status, se.contact_id, se.sequence_id, se.sender_account_id,
        q.step_number, se.updated_at,
        (select ct.timezone from contacts ct where ct.id = se.contact_id) as contact_timezone
      from scheduled_emails se
      join campaigns c on c.id = se.campaign_id and c.user_id = ${userId}
      join email_sequences q on q.id = se.sequence_id
      where se.id = ${anyUuid(valid)} and se.status = 'unknown'
      order by se.id
      for update of se`,
    );
  }

  const rulesOf = async (tx: Tx, userId: string) => sendingRules(await loadSendingSettings(tx, userId));

  /** One send's decision; 404 when it is not the user's or no longer waits. */
  function decideOne(userId: string, id: string, decide: typeof sendAgain): Promise<UnknownSendDecisionResult> {
    return db.transaction(async (tx) => {
      const [row] = await waitingRows(tx, userId, [id]);
      if (!row) throw notFound();
      return decide(tx, row, await rulesOf(tx, userId), now());
    });
  }

  /** Send anyway: the step back in the queue, due at the next allowed instant (as a retry of a failed send is). */
  async function sendAgain(tx: Tx, row: WaitingRow, rules: Rules, t: Date): Promise<UnknownSendDecisionResult> {
    const due = nextAllowedInstant(t, rules);
    await requeueAttemptedSteps(tx, { queueIds: [row.id], from: "unknown", due, now: t });
    return { id: row.id, decision: "send" as const, dueAt: due.toISOString() };
  }

  /** Skip: the step stays unsent, and the contact's next step is queued. */
  async function skipStep(tx: Tx, row: WaitingRow, rules: Rules, t: Date): Promise<UnknownSendDecisionResult> {
    const [next] = await queryRows<{
      id: string;
      delay_amount: number;
      delay_unit: "days" | "hours" | "minutes";
      scheduled_date: string | null;
      scheduled_time: string | null;
    }>(
      tx,
      sql`select id, delay_amount, delay_unit, scheduled_date::text as scheduled_date, scheduled_time
          from email_sequences where campaign_id = ${row.campaign_id}::uuid and step_number = ${row.step_number + 1}`,
    );
    await tx.execute(sql`
      update scheduled_emails set status = 'cancelled', cancel_reason = 'skipped', updated_at = ${at(t)}
      where id = ${row.id}::uuid`);
    if (!next || !row.sender_account_id) return { id: row.id, decision: "skip" as const, dueAt: null };
    // As if the step had gone out when it was attempted, but never in the past.
    const timing = {
      delayAmount: next.delay_amount,
      delayUnit: next.delay_unit,
      scheduledDate: next.scheduled_date,
      scheduledTime: next.scheduled_time,
    };
    const contactRules = rulesForZone(rules, row.contact_timezone);
    const fromAttempt = followUpDueAt(new Date(row.updated_at), timing, contactRules.timezone);
    const due = nextAllowedInstant(new Date(Math.max(fromAttempt.getTime(), t.getTime())), contactRules);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status,
                                    contact_rank, variant_index)
      select ${row.campaign_id}::uuid, ct.id, ${next.id}::uuid, ${row.sender_account_id}::uuid, ${at(due)},
        case when ${row.campaign_status} = 'active' then 'scheduled' else 'paused' end,
        prev.contact_rank, ${variantIndexSql(sql`q`, sql`prev.contact_rank`)}
      from contacts ct
      join scheduled_emails prev on prev.id = ${row.id}::uuid
      join email_sequences q on q.id = ${next.id}::uuid
      where ct.id = ${row.contact_id}::uuid and ct.status = 'active' and ct.replied_at is null
      on conflict (contact_id, sequence_id) do nothing
      returning id`,
    );
    if (inserted.length > 0) {
      await tx.execute(sql`update campaign_stats set scheduled = scheduled + 1, updated_at = ${at(t)}
        where campaign_id = ${row.campaign_id}::uuid`);
    }
    return { id: row.id, decision: "skip" as const, dueAt: inserted.length > 0 ? due.toISOString() : null };
  }

  return {
    /** The user's sends waiting for a decision (one campaign's, or all), newest first. */
    async list(userId: string, campaignId?: string): Promise<UnknownSend[]> {
      const campaign = campaignId ? sql`and c.id = ${campaignId}::uuid` : sql``;
      const rows = await queryRows<Row>(
        db,
        sql`
        select se.id, se.campaign_id, c.name as campaign_name, ct.email as contact_email,
          nullif(concat_ws(' ', ct.first_name, ct.last_name), '') as contact_name,
          se.contact_id, ct.first_name, ct.last_name, ct.company, ct.custom_fields,
          q.step_number, q.subject as step_subject, q.variants as step_variants,
          coalesce(se.variant_index, es.variant_index) as variant_index, es.subject as sent_subject, t.subject as thread_subject,
          coalesce(es.from_email, sa.email) as sender_email,
          se.updated_at as attempted_at, coalesce(es.error_message, se.error_message) as reason
        from scheduled_emails se
        join campaigns c on c.id = se.campaign_id and c.user_id = ${userId} ${campaign}
        join contacts ct on ct.id = se.contact_id
        join email_sequences q on q.id = se.sequence_id
        left join sender_accounts sa on sa.id = se.sender_account_id
        left join email_sends es on es.contact_id = se.contact_id and es.sequence_id = se.sequence_id
        -- A follow-up without a subject of its own went out as a reply to step 1's (as claim-details.ts finds it).
        left join lateral (
          select first.subject from email_sends first
          join email_sequences q1 on q1.id = first.sequence_id and q1.step_number = 1
          where first.contact_id = se.contact_id and q.step_number > 1
          limit 1
        ) t on true
        where se.status = 'unknown'
        order by se.updated_at desc, se.id
        limit 500`,
      );
      if (rows.length === 0) return [];
      const { fallbackMergeTags } = await loadSendingSettings(db, userId);
      // The record keeps the step's text when recovery wrote it (the rendered
      // text died with the worker): rendering again the subject of the
      // variant the row carried gives what was sent.
      // (Records written before recovery took the variant's text hold A's.)
      const subjectOf = (r: Row) => {
        const stepSubject = stepTextForVariant(
          { subject: r.step_subject, body: "" },
          r.step_variants,
          r.variant_index,
        ).subject;
        return r.sent_subject && r.sent_subject !== stepSubject && r.sent_subject !== r.step_subject
          ? r.sent_subject
          : renderStepSubject(
              stepSubject,
              mergeContextFromContact({
                email: r.contact_email,
                firstName: r.first_name,
                lastName: r.last_name,
                company: r.company,
                customFields: r.custom_fields,
              }),
              fallbackMergeTags,
              { contactId: r.contact_id, stepNumber: r.step_number },
              r.thread_subject ?? undefined,
            );
      };
      return rows.map((r) => ({
        id: r.id,
        campaignId: r.campaign_id,
        campaignName: r.campaign_name,
        contactEmail: r.contact_email,
        contactName: r.contact_name,
        stepNumber: r.step_number,
        subject: subjectOf(r),
        senderEmail: r.sender_email,
        attemptedAt: new Date(r.attempted_at).toISOString(),
        reason: reasonText(r.reason),
      }));
    },

    sendAnyway: (userId: string, id: string) => decideOne(userId, id, sendAgain),

    skip: (userId: string, id: string) => decideOne(userId, id, skipStep),

    /**
     * The same decision for several sends (the ones the panel shows), in one
     * transaction. A send that no longer waits, or is not the user's, is left
     * out of the answer rather than failing the rest. The rows are read in one
     * statement; each decision then takes one to three (a decision is rare,
     * and at most 500 are taken at once).
     */
    async decideAll(
      userId: string,
      ids: readonly string[],
      decision: "send-anyway" | "skip",
    ): Promise<UnknownSendBatchResult> {
      const decide = decision === "send-anyway" ? sendAgain : skipStep;
      return db.transaction(async (tx) => {
        const rows = await waitingRows(tx, userId, [...new Set(ids)]);
        const rules = await rulesOf(tx, userId);
        const t = now();
        const decided: UnknownSendDecisionResult[] = [];
        for (const row of rows) decided.push(await decide(tx, row, rules, t));
        return { decided };
      });
    },
  };
}

/** The error text of the stored error JSON (or the text itself). */
function reasonText(stored: string | null): string {
  if (!stored) return "Delivery state unknown";
  try {
    const parsed = JSON.parse(stored) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : stored;
  } catch {
    return stored;
  }
}
