// How the app's PostgreSQL connections are set up.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../jobs/sql-helpers.ts";
import { fromPostgres } from "./client.ts";

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
});
