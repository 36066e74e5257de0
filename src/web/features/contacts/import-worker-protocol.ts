// Messages between the page and the import worker. A File crosses
// postMessage by reference (structured clone), so a 5 MB file is not copied.
import type { BulkCsvResult } from "#shared/bulk/bulk-csv.ts";
import type { EditCsvResult } from "#shared/contacts/import/edit-csv.ts";
import type { ImportFailure } from "#shared/contacts/import/import-error.ts";
import type { ContactImportResult } from "#shared/contacts/import/rows-to-contacts.ts";

/**
 * "wizard": Create Campaign step 3 (CSV or Excel, 5 MB). "edit-csv": edit campaign's CSV upload (10 MB).
 * "bulk": Email in Bulk's CSV (10 MB).
 */
export type ImportRequest =
  | { kind: "wizard"; file: File }
  | { kind: "edit-csv"; file: File }
  | { kind: "bulk"; file: File };

export type ImportResultFor<K extends ImportRequest["kind"]> = K extends "wizard"
  ? ContactImportResult
  : K extends "edit-csv"
    ? EditCsvResult
    : BulkCsvResult;

export type ImportResponse =
  | { ok: true; kind: "wizard"; result: ContactImportResult }
  | { ok: true; kind: "edit-csv"; result: EditCsvResult }
  | { ok: true; kind: "bulk"; result: BulkCsvResult }
  | { ok: false; error: ImportFailure };
