// PGlite gets planner statistics from the keeper (it has no autovacuum).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind } from "../../../tests/support/test-database.ts";
import { createLogger } from "../logger.ts";
import type { Database } from "./client.ts";
import { startStatisticsKeeper } from "./planner-statistics.ts";
import { queryRows } from "./sql-helpers.ts";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** What the planner believes the suppressions table holds (-1: never analyzed). */
const plannerRows = async () => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select reltuples::int as n from pg_class where relname = 'suppressions'`,
  );
  return row?.n;
};

describe.skipIf(testDbKind !== "pglite")("planner statistics on PGlite", () => {
  it("are gathered when the keeper starts, and again on its interval", async () => {
    await database.exec(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('stats-user', 'S', 'stats@example.test', true, now(), now())`);
    await database.exec(`insert into suppressions (user_id, email, reason)
      select 'stats-user', 'a' || g || '@example.test', 'unsubscribed' from generate_series(1, 500) g`);
    expect(await plannerRows()).not.toBe(500);

    const keeper = startStatisticsKeeper(database, { intervalMs: 50, log: createLogger("silent") });
    try {
      await expect.poll(plannerRows, { timeout: 5_000 }).toBe(500);
      await database.exec(`insert into suppressions (user_id, email, reason)
        select 'stats-user', 'b' || g || '@example.test', 'unsubscribed' from generate_series(1, 250) g`);
      await expect.poll(plannerRows, { timeout: 5_000 }).toBe(750);
    } finally {
      await keeper.stop();
    }
  });
});
