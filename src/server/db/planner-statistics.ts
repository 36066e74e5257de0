// PGlite has no autovacuum, so nothing gathers planner statistics there: the
// planner guesses row counts, and at some table sizes it guessed wrong: the
// Inbox was two orders of magnitude slower than after an ANALYZE
// (bench/RESULTS.md, screens). This keeps them fresh: ANALYZE when the
// server starts and then every PGLITE_ANALYZE_MINUTES. PostgreSQL servers run
// autovacuum themselves, so nothing is done there.
import type { Logger } from "../logger.ts";
import { startPeriodicTask } from "../periodic-task.ts";
import type { Database } from "./client.ts";

export type StatisticsKeeper = { stop: () => Promise<void> };

export function startStatisticsKeeper(database: Database, o: { intervalMs: number; log: Logger }): StatisticsKeeper {
  if (database.kind !== "pglite") return { stop: async () => {} };
  const analyze = async () => {
    const started = performance.now();
    try {
      // Samples each table (at most 30,000 rows at the default target), so it stays short on large tables.
      await database.exec("analyze");
      o.log.debug({ ms: Math.round(performance.now() - started) }, "planner statistics refreshed");
    } catch (err) {
      o.log.warn({ err }, "could not refresh planner statistics");
    }
    return undefined;
  };
  const task = startPeriodicTask({ what: "planner statistics", log: o.log, intervalMs: o.intervalMs, run: analyze });
  return {
    async stop() {
      await task.stop();
    },
  };
}
