// Rate limits of the public booking endpoints (no sign-in), per client
// address: one budget for reads (the link, its free times, a meeting) and a
// smaller one for writes (booking, cancelling), each per minute and set in
// config (PUBLIC_RATE_LIMIT_READS_PER_MINUTE / _WRITES_PER_MINUTE).
//
// On PostgreSQL the counters live in the rate_limits table, so several web
// processes behind a load balancer share one budget per address; PGlite is a
// single process, where counting in memory is the same thing and costs no
// query. Over budget: 429 with Retry-After (seconds) and the API's error body.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { schedulingMessages } from "#shared/scheduling/scheduling.schemas.ts";
import { errorBody } from "../../errors.ts";
import { createLimiter } from "../../http/limiter-store.ts";
import type { FeatureDeps } from "../feature-deps.ts";

const WINDOW_SECONDS = 60;

function limiter(deps: FeatureDeps, keyPrefix: string, points: number): RateLimiterAbstract {
  return createLimiter(deps.database, { keyPrefix, points, duration: WINDOW_SECONDS });
}

/**
 * The client's address from the socket. Headers such as X-Forwarded-For are
 * not read: a client could send any value and pick a fresh budget each time.
 * In-process requests (tests) have no socket: they share the key "unknown".
 */
function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

export function publicRateLimit(deps: FeatureDeps): MiddlewareHandler {
  const { readsPerMinute, writesPerMinute } = deps.config.publicRateLimit;
  const reads = limiter(deps, "public_reads", readsPerMinute);
  const writes = limiter(deps, "public_writes", writesPerMinute);
  return async (c, next) => {
    const budget = isRead(c.req.method) ? reads : writes;
    try {
      await budget.consume(clientAddress(c));
    } catch (rejection) {
      // consume() rejects with a RateLimiterRes when over budget; anything else is a real error.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      c.header("Retry-After", String(retryAfter));
      return c.json(errorBody("rate_limited", schedulingMessages.tooManyRequests), 429);
    }
    await next();
  };
}
