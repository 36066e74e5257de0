/**
 * Request budgets of the public endpoints (booking pages), shared by every web
 * process: rate-limiter-flexible's RateLimiterPostgres keeps one row per key
 * here (its own layout: key, points used, expiry in epoch ms). Created by the
 * migrations rather than by the library (tableCreated: true) so that the
 * schema has one author. PGlite runs in one process and uses the library's
 * memory store instead.
 */
import { bigint, integer, pgTable, varchar } from "drizzle-orm/pg-core";

export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
