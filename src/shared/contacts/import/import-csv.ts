// A wizard CSV upload → contacts.
import { parseCsv } from "./csv-parse.ts";
import { decodeTextFile } from "./decode-text.ts";
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";
import { type ContactImportResult, isBlankRow, rowsToContacts } from "./rows-to-contacts.ts";

export function importContactsCsv(bytes: Uint8Array): ContactImportResult {
  // Blank rows stay in, so every row keeps its number in the file (header = row 1).
  const rows = parseCsv(decodeTextFile(bytes));
  const headerIndex = rows.findIndex((row) => !isBlankRow(row));
  const header = rows[headerIndex];
  if (!header) throw new ContactImportError(importMessages.csvEmpty);
  const data = rows.slice(headerIndex + 1);
  if (data.every(isBlankRow)) throw new ContactImportError(importMessages.csvHeaderOnly);
  return rowsToContacts(header, data, headerIndex + 2);
}
