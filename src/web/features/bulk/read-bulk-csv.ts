// Runs the bulk CSV rules in a Web Worker, one worker per file: a new upload
// (or leaving the page) aborts and terminates the old one.
import type { BulkCsvResult } from "#shared/bulk/bulk-csv.ts";
import { checkBulkCsvFile } from "#shared/bulk/bulk-csv.ts";
import { ContactImportError } from "#shared/contacts-import/import-error.ts";
import { importMessages } from "#shared/contacts-import/import-messages.ts";
import type { BulkCsvResponse } from "./bulk-csv.worker.ts";

const TIMEOUT_MS = 60_000;

/** Resolves with the contacts, or rejects with a ContactImportError carrying the message to show (AbortError on abort). */
export function readBulkCsv(file: File, signal?: AbortSignal): Promise<BulkCsvResult> {
  // Name and size are checked at once, without starting a worker.
  try {
    checkBulkCsvFile(file);
  } catch (err) {
    return Promise.reject(err);
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was replaced", "AbortError"));
      return;
    }
    const worker = new Worker(new URL("./bulk-csv.worker.ts", import.meta.url), { type: "module" });
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException("The upload was replaced", "AbortError"));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new ContactImportError(importMessages.readFailed, { detail: "Reading the file took too long." }));
    }, TIMEOUT_MS);
    signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<BulkCsvResponse>) => {
      finish();
      const response = event.data;
      if (response.ok) resolve(response.result);
      else reject(new ContactImportError(response.error.message, response.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      console.warn("bulk CSV worker failed", event.message);
      reject(new ContactImportError(importMessages.readFailed));
    };
    worker.postMessage({ file });
  });
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}
