// Bounce protection for the signed-in user: what is paused and why, a
// mailbox's own thresholds, and Resume. Every query is keyed by the user: a
// mailbox address names the caller's own row (another user naming it reads,
// writes or resumes only their own), a campaign id another user's campaign is
// "not found". The pausing itself: domain/protection-check.ts.
import { sql } from "drizzle-orm";
import type {
  BounceProtectionState,
  CampaignPause,
  SenderProtection,
  SenderProtectionInput,
} from "#shared/bounce-protection/bounce-protection.schemas.ts";
import type { SenderPauseReason } from "#shared/db-enums.ts";
import { senderEmailSchema } from "#shared/senders/senders.schemas.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { resumeCampaignQueue } from "../../domain/campaign-queue.ts";
import { loadProtectionSettings } from "../../domain/protection-settings.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

type SenderRow = {
  email: string;
  bounce_rate_percent: number | null;
  min_sends: number | null;
  pause_reason: SenderPauseReason | null;
  pause_detail: string | null;
  paused_at: string | Date | null;
};

type CampaignRow = {
  id: string;
  name: string;
  auto_pause_reason: SenderPauseReason;
  auto_pause_detail: string | null;
  auto_paused_at: string | Date;
};

const iso = (v: string | Date) => new Date(v).toISOString();

function toSenderDto(r: SenderRow): SenderProtection {
  return {
    email: r.email,
    bounceRatePercent: r.bounce_rate_percent === null ? null : Number(r.bounce_rate_percent),
    minSends: r.min_sends,
    pause:
      r.paused_at && r.pause_reason
        ? { reason: r.pause_reason, detail: r.pause_detail ?? "", pausedAt: iso(r.paused_at) }
        : null,
  };
}

function toCampaignDto(r: CampaignRow): CampaignPause {
  return {
    campaignId: r.id,
    campaignName: r.name,
    pause: { reason: r.auto_pause_reason, detail: r.auto_pause_detail ?? "", pausedAt: iso(r.auto_paused_at) },
  };
}

// real columns read through numeric: 2.5 as typed, not 2.5000000xx.
const senderColumns = sql`sp.email, sp.bounce_rate_percent::numeric::float8 as bounce_rate_percent, sp.min_sends,
  sp.pause_reason, sp.pause_detail, sp.paused_at`;

/** The address as the sender forms take it (lower-cased); 400 otherwise. */
function addressOf(raw: string): string {
  const parsed = senderEmailSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("validation_error", "Enter a valid email address", {
      fields: { email: "Enter a valid email address" },
    });
  }
  return parsed.data.toLowerCase();
}

export function createBounceProtectionService(deps: FeatureDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  // Resumed mail goes out at the worker's next round; in a process with a worker, that round starts now.
  const wakeWorker = () => void deps.sendSignal?.wake().catch(() => undefined);

  return {
    async state(userId: string): Promise<BounceProtectionState> {
      const senders = await queryRows<SenderRow>(
        db,
        sql`select ${senderColumns} from sender_protection sp where sp.user_id = ${userId} order by sp.email`,
      );
      const campaigns = await queryRows<CampaignRow>(
        db,
        sql`select c.id, c.name, c.auto_pause_reason, c.auto_pause_detail, c.auto_paused_at from campaigns c
            where c.user_id = ${userId} and c.auto_paused_at is not null order by c.auto_paused_at desc, c.id`,
      );
      const settings = await loadProtectionSettings(db, userId);
      return { settings, senders: senders.map(toSenderDto), campaigns: campaigns.map(toCampaignDto) };
    },

    /** Sets (or, with nulls, clears) a mailbox's own bounce rate and minimum sends; its pause is left as it is. */
    async putSender(userId: string, input: SenderProtectionInput): Promise<SenderProtection> {
      const email = addressOf(input.email);
      const [row] = await queryRows<SenderRow>(
        db,
        sql`insert into sender_protection as sp (user_id, email, bounce_rate_percent, min_sends)
            values (${userId}, ${email}, ${input.bounceRatePercent}, ${input.minSends})
            on conflict (user_id, email) do update set bounce_rate_percent = excluded.bounce_rate_percent,
              min_sends = excluded.min_sends, updated_at = now()
            returning ${senderColumns}`,
      );
      if (!row) throw new Error("sender_protection upsert returned no row");
      return toSenderDto(row);
    },

    /**
     * Lifts a mailbox's pause: its queued sends go out again, in every
     * campaign, and its figures count from now (on the database's clock, as
     * the check's window is), so the bounces that paused it do not pause it
     * again. 404 when it is not paused.
     */
    async resumeSender(userId: string, rawEmail: string): Promise<{ countsFrom: string }> {
      const email = addressOf(rawEmail);
      const [row] = await queryRows<{ counts_from: string | Date }>(
        db,
        sql`update sender_protection set paused_at = null, pause_reason = null, pause_detail = null,
              counts_from = now(), updated_at = now()
            where user_id = ${userId} and email = ${email} and paused_at is not null
            returning counts_from`,
      );
      if (!row) throw new AppError("not_found", "This sender is not paused");
      wakeWorker();
      return { countsFrom: iso(row.counts_from) };
    },

    /**
     * Activates a campaign bounce protection paused, as Activate does (its
     * held sends are queued again, none earlier than the next allowed
     * instant), and its figures count from now. 404 for a campaign that is not
     * the user's; 409 for one that bounce protection did not pause.
     */
    async resumeCampaign(userId: string, campaignId: string): Promise<{ countsFrom: string }> {
      const resumed = await db.transaction(async (tx) => {
        const [campaign] = isUuid(campaignId)
          ? await queryRows<{ status: string; auto_paused_at: string | Date | null }>(
              tx,
              sql`select status, auto_paused_at from campaigns
                  where id = ${campaignId}::uuid and user_id = ${userId} for update`,
            )
          : [];
        if (!campaign) throw new AppError("not_found", "Campaign not found");
        if (!campaign.auto_paused_at || campaign.status !== "paused") {
          throw new AppError("conflict", "This campaign was not paused by bounce protection");
        }
        const rules = sendingRules(await loadSendingSettings(tx, userId));
        await resumeCampaignQueue(tx, campaignId, now(), rules);
        const [row] = await queryRows<{ counts_from: string | Date }>(
          tx,
          sql`update campaigns set status = 'active', auto_paused_at = null, auto_pause_reason = null,
                auto_pause_detail = null, protection_counts_from = now(), updated_at = now()
              where id = ${campaignId}::uuid and user_id = ${userId}
              returning protection_counts_from as counts_from`,
        );
        return row!;
      });
      wakeWorker();
      return { countsFrom: iso(resumed.counts_from) };
    },
  };
}
