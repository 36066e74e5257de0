// The wizard's whole upload rule: type and size, then CSV or Excel. Runs in a
// Web Worker in the browser; pure, so the tests run it directly.
import { checkContactFile } from "./file-check.ts";
import { importContactsCsv } from "./import-csv.ts";
import { ContactImportError } from "./import-error.ts";
import { importContactsExcel } from "./import-excel.ts";
import { importMessages, MAX_WIZARD_FILE_BYTES } from "./import-messages.ts";
import type { ContactImportResult } from "./rows-to-contacts.ts";

/**
 * Throws only ContactImportError: anything unexpected from a parser becomes
 * 'Failed to read file' (CSV) or 'Failed to read Excel file'.
 */
export function parseContactFile(file: { name: string; size: number }, bytes: Uint8Array): ContactImportResult {
  const kind = checkContactFile(file);
  // The bytes are what counts; a File's reported size could be anything.
  if (bytes.byteLength > MAX_WIZARD_FILE_BYTES) throw new ContactImportError(importMessages.tooLarge);
  try {
    return kind === "csv" ? importContactsCsv(bytes) : importContactsExcel(bytes, kind);
  } catch (err) {
    if (err instanceof ContactImportError) throw err;
    throw new ContactImportError(kind === "csv" ? importMessages.readFailed : importMessages.excelReadFailed);
  }
}
