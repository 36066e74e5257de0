// The mailbox lists' keyset cursor (Reply Tracker, spam, classified replies):
// a row's position in "newest first" order as [timestamp, id] in
// keyset-cursor's JSON form.
import { type SQL, sql } from "drizzle-orm";
import { afterTimeThenKey, isCursorTime, jsonCursor } from "../../db/keyset-cursor.ts";
import { isUuid } from "../../db/uuid.ts";

export type MailboxCursor = { at: string; id: string };

const form = jsonCursor(isCursorTime, isUuid);

export function encodeCursor(cursor: MailboxCursor): string {
  return form.encode([cursor.at, cursor.id]);
}

/** The cursor, or a 400 validation error when it was not made by encodeCursor. */
export function decodeCursor(text: string | undefined): MailboxCursor | null {
  const parts = form.decode(text);
  return parts && { at: parts[0], id: parts[1] };
}

/** Rows after the cursor in (at desc, id desc) order. */
export function afterCursor(cursor: MailboxCursor | null, at: SQL, id: SQL): SQL {
  if (!cursor) return sql``;
  return sql`and ${afterTimeThenKey(at, id, { at: cursor.at, key: sql`${cursor.id}::uuid` })}`;
}

/** One row more than a page was read: the page, and the cursor after its last row when there is more. */
export function pageOf<T extends { cursor_at: string; id: string }>(rows: T[], size: number) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
