// Small helpers for the queue's raw SQL: the queue is written as set-based
// statements (CTEs, jsonb_to_recordset) that Drizzle's builder cannot express.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** A database or a transaction. Inside a transaction pass `tx`: PGlite deadlocks on the outer `db`. */
export type Executor = Pick<Db, "execute">;

/** A transaction handle, as Db.transaction passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of an execute() result (node-postgres and PGlite both return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs `query` and returns its rows. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** An instant as a SQL timestamptz literal parameter (the worker's clock, not the database's). */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/**
 * `column = ${anyUuid(ids)}`: a list of uuids as ONE parameter, whatever its
 * length, in the form the planner reads as "these few keys" and answers from
 * the primary key. (`in (select jsonb_array_elements_text(…))`, used before,
 * is estimated at 100 rows whatever the list, and on tables of a few thousand
 * rows the planner chose a sequential scan of the whole table: most of a
 * claim's and of an outcome write's time on PGlite, bench/RESULTS.md.)
 */
export const anyUuid = (ids: readonly string[]): SQL => {
  // Ids come from the database; anything else would be a bug, and must not reach SQL text.
  const invalid = ids.find((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (invalid !== undefined) throw new Error(`anyUuid: not a uuid: ${invalid}`);
  return sql`any(${`{${ids.join(",")}}`}::uuid[])`;
};
