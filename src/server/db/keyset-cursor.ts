// Keyset paging, written once. A list's next page starts after its last row:
// the cursor is that row's position in the list's order, opaque to clients
// (base64url text the server made), and it is checked part by part before any
// of it reaches SQL: a malformed part would otherwise fail a cast as a 500
// where the client deserves a 400.
//
// Timestamps travel as UTC text with PostgreSQL's microseconds (cursorTimeText):
// a JS Date would drop them, and a page boundary would skip or repeat rows.
// Before it reaches a ::timestamptz cast, a cursor's time must be one
// PostgreSQL takes: the right shape is not enough ("2026-02-30…" or the year
// 0000 would fail the cast).
//
// Each list keeps its own cursor form (which parts, in which order): clients
// hold cursors, so a form never changes under them.
import { type SQL, type SQLChunk, sql } from "drizzle-orm";
import { isStorableUtcTimestamp } from "#shared/api/storable-dates.ts";
import { AppError } from "../errors.ts";

/** A timestamptz as cursor text: UTC with all six fractional digits ("2026-12-07T09:00:00.123456Z"). */
export const cursorTimeText = (instant: SQLChunk): SQL<string> =>
  sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Text as cursorTimeText writes it, naming an instant that exists, in the years 1 to 9999. */
export function isCursorTime(value: unknown): value is string {
  return typeof value === "string" && CURSOR_TIME.test(value) && isStorableUtcTimestamp(value);
}

/** The 400 a cursor the server did not make gets. */
export const invalidCursor = () =>
  new AppError("validation_error", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });

/** A cursor form: the parts of a position to text and back. */
export type KeysetCursor<Parts> = {
  encode(parts: Parts): string;
  /** The parts; null without a cursor; a 400 validation error for text this form did not make. */
  decode(text: string | undefined): Parts | null;
};

type Check<T> = (value: unknown) => value is T;
type Checked<C extends readonly Check<unknown>[]> = {
  -readonly [K in keyof C]: C[K] extends Check<infer T> ? T : never;
};

/**
 * The usual form: the parts as a JSON array in base64url, e.g.
 * `["2026-12-07T09:00:00.123456Z","<uuid>"]`. Decoding takes an array of
 * exactly as many parts, each passing its check (in order), and nothing else.
 */
export function jsonCursor<const C extends readonly Check<unknown>[]>(...checks: C): KeysetCursor<Checked<C>> {
  return {
    encode: (parts) => Buffer.from(JSON.stringify(parts)).toString("base64url"),
    decode(text) {
      if (text === undefined) return null;
      try {
        const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
        if (Array.isArray(value) && value.length === checks.length && checks.every((check, i) => check(value[i]))) {
          return value as Checked<C>;
        }
      } catch {
        // Not base64url JSON: falls through to the error below.
      }
      throw invalidCursor();
    },
  };
}

/**
 * The contact directory's form: `<time>|<key>` in base64url, the key being
 * all the text after the first bar. Clients hold its cursors, so it stays as
 * it was, its 400 included (which names no field).
 */
export const timeBarKeyCursor: KeysetCursor<[at: string, key: string]> = {
  encode: ([at, key]) => Buffer.from(`${at}|${key}`).toString("base64url"),
  decode(text) {
    if (text === undefined) return null;
    const raw = Buffer.from(text, "base64url").toString();
    const bar = raw.indexOf("|");
    const at = raw.slice(0, bar);
    if (bar < 0 || !isCursorTime(at)) throw new AppError("validation_error", "Invalid cursor");
    return [at, raw.slice(bar + 1)];
  },
};

/** A cursor's time as a timestamptz parameter. */
export const cursorInstant = (at: string): SQL => sql`${at}::timestamptz`;

/**
 * Rows after a position in an order whose keys all run one way: one row
 * comparison, `(k1, k2, …) < (v1, v2, …)` descending or `>` ascending, which
 * an index on those keys in that order starts its scan from.
 */
export function afterRow(order: "asc" | "desc", keys: readonly SQLChunk[], position: readonly SQLChunk[]): SQL {
  const operator = order === "desc" ? sql`<` : sql`>`;
  return sql`(${sql.join([...keys], sql`, `)}) ${operator} (${sql.join([...position], sql`, `)})`;
}

/**
 * Rows after (time, key) in (time desc, key desc) order where the key is no
 * index column (an id cast to text, a column of another branch): a row
 * comparison would then bound no index scan, so the time's own bound comes
 * first and lets an index on the time start at the cursor.
 */
export function afterTimeThenKey(at: SQLChunk, key: SQLChunk, position: { at: string; key: SQLChunk }): SQL {
  const t = cursorInstant(position.at);
  return sql`${at} <= ${t}
    and (${at} < ${t} or (${at} = ${t} and ${key} < ${position.key}))`;
}
