// The contact import runs here, off the main thread: a 10,000-row file takes
// long enough to parse that the page would freeze (and the "Uploading Your
// Contact List..." spinner stop turning) if it ran beside React.
// First: it configures zod before any schema is built (see the module).
import "#web/lib/zod-jitless.ts";
import { installFieldMessages } from "#shared/api/field-messages.ts";
import { parseBulkCsv } from "#shared/bulk/bulk-csv.ts";
import { parseEditCsv } from "#shared/contacts/import/edit-csv.ts";
import { toImportFailure } from "#shared/contacts/import/import-error.ts";
import { importMessages } from "#shared/contacts/import/import-messages.ts";
import { parseContactFile } from "#shared/contacts/import/parse-contact-file.ts";
import type { ImportRequest, ImportResponse } from "./import-worker-protocol.ts";

// The web tsconfig has DOM types, not the worker's; this is the part used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(message: ImportResponse): void;
};

// Validation messages name the field and the limit (see the module).
installFieldMessages();

scope.onmessage = async (event) => {
  const request = event.data;
  try {
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    if (request.kind === "wizard") {
      scope.postMessage({ ok: true, kind: "wizard", result: parseContactFile(request.file, bytes) });
    } else if (request.kind === "edit-csv") {
      scope.postMessage({ ok: true, kind: "edit-csv", result: parseEditCsv(request.file, bytes) });
    } else {
      scope.postMessage({ ok: true, kind: "bulk", result: parseBulkCsv(request.file, bytes) });
    }
  } catch (err) {
    const excel = request.kind === "wizard" && !/\.csv$/i.test(request.file.name);
    scope.postMessage({
      ok: false,
      error: toImportFailure(err, excel ? importMessages.excelReadFailed : importMessages.readFailed),
    });
  }
};
