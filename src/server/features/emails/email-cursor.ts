// The Emails list's keyset cursor: the position of a row in the list order
// (opened first, then created_at newest first, then id), as
// [opened 1 or 0, created_at, id] in keyset-cursor's JSON form.
import { isCursorTime, jsonCursor } from "../../db/keyset-cursor.ts";
import { isUuid } from "../../db/uuid.ts";

export type EmailCursor = { opened: boolean; at: string; id: string };

const isBit = (value: unknown): value is 0 | 1 => value === 0 || value === 1;
const form = jsonCursor(isBit, isCursorTime, isUuid);

export function encodeEmailCursor(cursor: EmailCursor): string {
  return form.encode([cursor.opened ? 1 : 0, cursor.at, cursor.id]);
}

/** The cursor, or a 400 validation error when it was not made by encodeEmailCursor. */
export function decodeEmailCursor(text: string | undefined): EmailCursor | null {
  const parts = form.decode(text);
  return parts && { opened: parts[0] === 1, at: parts[1], id: parts[2] };
}
