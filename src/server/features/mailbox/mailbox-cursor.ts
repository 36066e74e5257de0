// The mailbox lists' keyset cursor (Reply Tracker, spam, classified replies):
// a row's position in "newest first" order as its timestamp and id, opaque to
// clients. The timestamp travels with its microseconds (PostgreSQL text, not a
// JS Date), so a page boundary never skips or repeats a row.
import { type SQL, sql } from "drizzle-orm";
import { isCursorTime } from "../../db/cursor-time.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

export type MailboxCursor = { at: string; id: string };

/** A timestamp column as cursor text: UTC with microseconds. */
export const cursorTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(cursor: MailboxCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** The cursor, or a 400 validation error when it was not made by encodeCursor. */
export function decodeCursor(text: string | undefined): MailboxCursor | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value;
      if (isCursorTime(at) && isUuid(id)) return { at, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError("validation_error", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
}

/** Rows after the cursor in (at desc, id desc) order; the first bound lets an index scan start at the cursor. */
export function afterCursor(cursor: MailboxCursor | null, at: SQL, id: SQL): SQL {
  if (!cursor) return sql``;
  return sql`and ${at} <= ${cursor.at}::timestamptz
    and (${at} < ${cursor.at}::timestamptz or (${at} = ${cursor.at}::timestamptz and ${id} < ${cursor.id}::uuid))`;
}

/** One row more than a page was read: the page, and the cursor after its last row when there is more. */
export function pageOf<T extends { cursor_at: string; id: string }>(rows: T[], size: number) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
