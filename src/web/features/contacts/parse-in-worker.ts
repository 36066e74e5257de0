// One worker per file: it is created for the parse and terminated after it,
// so a new upload (or leaving the page) simply stops the old parse.
import { ContactImportError, type ImportFailure } from "#shared/contacts/import/import-error.ts";
import { importMessages } from "#shared/contacts/import/import-messages.ts";
import type { ImportRequest, ImportResponse, ImportResultFor } from "./import-worker-protocol.ts";

/** Far above what a 10 MB file needs; only a stuck parse reaches it. */
const DEFAULT_TIMEOUT_MS = 60_000;

const toError = (failure: ImportFailure) =>
  new ContactImportError(failure.message, { title: failure.title, detail: failure.detail });

/**
 * Parses the file in a Web Worker. Rejects with a ContactImportError carrying
 * the message to show, or with an AbortError when `signal` aborts.
 */
export function parseInWorker<R extends ImportRequest>(
  request: R,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ImportResultFor<R["kind"]>> {
  const { signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The import was cancelled", "AbortError"));
      return;
    }
    const worker = new Worker(new URL("./import.worker.ts", import.meta.url), { type: "module" });
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException("The import was cancelled", "AbortError"));
    };
    const timer = setTimeout(() => {
      finish();
      reject(
        toError({
          title: importMessages.uploadFailedTitle,
          message: importMessages.readFailed,
          detail: "Reading the file took too long.",
        }),
      );
    }, timeoutMs);
    signal?.addEventListener("abort", onAbort);

    worker.onmessage = (event: MessageEvent<ImportResponse>) => {
      finish();
      const response = event.data;
      if (response.ok) resolve(response.result as ImportResultFor<R["kind"]>);
      else reject(toError(response.error));
    };
    worker.onerror = (event) => {
      // The worker itself failed (could not load, or crashed): the file was not read.
      event.preventDefault();
      finish();
      console.warn("contact import worker failed", event.message);
      reject(toError({ title: importMessages.uploadFailedTitle, message: importMessages.readFailed }));
    };
    worker.postMessage(request);
  });
}

export function isAbortError(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}
