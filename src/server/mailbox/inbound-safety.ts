// Inbound mail is written by anyone: these rules make what it carries safe to
// store and to index before any rule or query sees it (issue 26 §3,
// docs/decisions/015-mailbox-one-bad-message.md). Each bound is one a real
// message stays far below:
// - text loses NUL and the other control characters PostgreSQL or a screen
//   cannot take (tab, line feed and carriage return stay), lone UTF-16
//   surrogates, and U+FFFD (what invalid UTF-8 decodes to);
// - a date outside 1990 … a day after the message was received is replaced
//   by the time received (a Date header of the year 10000 is a valid
//   JavaScript date that PostgreSQL cannot store);
// - an identifier (Message-ID, In-Reply-To, References) longer than 250
//   characters is replaced by its SHA-256 (btree indexes take at most 2,704
//   bytes; the same long id always hashes to the same value, so matching and
//   the once-only rule still hold; our own ids are short, so a long one never
//   names one of our sends);
// - an address longer than 254 characters (RFC 5321's limit) is no address;
// - a MIME tree past MAX_MIME_DELIMITERS parts is read up to there (mailparser
//   refuses a message of more than 1,000 parts outright).
import { createHash } from "node:crypto";

export const MAX_ID_CHARS = 250;
export const MAX_ADDRESS_CHARS = 254;
/** References kept of a thread: the first (the thread's start) and the newest ones. */
export const MAX_REFERENCES = 50;
export const MAX_SUBJECT_CHARS = 998;
export const MAX_NAME_CHARS = 200;
/**
 * A reply's text as stored and read by the rules: far beyond any person's
 * answer, and short enough for the rules' some 500 phrase patterns to read in
 * well under a second whatever it holds.
 */
export const MAX_TEXT_CHARS = 64 * 1024;
/** HTML longer than this is not turned into text (mailparser's html-to-text on megabytes takes seconds). */
export const MAX_HTML_TO_TEXT_CHARS = 512 * 1024;
export const MAX_HEADER_CHARS = 16 * 1024;
/** Lines that may open a MIME part ("--" at a line's start) read; mailsplit stops at 1,000 parts. */
export const MAX_MIME_DELIMITERS = 900;
/** Bytes of a message parsed: its headers and first parts are what the rules read. */
export const MAX_RAW_BYTES = 16 * 1024 * 1024;

const EARLIEST = Date.UTC(1990, 0, 1);
const DAY_MS = 86_400_000;

const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text without NUL, control characters (but tab, LF, CR), lone surrogates and U+FFFD. */
export function cleanText(value: string): string {
  return value.replace(UNSAFE, "");
}

/** cleanText, cut at `max` characters (never inside a surrogate pair). */
export function boundedText(value: string, max: number): string {
  const clean = cleanText(value);
  if (clean.length <= max) return clean;
  const cut = /[\ud800-\udbff]/.test(clean[max - 1] ?? "") ? max - 1 : max;
  return clean.slice(0, cut);
}

/** A message identifier safe to store and index: cleaned, and hashed when longer than MAX_ID_CHARS. */
export function safeIdentifier(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const clean = cleanText(value).trim();
  if (clean === "") return null;
  if (clean.length <= MAX_ID_CHARS) return clean;
  return `<sha256.${createHash("sha256").update(clean).digest("hex")}@long-id.invalid>`;
}

/** A thread's References, safe: each identifier safe, at most MAX_REFERENCES (the first and the newest). */
export function safeReferences(values: readonly string[]): string[] {
  const ids = values.map(safeIdentifier).filter((v): v is string => v !== null);
  return ids.length <= MAX_REFERENCES ? ids : [ids[0]!, ...ids.slice(ids.length - (MAX_REFERENCES - 1))];
}

/** A lower-cased address, or "" when it is longer than an address can be. */
export function safeAddress(value: string | null | undefined): string {
  const clean = cleanText(value ?? "")
    .trim()
    .toLowerCase();
  return clean.length > MAX_ADDRESS_CHARS ? "" : clean;
}

/** When the message was received, as the source says; a value no server would give is now. */
export function saneReceivedAt(receivedAt: Date | null | undefined, now: Date): Date {
  const time = receivedAt?.getTime();
  if (time === undefined || Number.isNaN(time) || time < EARLIEST || time > now.getTime() + DAY_MS) return now;
  return new Date(time);
}

/** The message's own date when it is plausible (1990 … a day after it was received), else the time received. */
export function saneDate(date: Date | null | undefined, receivedAt: Date): Date {
  const time = date?.getTime();
  if (time === undefined || Number.isNaN(time) || time < EARLIEST || time > receivedAt.getTime() + DAY_MS) {
    return receivedAt;
  }
  return new Date(time);
}

/**
 * The message, cut before its MAX_MIME_DELIMITERS-th line that starts with
 * "--" (every MIME part opens with one) and at MAX_RAW_BYTES: what mailparser
 * can read whole. A message within both bounds is returned as is.
 */
export function boundedMime(raw: Buffer): { raw: Buffer; truncated: boolean } {
  let bytes = raw.length > MAX_RAW_BYTES ? raw.subarray(0, MAX_RAW_BYTES) : raw;
  let seen = 0;
  let at = bytes[0] === 0x2d && bytes[1] === 0x2d ? 0 : bytes.indexOf("\n--");
  while (at !== -1) {
    seen += 1;
    if (seen >= MAX_MIME_DELIMITERS) {
      bytes = bytes.subarray(0, at === 0 ? 0 : at + 1);
      break;
    }
    at = bytes.indexOf("\n--", at + 1);
  }
  return { raw: bytes, truncated: bytes.length !== raw.length };
}
