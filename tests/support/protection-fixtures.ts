// For bounce protection's tests: send records seeded as the engine and the
// classifier leave them (the failure reason set by hand), and a pause put in
// place as the check would.
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { queryRows } from "../../src/server/db/sql-helpers.ts";

export type SeededSends = {
  n: number;
  status?: "sent" | "failed";
  bounce?: "hard" | "soft";
  reason?: string | null;
  category?: string | null;
  /** Made this many days ago (default: now). */
  ageDays?: number;
  complained?: boolean;
  unsubscribed?: boolean;
};

/** A hard bounce saying the address does not exist (or `reason`). */
export const hardBounces = (n: number, reason = "user_unknown"): SeededSends => ({ n, bounce: "hard", reason });

/** `n` send records of a campaign (or none: a direct send) from `from`, with the given outcome; their ids. */
export async function seedSends(
  db: Db,
  o: { userId: string; campaignId: string | null; from: string },
  s: SeededSends,
): Promise<string[]> {
  const failed = s.status === "failed" || s.bounce !== undefined;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into email_sends (user_id, campaign_id, to_email, from_email, subject, body, status, sent_at,
          failure_category, bounce_type, failure_reason, complained_at, unsubscribed_at, created_at)
        select ${o.userId}, ${o.campaignId}::uuid, 'p' || g || '-' || gen_random_uuid() || '@prospects.test', ${o.from},
          'Hi', 'Hello', ${failed ? "failed" : "sent"}, case when ${failed} then null else now() end,
          ${failed ? (s.category ?? "invalid_address") : null}, ${s.bounce ?? null}, ${s.reason ?? null},
          case when ${s.complained ?? false} then now() end, case when ${s.unsubscribed ?? false} then now() end,
          now() - make_interval(days => ${s.ageDays ?? 0})
        from generate_series(1, ${s.n}) g
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** A mailbox paused as the check pauses one. */
export async function pauseMailbox(
  db: Db,
  userId: string,
  email: string,
  detail = "3 hard bounces in 52 sends (5.8%) in the last 7 days",
): Promise<void> {
  await db.execute(sql`
    insert into sender_protection (user_id, email, paused_at, pause_reason, pause_detail)
    values (${userId}, ${email.toLowerCase()}, now(), 'bounce_rate', ${detail})
    on conflict (user_id, email) do update set paused_at = now(), pause_reason = 'bounce_rate', pause_detail = ${detail}`);
}
