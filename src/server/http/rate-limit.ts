// Fixed-window rate limits for the app's own routes, counted in the database
// so several web processes share them (as better-auth's limits are). The
// counters live in better-auth's rate_limit table under keys of their own
// ("app:<name>:<subject>"), which better-auth never reads: its keys are an IP
// address and a path. For these rows last_request holds when the window
// started.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimit } from "../db/schema/auth.ts";

export type RateLimitRule = {
  /** Names the limited action in the key, e.g. "smtp-test". */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
};

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request of `subject` (a user id) and says whether it is within
 * the rule. One statement: concurrent requests cannot both take the last slot.
 */
export async function takeRateLimit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitVerdict> {
  const at = now.getTime();
  const windowStart = at - rule.windowMs;
  const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key: `app:${rule.name}:${subject}`, count: 1, lastRequest: at })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${at}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, startedAt: rateLimit.lastRequest });
  if (!row || row.count <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.startedAt + rule.windowMs - at) / 1000)) };
}
