// Small helpers for the queue's raw SQL: the queue is written as set-based
// statements (CTEs, jsonb_to_recordset) that Drizzle's builder cannot express.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** A database or a transaction. Inside a transaction pass `tx`: PGlite deadlocks on the outer `db`. */
export type Executor = Pick<Db, "execute">;

/** A transaction handle, as Db.transaction passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of an execute() result (node-postgres and PGlite both return `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** An instant as a SQL timestamptz literal parameter (the worker's clock, not the database's). */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** A list of uuids as ONE parameter, whatever its length. */
export const uuidList = (ids: readonly string[]): SQL =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
