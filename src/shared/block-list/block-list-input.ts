// Reading what the user gives the block list: a file (one address or domain a
// line, an optional header line, the first column of a CSV), or entries typed
// into the Add box. Each line or entry is either planned for adding or skipped
// with its reason; "already_blocked" is the database's answer, added later by
// the service. Never throws, whatever the text (block-list-input.test.ts).
import { type BlockEntry, type EntryProblem, parseBlockEntry } from "./block-entry.ts";

/** At most this many lines in a file, or entries in one Add. */
export const MAX_BLOCK_ENTRIES = 10_000;
/** A file's text, in characters (about 1 MB of addresses). */
export const MAX_IMPORT_CHARACTERS = 1_000_000;
/** One typed entry (an address is 254 octets at most; the rest is room for spaces and quotes). */
export const MAX_ENTRY_LENGTH = 320;
/** How much of a skipped line the report quotes. */
export const QUOTED_INPUT_LENGTH = 100;

export type SkipReason = EntryProblem | "duplicate" | "already_blocked";

export type InputLine = { line: number; input: string };
export type PlannedEntry = InputLine & { entry: BlockEntry };
export type SkippedLine = InputLine & { reason: SkipReason; duplicateOf: number | null };

const LINE_BREAK = /\r\n|\n|\r/;
const DELIMITERS = new Set([",", ";", "\t"]);

/**
 * A line's first cell as a CSV reader sees it (contacts/import/csv-parse.ts's
 * rules on one line): a quoted cell may hold delimiters and doubled quotes,
 * text after its closing quote is kept; an unquoted cell ends at , ; or tab.
 * An unclosed quote keeps the rest of the line.
 */
export function firstCell(line: string): string {
  if (!line.startsWith('"')) {
    let end = 0;
    while (end < line.length && !DELIMITERS.has(line[end]!)) end++;
    return line.slice(0, end);
  }
  let cell = "";
  let i = 1;
  for (; i < line.length; i++) {
    if (line[i] !== '"') {
      cell += line[i];
    } else if (line[i + 1] === '"') {
      cell += '"';
      i++;
    } else {
      break;
    }
  }
  for (i++; i < line.length && !DELIMITERS.has(line[i]!); i++) cell += line[i];
  return cell;
}

/** The number of lines `text` holds as a file (a final line break adds none). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  const lines = text.split(LINE_BREAK);
  return lines.at(-1) === "" ? lines.length - 1 : lines.length;
}

/**
 * A file's lines (numbered from 1, as an editor shows them), each its first
 * cell, and whether line 1 is a header: a first cell that is neither an entry
 * nor anything like one (no @, no dot), such as "email" or "Address or domain".
 */
export function fileLines(text: string): { lines: InputLine[]; header: boolean } {
  const raw = text.replace(/^\uFEFF/, "").split(LINE_BREAK);
  if (raw.at(-1) === "") raw.pop();
  const lines = raw.map((line, i) => ({ line: i + 1, input: firstCell(line).trim() }));
  const first = lines[0]?.input ?? "";
  const header = first !== "" && !/[@.]/.test(first) && !parseBlockEntry(first).ok;
  return { lines: header ? lines.slice(1) : lines, header };
}

/** The Add box's text as entries: one a line, or several on a line apart by commas, semicolons or spaces. */
export function typedEntries(text: string): string[] {
  return text.split(/[\s,;]+/u).filter((part) => part !== "");
}

/** Entries typed or sent through the API, numbered from 1 in the report. */
export function numbered(entries: readonly string[]): InputLine[] {
  return entries.map((input, i) => ({ line: i + 1, input }));
}

const quoted = (input: string) =>
  input.length > QUOTED_INPUT_LENGTH ? `${input.slice(0, QUOTED_INPUT_LENGTH - 1)}…` : input;

/** Each line parsed; a value met on an earlier line is a duplicate of that line. */
export function planEntries(lines: readonly InputLine[]): { entries: PlannedEntry[]; skipped: SkippedLine[] } {
  const entries: PlannedEntry[] = [];
  const skipped: SkippedLine[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, input } of lines) {
    const parsed = parseBlockEntry(input);
    if (!parsed.ok) {
      skipped.push({ line, input: quoted(input), reason: parsed.reason, duplicateOf: null });
      continue;
    }
    const earlier = firstLine.get(parsed.entry.value);
    if (earlier !== undefined) {
      skipped.push({ line, input: quoted(input), reason: "duplicate", duplicateOf: earlier });
      continue;
    }
    firstLine.set(parsed.entry.value, line);
    entries.push({ line, input: quoted(input), entry: parsed.entry });
  }
  return { entries, skipped };
}
