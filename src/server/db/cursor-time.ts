// Paging cursors carry a row's timestamp as UTC text with PostgreSQL's
// microseconds (a JS Date would drop them, and a page boundary would skip or
// repeat rows). Before it reaches a ::timestamptz cast, a cursor's time must
// be one PostgreSQL takes: the right shape is not enough ("2026-02-30…" or the
// year 0000 would fail the cast as a 500).
import { isStorableUtcTimestamp } from "#shared/api/storable-dates.ts";

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** "2026-12-07T09:00:00.123456Z" naming an instant that exists, in the years 1 to 9999. */
export function isCursorTime(value: unknown): value is string {
  return typeof value === "string" && CURSOR_TIME.test(value) && isStorableUtcTimestamp(value);
}
