// One schema, two engines: PGlite on disk (embedded default) or a PostgreSQL
// server when DATABASE_URL is set. Both are exposed as the same Drizzle type so
// services never know which one they run on.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Arbitrary constant: several processes starting at once migrate one at a time.
const MIGRATION_LOCK_ID = 727_001;

export type Database = {
  db: Db;
  kind: DbKind;
  /**
   * PostgreSQL only: the connection pool behind `db`, for libraries that speak
   * node-postgres themselves (the public booking page's rate limiter).
   */
  pool?: pg.Pool;
  /** Runs raw SQL (used by migrations and health checks). */
  exec: (sql: string) => Promise<void>;
  /** Applies pending migrations from src/server/db/migrations. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A PGlite instance with the extensions the migrations create (pg_trgm: the
 * trigram indexes behind the Contacts and Inbox searches; btree_gist: the
 * exclusion constraint that keeps an owner's meetings apart). PGlite loads an
 * extension's code only when it is listed here; `create extension` alone fails.
 */
export function createPglite(options: Omit<PGliteOptions, "extensions"> & { dataDir?: string } = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm, btree_gist } });
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    exec: async (sql) => {
      await client.exec(sql);
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/**
 * `onIdleError` hears of connections lost while idle in the pool (the server
 * restarted, an administrator ended them): the pool has already dropped them
 * and opens new ones as needed. Without a listener, node-postgres re-emits
 * such an error on the pool as an unhandled 'error' event, which ends the
 * process; it also arrives while the pool is closing, when a connection is
 * terminated before its own goodbye reached the server.
 */
export function fromPostgres(url: string, max = 10, onIdleError: (err: Error) => void = () => {}): Database {
  // JIT off: the app's queries are short keyset reads, but a cost estimate over
  // a large table (an anti-join in the Inbox) crossed jit_above_cost and spent
  // many times longer compiling a query than running it (bench/RESULTS.md, screens).
  const pool = new pg.Pool({ connectionString: url, max, options: "-c jit=off" });
  pool.on("error", onIdleError);
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    pool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(conn), { migrationsFolder });
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, 10, opts.onIdleError);
  const dir = join(opts.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return fromPglite(client);
}
