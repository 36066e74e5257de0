// The Emails list's keyset cursor: the position of a row in the list order
// (opened first, then created_at newest first, then id), opaque to clients.
// created_at travels with its microseconds so a page boundary never skips or
// repeats a row.
import { isCursorTime } from "../../db/cursor-time.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

export type EmailCursor = { opened: boolean; at: string; id: string };

export function encodeEmailCursor(cursor: EmailCursor): string {
  return Buffer.from(JSON.stringify([cursor.opened ? 1 : 0, cursor.at, cursor.id])).toString("base64url");
}

/** The cursor, or a 400 validation error when it was not made by encodeEmailCursor. */
export function decodeEmailCursor(text: string | undefined): EmailCursor | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 3) {
      const [opened, at, id] = value;
      if ((opened === 0 || opened === 1) && isCursorTime(at) && isUuid(id)) {
        return { opened: opened === 1, at, id };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError("validation_error", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
}
