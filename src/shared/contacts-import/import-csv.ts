// A wizard CSV upload → contacts.
import { parseCsv } from "./csv-parse.ts";
import { decodeTextFile } from "./decode-text.ts";
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";
import { type ContactImportResult, isBlankRow, rowsToContacts } from "./rows-to-contacts.ts";

export function importContactsCsv(bytes: Uint8Array): ContactImportResult {
  const rows = parseCsv(decodeTextFile(bytes)).filter((row) => !isBlankRow(row));
  const [header, ...data] = rows;
  if (!header) throw new ContactImportError(importMessages.csvEmpty);
  if (data.length === 0) throw new ContactImportError(importMessages.csvHeaderOnly);
  return rowsToContacts(header, data);
}
