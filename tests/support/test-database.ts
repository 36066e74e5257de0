// A fresh, migrated database per test file: PGlite loaded from the dump made in
// global setup, or (TEST_DB_KIND=postgres) a clone of the migrated template.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { createPglite, type Database, fromPglite, fromPostgres } from "../../src/server/db/client.ts";

export const testDbKind = process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";

/** The connection URL of each PostgreSQL test database (child processes of a test connect to it). */
const urls = new WeakMap<Database, string>();

/** The URL a PostgreSQL test database can be reached at from another process. */
export function postgresUrlOf(database: Database): string {
  const url = urls.get(database);
  if (!url) throw new Error("postgresUrlOf: not a PostgreSQL test database");
  return url;
}

export async function createTestDatabase(): Promise<Database> {
  if (testDbKind === "pglite") {
    const dump = readFileSync(inject("pgliteDump"));
    const client = await createPglite({ loadDataDir: new Blob([dump]) });
    return fromPglite(client);
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
  const template = inject("pgTemplate");
  // The template's owner pid keeps the name inside this run's prefix.
  const name = `${template.replace(/_template$/, "")}_f_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = fromPostgres(dbUrl.toString(), 5);
  const result: Database = {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
  urls.set(result, dbUrl.toString());
  return result;
}
