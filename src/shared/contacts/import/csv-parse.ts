// A small RFC 4180 reader, written here instead of papaparse because its rules
// must be exact and testable: papaparse guesses ONE line ending per file (a CSV
// with mixed CRLF and LF lines keeps stray line breaks in fields) and returns
// an unterminated quote as a swallowed rest-of-file plus a warning.
//
// Rules (each has a test):
// - Records end at CRLF, LF or CR, mixed freely; a final line break adds nothing.
// - A field that starts with a double quote is quoted: it may hold the
//   delimiter, line breaks and doubled quotes ("" → "). Text after the closing
//   quote and before the next delimiter is kept as is ("a"b → ab), as
//   spreadsheet programs do.
// - A quote inside an unquoted field is an ordinary character (5" screen).
// - A quoted field still open at the end of the file is an error: the rest of
//   the file would otherwise become one cell.
// - The delimiter is the comma, or the semicolon or tab when the first line
//   holds more of those than commas (European spreadsheet exports).
// - One pass over the text, no backtracking: a 5 MB file cannot hang it.
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export type CsvDelimiter = "," | ";" | "\t";

/** The delimiter of the first line (outside quotes): the most frequent of , ; and tab, comma on a tie. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === "\n" || ch === "\r")) break;
    else if (!inQuotes && (ch === "," || ch === ";" || ch === "\t")) counts[ch]++;
  }
  if (counts[";"] > counts[","] && counts[";"] >= counts["\t"]) return ";";
  if (counts["\t"] > counts[","] && counts["\t"] > counts[";"]) return "\t";
  return ",";
}

/** Parses CSV text into rows of raw cells (not trimmed, blank rows included). */
export function parseCsv(text: string, delimiter: CsvDelimiter = detectDelimiter(text)): string[][] {
  const delim = delimiter.charCodeAt(0);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let line = 1;
  let i = 0;
  const n = text.length;

  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE && field === "") {
      // Quoted field: read to the closing quote.
      const startLine = line;
      i++;
      let closed = false;
      let start = i;
      while (i < n) {
        const q = text.indexOf('"', i);
        if (q === -1) break;
        line += countLineBreaks(text, i, q);
        if (text.charCodeAt(q + 1) === QUOTE) {
          field += text.slice(start, q + 1);
          i = q + 2;
          start = i;
          continue;
        }
        field += text.slice(start, q);
        i = q + 1;
        closed = true;
        break;
      }
      if (!closed) {
        throw new ContactImportError(importMessages.readFailed, {
          detail: `A quoted value that starts on line ${startLine} is never closed.`,
        });
      }
      // Anything up to the next delimiter or line break belongs to this field.
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === delim || d === LF || d === CR) break;
        field += text[i];
        i++;
      }
      continue;
    }
    if (c === delim) {
      endField();
      i++;
    } else if (c === LF || c === CR) {
      endRow();
      line++;
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      // Unquoted run up to the next special character.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === delim || d === LF || d === CR) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  // The last record, unless the text ended with a line break (or was empty).
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) count++;
  }
  return count;
}
