// The bulk CSV (up to 10 MB) is read here, off the main thread, so the page
// stays responsive while a large file is parsed.
import { type BulkCsvResult, parseBulkCsv } from "#shared/bulk/bulk-csv.ts";
import { type ImportFailure, toImportFailure } from "#shared/contacts-import/import-error.ts";

export type BulkCsvResponse = { ok: true; result: BulkCsvResult } | { ok: false; error: ImportFailure };

// The web tsconfig has DOM types, not the worker's; this is the part used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage(message: BulkCsvResponse): void;
};

scope.onmessage = async (event) => {
  const { file } = event.data;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    scope.postMessage({ ok: true, result: parseBulkCsv(file, bytes) });
  } catch (err) {
    scope.postMessage({ ok: false, error: toImportFailure(err) });
  }
};
