// Messages between the page and the import worker. A File crosses
// postMessage by reference (structured clone), so a 5 MB file is not copied.
import type { EditCsvResult } from "#shared/contacts-import/edit-csv.ts";
import type { ImportFailure } from "#shared/contacts-import/import-error.ts";
import type { ContactImportResult } from "#shared/contacts-import/rows-to-contacts.ts";

/** "wizard": Create Campaign step 3 (CSV or Excel, 5 MB). "edit-csv": edit campaign's CSV upload (10 MB). */
export type ImportRequest = { kind: "wizard"; file: File } | { kind: "edit-csv"; file: File };

export type ImportResultFor<K extends ImportRequest["kind"]> = K extends "wizard" ? ContactImportResult : EditCsvResult;

export type ImportResponse =
  | { ok: true; kind: "wizard"; result: ContactImportResult }
  | { ok: true; kind: "edit-csv"; result: EditCsvResult }
  | { ok: false; error: ImportFailure };
