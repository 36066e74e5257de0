// Dates and instants the database can hold. JavaScript and zod accept some
// that PostgreSQL refuses, and a refusal there is a 500: the year 0
// ("0000-01-01"; PostgreSQL has no year 0), years past 9999 (toISOString
// writes "+010000-…"), and days that do not exist, which V8 rolls over
// ("2026-02-30" parses as 2 March).

const FIRST = Date.parse("0001-01-01T00:00:00.000Z");
const LAST = Date.parse("9999-12-31T23:59:59.999Z");

/** A time in milliseconds whose ISO text PostgreSQL reads back: the years 1 to 9999. */
export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= FIRST && ms <= LAST;
}

/** "YYYY-MM-DD" naming a day that exists, in the years 1 to 9999. */
export function isStorableDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return isStorableInstant(ms) && new Date(ms).toISOString().startsWith(text);
}

/**
 * "YYYY-MM-DDTHH:MM:SS[.ffffff]Z" naming an instant that exists (no 30
 * February, no hour 24, no leap second), in the years 1 to 9999.
 */
export function isStorableUtcTimestamp(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d{1,6})?Z$/.exec(text);
  if (!match) return false;
  const ms = Date.parse(`${match[1]}Z`);
  return isStorableInstant(ms) && new Date(ms).toISOString().startsWith(match[1]!);
}
