// The suppression list, read and written by everything that sends: the queue
// (before each step), launch (set-based, in SQL), compose and bulk (before
// sending), unsubscribe and bounce handling (writing). Addresses compare
// case-insensitively, matching the unique index on (user_id, lower(email)).
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SuppressionReason } from "#shared/db-enums.ts";
import type { Db } from "../db/client.ts";
import { suppressions } from "../db/schema/index.ts";
import { rowsOf } from "../db/sql-helpers.ts";

/** A database or a transaction: callers inside a transaction must pass `tx` (PGlite deadlocks otherwise). */
type Executor = Pick<Db, "execute">;

/** Whether `email` is on the user's suppression list. One unique-index lookup. */
export async function isSuppressed(db: Executor, userId: string, email: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${suppressions}
    where user_id = ${userId} and lower(email) = lower(${email})
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * Which of `emails` are suppressed for the user, lowercased, in one query
 * whatever the list's size (the list travels as one JSON parameter, clear of
 * the bind-parameter limit). Check with `set.has(email.toLowerCase())`.
 */
export async function suppressedAmong(db: Executor, userId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const wanted = JSON.stringify([...new Set(emails.map((e) => e.toLowerCase()))]);
  const result = await db.execute(sql`
    select lower(email) as email from ${suppressions}
    where user_id = ${userId}
      and lower(email) = any(array(select jsonb_array_elements_text(${wanted}::jsonb)))`);
  return new Set(rowsOf<{ email: string }>(result).map((r) => r.email));
}

/**
 * A condition for set-based SQL (launch's INSERT … SELECT, the queue's claim):
 * true when the address in `emailColumn` is NOT suppressed for `userIdColumn`.
 */
export function notSuppressed(userIdColumn: AnyPgColumn | SQL, emailColumn: AnyPgColumn | SQL): SQL {
  return sql`not exists (
    select 1 from ${suppressions} s
    where s.user_id = ${userIdColumn} and lower(s.email) = lower(${emailColumn}))`;
}

/**
 * Puts an address on the user's list. Idempotent: an address already there
 * keeps its first reason and date. Returns whether a row was added.
 */
export async function addSuppression(
  db: Executor,
  userId: string,
  email: string,
  reason: SuppressionReason,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${suppressions} (user_id, email, reason)
    values (${userId}, ${email.trim().toLowerCase()}, ${reason})
    on conflict (user_id, lower(email)) do nothing
    returning 1`);
  return rowsOf(result).length > 0;
}
