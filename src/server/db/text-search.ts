// Text search helpers shared by the screens that search with ILIKE '%term%'.
// The expressions here are the ones migration 0005 indexes with pg_trgm, so a
// search that uses them can read a trigram index instead of every row.
import { type SQL, sql } from "drizzle-orm";

/** A LIKE/ILIKE pattern matching `term` anywhere, with its own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A contact's name as "first last" (either part alone when the other is
 * missing, '' when both are): what concat_ws(' ', first, last) gives, but
 * built from immutable operators, because concat_ws is only stable and an
 * index expression must be immutable (contacts_name_trgm_idx).
 */
export function contactFullName(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`coalesce(${a}.first_name || ' ' || ${a}.last_name, ${a}.first_name, ${a}.last_name, '')`;
}
