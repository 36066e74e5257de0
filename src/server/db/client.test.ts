// How the app's PostgreSQL connections are set up.
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { fromPostgres } from "./client.ts";
import { queryRows } from "./sql-helpers.ts";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.TEST_DB_KIND !== "postgres" || !url)("PostgreSQL connections", () => {
  it("run with JIT compilation off (it cost more than the screens' queries themselves)", async () => {
    const database = fromPostgres(url ?? "", 1);
    try {
      const [row] = await queryRows<{ jit: string }>(database.db, sql`show jit`);
      expect(row?.jit).toBe("off");
    } finally {
      await database.close();
    }
  });

  it("survive a pooled connection being terminated while idle: reported, replaced, no crash", async () => {
    const lost = vi.fn();
    const database = fromPostgres(url ?? "", 2, lost);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const [own] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      // The connection is back in the pool, idle, when an administrator ends it.
      await admin.query("select pg_terminate_backend($1)", [own?.pid]);
      await expect.poll(() => lost.mock.calls.length, { timeout: 5_000 }).toBe(1);
      expect(String(lost.mock.calls[0]?.[0])).toMatch(/terminating connection/);
      const [again] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(again?.ok).toBe(1);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
