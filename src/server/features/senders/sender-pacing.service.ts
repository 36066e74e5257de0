// Human pacing per mailbox address (sender_pacing), scoped to the user. The
// address need not be saved yet: the campaign wizard sets the pacing of a
// sender it has not stored (a campaign's senders are stored at launch), and a
// saved sender and its campaign copies share their address's pacing.
import { sql } from "drizzle-orm";
import type { SenderPacing, SenderPacingInput } from "#shared/senders/sender-pacing.schemas.ts";
import { senderEmailSchema } from "#shared/senders/senders.schemas.ts";
import { rampLimit } from "#shared/sending/pacing.ts";
import { localDate } from "#shared/zoned-time.ts";
import { at, queryRows } from "../../db/sql-helpers.ts";
import { type PacingRuleRow, pacingRuleColumns, pacingRulesOf } from "../../domain/sender-pacing-rules.ts";
import { loadSendingSettings } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

type Row = PacingRuleRow & { email: string; next_send_at: string | Date | null };

function toDto(r: Row, today: string): SenderPacing {
  const { ramp, ...rules } = pacingRulesOf(r);
  return {
    email: r.email,
    ...rules,
    ramp: ramp ? { ...ramp, today: rampLimit(ramp, today) } : null,
    nextSendAt: r.next_send_at === null ? null : new Date(r.next_send_at).toISOString(),
  };
}

/** The address of a path parameter, as the sender forms take it; 400 otherwise. */
function addressOf(raw: string): string {
  const parsed = senderEmailSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError("validation_error", "Enter a valid email address", {
      fields: { email: "Enter a valid email address" },
    });
  return parsed.data.toLowerCase();
}

const columns = sql`p.email, ${pacingRuleColumns}, p.next_send_at`;

export function createSenderPacingService(deps: FeatureDeps) {
  const now = () => deps.now?.() ?? new Date();
  const today = async (userId: string) => localDate(now(), (await loadSendingSettings(deps.db, userId)).timezone);

  return {
    async list(userId: string): Promise<SenderPacing[]> {
      const rows = await queryRows<Row>(
        deps.db,
        sql`select ${columns} from sender_pacing p where p.user_id = ${userId} order by p.email`,
      );
      const day = await today(userId);
      return rows.map((r) => toDto(r, day));
    },

    /**
     * Sets the address's pacing. Turning the ramp on starts it today; changing
     * a running ramp's figures keeps its first day.
     */
    async put(userId: string, rawEmail: string, input: SenderPacingInput): Promise<SenderPacing> {
      const email = addressOf(rawEmail);
      const day = await today(userId);
      const [row] = await queryRows<Row>(
        deps.db,
        sql`
        insert into sender_pacing as p (user_id, email, gap_min_seconds, gap_max_seconds, hourly_limit,
          ramp_enabled, ramp_start, ramp_step, ramp_started_on)
        values (${userId}, ${email}, ${input.gapMinSeconds}, ${input.gapMaxSeconds}, ${input.hourlyLimit},
          ${input.ramp !== null}, ${input.ramp?.start ?? 10}, ${input.ramp?.step ?? 5},
          ${input.ramp ? day : null}::date)
        on conflict (user_id, email) do update set
          gap_min_seconds = excluded.gap_min_seconds, gap_max_seconds = excluded.gap_max_seconds,
          hourly_limit = excluded.hourly_limit, ramp_enabled = excluded.ramp_enabled,
          ramp_start = excluded.ramp_start, ramp_step = excluded.ramp_step,
          ramp_started_on = case when excluded.ramp_enabled
            then coalesce(case when p.ramp_enabled then p.ramp_started_on end, excluded.ramp_started_on) end,
          -- A shorter gap applies from now: a pending wait ends no later than the new longest gap allows.
          next_send_at = least(p.next_send_at, ${at(now())} + make_interval(secs => excluded.gap_max_seconds)),
          updated_at = now()
        returning ${columns}`,
      );
      if (!row) throw new Error("sender_pacing upsert returned no row");
      return toDto(row, day);
    },

    /** Removes the address's pacing (it sends as fast as its limits allow). 404 when it had none. */
    async remove(userId: string, rawEmail: string): Promise<void> {
      const email = addressOf(rawEmail);
      const rows = await queryRows<{ email: string }>(
        deps.db,
        sql`delete from sender_pacing where user_id = ${userId} and email = ${email} returning email`,
      );
      if (rows.length === 0) throw new AppError("not_found", "This mailbox has no pacing");
    },
  };
}
