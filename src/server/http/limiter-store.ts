// rate-limiter-flexible limiters that share their counters between web
// processes: on PostgreSQL in the rate_limits table (migration 0011); PGlite is
// a single process, where counting in memory is the same thing and costs no
// query.
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";
import type { Database } from "../db/client.ts";

export type LimiterOptions = { keyPrefix: string; points: number; duration: number };

export function createLimiter(database: Database | undefined, options: LimiterOptions): RateLimiterAbstract {
  const pool = database?.kind === "postgres" ? database.pool : undefined;
  if (!pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    // Should the database fail to answer, this process goes on counting alone
    // rather than refusing every visitor or letting everything through.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
