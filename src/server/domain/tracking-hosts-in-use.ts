// The user's tracking hosts that mail uses now (trackingHostInUse): read by
// the claim once per batch and by Compose once per message, so a host that
// passes, fails or goes stale takes effect from the next message on.
import { sql } from "drizzle-orm";
import type { TrackingHostStatus } from "#shared/db-enums.ts";
import type { TrackingHostInUse } from "#shared/tracking-hosts/tracking-base-url.ts";
import { trackingHostInUse } from "#shared/tracking-hosts/tracking-host-rules.ts";
import { type Executor, queryRows } from "../db/sql-helpers.ts";

/** One small query (a host per sender domain at most); inside a transaction pass `tx`. */
export async function loadTrackingHostsInUse(db: Executor, userId: string, now: Date): Promise<TrackingHostInUse[]> {
  const rows = await queryRows<{
    domain: string;
    host: string;
    check_status: TrackingHostStatus;
    verified_at: Date | string;
  }>(
    db,
    sql`select domain, host, check_status, verified_at from tracking_hosts
        where user_id = ${userId} and verified_at is not null and retired_at is null`,
  );
  return rows
    .filter((r) => trackingHostInUse({ checkStatus: r.check_status, verifiedAt: new Date(r.verified_at) }, now))
    .map((r) => ({ domain: r.domain, host: r.host }));
}
