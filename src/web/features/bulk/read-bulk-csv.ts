// Reads the bulk CSV with the contact import's worker (one per file: a new
// upload, or leaving the page, aborts the old one).
import type { BulkCsvResult } from "#shared/bulk/bulk-csv.ts";
import { checkBulkCsvFile } from "#shared/bulk/bulk-csv.ts";
import { parseInWorker } from "../contacts/parse-in-worker.ts";

export { isAbortError } from "../contacts/parse-in-worker.ts";

/** Resolves with the contacts, or rejects with a ContactImportError carrying the message to show (AbortError on abort). */
export async function readBulkCsv(file: File, signal?: AbortSignal): Promise<BulkCsvResult> {
  // Name and size are checked at once, without starting a worker.
  checkBulkCsvFile(file);
  return parseInWorker({ kind: "bulk", file }, { signal });
}
