// A sender_pacing row as the pacing rules (#shared/sending/pacing.ts) read it:
// the claim, the pacing API and the schedule preview all select these columns.
import { sql } from "drizzle-orm";
import type { PacingRules } from "#shared/sending/pacing.ts";

/** The columns of `sender_pacing p` that make its rules (ramp_started_on as text). */
export const pacingRuleColumns = sql`p.gap_min_seconds, p.gap_max_seconds, p.hourly_limit, p.ramp_enabled,
  p.ramp_start, p.ramp_step, p.ramp_started_on::text as ramp_started_on`;

export type PacingRuleRow = {
  gap_min_seconds: number;
  gap_max_seconds: number;
  hourly_limit: number | null;
  ramp_enabled: boolean;
  ramp_start: number;
  ramp_step: number;
  ramp_started_on: string | null;
};

/** The row's rules; a ramp only when it is on and has its first day. */
export function pacingRulesOf(r: PacingRuleRow): PacingRules {
  return {
    gapMinSeconds: r.gap_min_seconds,
    gapMaxSeconds: r.gap_max_seconds,
    hourlyLimit: r.hourly_limit,
    ramp:
      r.ramp_enabled && r.ramp_started_on
        ? { start: r.ramp_start, step: r.ramp_step, startedOn: r.ramp_started_on }
        : null,
  };
}
