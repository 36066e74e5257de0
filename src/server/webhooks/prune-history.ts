// A bounded history (docs/decisions/035-outbound-webhooks.md): deliveries that
// are over (delivered, failed, cancelled) and their attempts are deleted 30
// days after their event, and an event once none of its deliveries is left.
// A delivery still pending is never deleted, however old: it is retried
// until its own 24-hour window closes, then it is over too.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/sql-helpers.ts";

export const WEBHOOK_HISTORY_DAYS = 30;
/** Rows deleted per statement, so a first sweep over a long history does not hold locks for long. */
const PRUNE_BATCH = 5_000;

/** Deletes one batch of old history; returns how many deliveries went (a full batch: call again). */
export async function pruneWebhookHistory(db: Db, days = WEBHOOK_HISTORY_DAYS): Promise<number> {
  const [row] = await queryRows<{ deliveries: number }>(
    db,
    sql`with old as (
          select id from webhook_deliveries
          where status <> 'pending' and created_at < now() - make_interval(days => ${days})
          limit ${PRUNE_BATCH}
        ), gone as (
          delete from webhook_deliveries d using old where d.id = old.id returning d.event_id
        ), events as (
          delete from webhook_events ev
          where ev.created_at < now() - make_interval(days => ${days})
            and ev.id in (select event_id from gone)
            and not exists (select 1 from webhook_deliveries d
                            where d.event_id = ev.id and d.id not in (select id from old))
        )
        select count(*)::int as deliveries from gone`,
  );
  return row?.deliveries ?? 0;
}
