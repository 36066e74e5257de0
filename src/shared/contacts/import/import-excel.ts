// A wizard Excel upload (.xlsx, .xls) → contacts: the first sheet, read by
// SheetJS as formatted text (a date cell reads as the user sees it).
import { read, utils } from "@e965/xlsx";
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";
import { type ContactImportResult, isBlankRow, rowsToContacts } from "./rows-to-contacts.ts";

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Markup (SpreadsheetML 2003 or an HTML table), which old exports save as .xls. */
function startsWithMarkup(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c;
}

/**
 * SheetJS reads almost anything (plain text becomes a one-column sheet), so
 * the container is checked first: .xlsx is a zip; .xls is the old binary
 * format, markup, or an .xlsx with the wrong extension. Text named .xlsx
 * is refused instead of being imported as nonsense.
 */
export function looksLikeWorkbook(bytes: Uint8Array, kind: "xlsx" | "xls"): boolean {
  if (startsWith(bytes, ZIP)) return true;
  return kind === "xls" && (startsWith(bytes, CFB) || startsWithMarkup(bytes));
}

/** The first sheet's rows, and the sheet row number of the first (a sheet's used range may start below row 1). */
function readFirstSheet(bytes: Uint8Array): { rows: string[][]; firstRow: number } {
  const workbook = read(bytes, { type: "array", dense: true, sheets: 0, cellFormula: false, cellHTML: false });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return { rows: [], firstRow: 1 };
  const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: "", raw: false, blankrows: true });
  const firstRow = sheet["!ref"] ? utils.decode_range(sheet["!ref"]).s.r + 1 : 1;
  return { rows: rows.map((row) => row.map((cell) => (cell == null ? "" : String(cell)))), firstRow };
}

export function importContactsExcel(bytes: Uint8Array, kind: "xlsx" | "xls"): ContactImportResult {
  if (!looksLikeWorkbook(bytes, kind)) throw new ContactImportError(importMessages.excelReadFailed);
  let rows: string[][];
  let firstRow: number;
  try {
    ({ rows, firstRow } = readFirstSheet(bytes));
  } catch {
    // Corrupt, encrypted or unsupported workbooks all end here.
    throw new ContactImportError(importMessages.excelReadFailed);
  }
  const [header, ...rest] = rows;
  if (!header) throw new ContactImportError(importMessages.excelEmpty);
  if (rest.length === 0) throw new ContactImportError(importMessages.excelHeaderOnly);
  if (isBlankRow(header)) throw new ContactImportError(importMessages.excelNoHeaders);
  // Blank rows stay in (rowsToContacts passes over them) so row numbers match the sheet's.
  if (rest.every(isBlankRow)) throw new ContactImportError(importMessages.noDataRows);
  return rowsToContacts(header, rest, firstRow + 1);
}
