// The schedule preview's reads (the plan itself: #shared/sending/schedule-plan.ts).
// A saved campaign is planned from its queue (each contact's next step, when it
// is due, its sender); a draft (the wizard) as launch would queue it. Each is a
// few aggregate queries, none per contact or sender.
import { sql } from "drizzle-orm";
import { effectiveZone } from "#shared/sending/contact-zone.ts";
import type { FollowUpTiming } from "#shared/sending/follow-up.ts";
import type { PacingRules } from "#shared/sending/pacing.ts";
import {
  launchContacts,
  type PlanContact,
  type PlanInput,
  type PlanSender,
  planScheduleInSlices,
} from "#shared/sending/schedule-plan.ts";
import type { SchedulePreview, SchedulePreviewInput } from "#shared/sending/schedule-preview.schemas.ts";
import { localDate } from "#shared/zoned-time.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { type PacingRuleRow, pacingRuleColumns, pacingRulesOf } from "../../domain/sender-pacing-rules.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

type PaceRow = { email: string } & { [K in keyof PacingRuleRow]: PacingRuleRow[K] | null };

/** The address's rules, or null for one without pacing (the left join found no row). */
function pacingOf(r: PaceRow): PacingRules | null {
  return r.gap_min_seconds === null ? null : pacingRulesOf(r as PacingRuleRow);
}

export function createSchedulePreviewService(deps: FeatureDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function userContext(tx: Tx, userId: string, at: Date) {
    const settings = await loadSendingSettings(tx, userId);
    const rules = sendingRules(settings);
    const today = localDate(at, rules.timezone);
    const [used] = await queryRows<{ sent: number }>(
      tx,
      sql`select coalesce((select sent from user_daily_counts where user_id = ${userId} and day = ${today}::date), 0)::int as sent`,
    );
    // What every plan of this user starts from: now, the window, the user's daily limit and today's use of it.
    const base = { start: at, rules, userDailyLimit: settings.dailySendLimit, userSentToday: Number(used?.sent ?? 0) };
    return { rules, today, base };
  }

  return {
    /** POST /api/campaigns/schedule-preview: the wizard's draft, planned as launch would queue it now. */
    async draft(userId: string, input: SchedulePreviewInput): Promise<SchedulePreview> {
      const start = now();
      // The reads in one transaction; the plan after it, in slices (planScheduleInSlices), holding no connection.
      const plan = await db.transaction(async (tx): Promise<PlanInput> => {
        const u = await userContext(tx, userId, start);
        const emails = input.senderAccounts.map((s) => s.email.trim().toLowerCase());
        // The address's pacing and what its claims took today (any campaign): one query.
        const paces = await queryRows<PaceRow & { today: number }>(
          tx,
          sql`select p.email, ${pacingRuleColumns},
            case when p.day = ${u.today}::date then p.day_sent else 0 end as today
          from sender_pacing p where p.user_id = ${userId} and p.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
        );
        const byEmail = new Map(paces.map((p) => [p.email, p]));
        const senders: PlanSender[] = input.senderAccounts.map((s, i) => {
          const email = emails[i] as string;
          const pace = byEmail.get(email);
          return {
            id: email,
            dailyLimit: s.dailyLimit,
            pacing: pace ? pacingOf(pace) : null,
            sentToday: pace ? Number(pace.today) : 0,
          };
        });
        const zones = input.contacts.map((c) => c.timezone ?? null);
        return {
          ...u.base,
          senders,
          contacts: launchContacts(
            zones,
            senders.map((s) => s.id),
            start,
          ),
          steps: input.sequence,
          newContactsPerDay: input.dailyNewContactsLimit ?? null,
        };
      });
      return planScheduleInSlices(plan);
    },

    /**
     * GET /api/campaigns/{id}/schedule-preview: a launched campaign from its queue
     * (what is scheduled, each contact's next step); a draft as launch would queue it.
     */
    async saved(userId: string, campaignId: string): Promise<SchedulePreview> {
      const start = now();
      const plan = await db.transaction(async (tx): Promise<PlanInput> => {
        const [campaign] = isUuid(campaignId)
          ? await queryRows<{
              status: string;
              launched: boolean;
              cap: number | null;
              day: string | null;
              started: number;
            }>(
              tx,
              sql`select status, launched_at is not null as launched, daily_new_contacts_limit as cap,
                new_contacts_day::text as day, new_contacts_started as started
              from campaigns where id = ${campaignId}::uuid and user_id = ${userId}`,
            )
          : [];
        if (!campaign) throw new AppError("not_found", "Campaign not found");
        const u = await userContext(tx, userId, start);
        const steps = await queryRows<FollowUpTiming>(
          tx,
          sql`select delay_amount as "delayAmount", delay_unit as "delayUnit", scheduled_date::text as "scheduledDate",
            scheduled_time as "scheduledTime"
          from email_sequences where campaign_id = ${campaignId}::uuid order by step_number`,
        );
        // Each sender copy: its daily limit and today's count (its own), the address's pacing.
        const senderRows = await queryRows<PaceRow & { id: string; daily_limit: number; today: number }>(
          tx,
          sql`select sa.id, lower(sa.email) as email, sa.daily_limit, ${pacingRuleColumns},
            coalesce((select d.sent from sender_daily_counts d where d.sender_account_id = sa.id and d.day = ${u.today}::date), 0)::int as today
          from sender_accounts sa
          left join sender_pacing p on p.user_id = ${userId} and p.email = lower(sa.email)
          where sa.campaign_id = ${campaignId}::uuid
          order by sa.created_at, sa.id`,
        );
        const senders: PlanSender[] = senderRows.map((s) => ({
          id: s.email,
          dailyLimit: s.daily_limit,
          pacing: pacingOf(s),
          sentToday: Number(s.today),
        }));
        const emailOf = new Map(senderRows.map((s) => [s.id, s.email]));
        let contacts: PlanContact[];
        if (!campaign.launched) {
          const zones = await queryRows<{ timezone: string | null }>(
            tx,
            sql`select timezone from contacts where campaign_id = ${campaignId}::uuid and status = 'active'
              and replied_at is null order by created_at, id`,
          );
          contacts = launchContacts(
            zones.map((z) => z.timezone),
            senders.map((s) => s.id),
            start,
          );
        } else {
          // What is queued: one row per contact (its next step), in due order.
          const rows = await queryRows<{
            id: string;
            zone: string | null;
            sender: string;
            step: number;
            due: string | Date;
          }>(
            tx,
            sql`select se.id::text as id, ct.timezone as zone, se.sender_account_id::text as sender, sq.step_number - 1 as step,
              se.scheduled_for as due
            from scheduled_emails se
            join email_sequences sq on sq.id = se.sequence_id
            join contacts ct on ct.id = se.contact_id
            where se.campaign_id = ${campaignId}::uuid and se.status = 'scheduled' and se.sender_account_id is not null
            order by se.scheduled_for, se.id`,
          );
          contacts = rows.flatMap((r) => {
            const sender = emailOf.get(r.sender);
            return sender
              ? [{ zone: r.zone, senderId: sender, nextStep: Number(r.step), dueAt: new Date(r.due), key: r.id }]
              : [];
          });
        }
        const cap = campaign.cap;
        const startedToday = campaign.day === u.today ? Number(campaign.started) : 0;
        return {
          ...u.base,
          senders,
          contacts: contacts.map((c) => ({ ...c, zone: c.zone ? effectiveZone(c.zone, u.rules.timezone) : null })),
          steps,
          newContactsPerDay: cap === null ? null : Number(cap),
          newContactsStartedToday: startedToday,
        };
      });
      return planScheduleInSlices(plan);
    },
  };
}
