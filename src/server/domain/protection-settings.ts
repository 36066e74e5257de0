// A user's bounce protection thresholds (Settings › Bounce protection), read
// by the protection API and by sender health, so the badge and the pause use
// the same figures. Before the settings are first saved: the defaults.
import { sql } from "drizzle-orm";
import { protectionDefaults } from "#shared/bounce-protection/protection-rule.ts";
import { type Executor, queryRows } from "../db/sql-helpers.ts";

export type ProtectionSettings = { enabled: boolean; bounceRatePercent: number; minSends: number; windowDays: number };

export async function loadProtectionSettings(db: Executor, userId: string): Promise<ProtectionSettings> {
  const d = protectionDefaults;
  // real → numeric → float8: 3.3 stays 3.3 (a real read as a double is 3.2999…).
  const [row] = await queryRows<ProtectionSettings>(
    db,
    sql`select protection_enabled as "enabled",
          protection_bounce_rate_percent::numeric::float8 as "bounceRatePercent",
          protection_min_sends as "minSends", protection_window_days as "windowDays"
        from user_settings where user_id = ${userId}`,
  );
  return (
    row ?? { enabled: true, bounceRatePercent: d.bounceRatePercent, minSends: d.minSends, windowDays: d.windowDays }
  );
}
