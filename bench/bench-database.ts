// A fresh, migrated database for one benchmark run, removed afterwards:
// - PGlite on disk in a temporary DATA_DIR, opened the way the server opens it
//   (openDatabase), so the figures are those of the embedded default;
// - or, given a PostgreSQL URL, a throw-away database created on that server
//   (CREATE DATABASE needs the URL's user to have CREATEDB) and dropped at the
//   end, with the production pool size.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";

export type BenchDatabase = {
  database: Database;
  /** For the printout: "PGlite 0.5 (on disk, …)" or "PostgreSQL 15.x (database …)". */
  description: string;
  /** The temporary DATA_DIR (PGlite) or undefined. */
  dataDir: string;
  /** The throw-away PostgreSQL database's URL (undefined with PGlite). */
  url?: string;
  /** Closes and deletes the database (unless kept). */
  dispose: (opts: { keep: boolean }) => Promise<void>;
};

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `label` names a second database of the same run (a part that needs one of its own). */
export async function openBenchDatabase(databaseUrl: string | undefined, label?: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "coldreach-bench-"));
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return {
      database,
      dataDir,
      description: `PGlite (on disk in ${dataDir}; ${await serverVersion(database)})`,
      dispose: async ({ keep }) => {
        await database.close();
        if (!keep) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  // A name of our own, so a run never touches an existing database.
  const name = `coldreach_bench_${process.pid}${label ? `_${label}` : ""}`;
  await withAdmin(databaseUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), dataDir });
  try {
    await opened.migrate();
  } catch (err) {
    await opened.close();
    await withAdmin(databaseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    throw err;
  }
  return {
    database: opened,
    dataDir,
    url: url.toString(),
    description: `${await serverVersion(opened)} (throw-away database ${name} on ${url.host})`,
    dispose: async ({ keep }) => {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (!keep) await withAdmin(databaseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** "PostgreSQL 15.18" (PGlite reports the PostgreSQL it is built from). */
async function serverVersion(database: Database): Promise<string> {
  const [row] = await queryRows<{ v: string }>(database.db, sql`select version() as v`);
  return row?.v.replace(/ on .*$/, "").replace(/,.*$/, "") ?? "unknown version";
}
