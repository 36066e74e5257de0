// Step 3's upload: idle → processing → imported | failed (docs/product.md §9.4).
// A new upload cancels a parse still running and clears the earlier error and
// the previous parse; the type and size are checked before anything is
// cleared, so a wrong file does not throw away a good import.
import { useCallback, useEffect, useRef, useState } from "react";
import { checkContactFile } from "#shared/contacts/import/file-check.ts";
import { ContactImportError, type ImportFailure, toImportFailure } from "#shared/contacts/import/import-error.ts";
import type { ContactImportResult } from "#shared/contacts/import/rows-to-contacts.ts";
import { toast } from "#web/lib/toast.ts";
import { isAbortError, parseInWorker } from "./parse-in-worker.ts";

export type ImportState =
  | { status: "idle" }
  | { status: "processing"; fileName: string }
  | { status: "imported"; fileName: string; result: ContactImportResult }
  | { status: "failed"; failure: ImportFailure };

type Handlers = {
  /** A new upload started: the previous parse is no longer valid. */
  onStart: () => void;
  onImported: (result: ContactImportResult, fileName: string) => void;
};

function showFailure(failure: ImportFailure) {
  toast.error(failure.title, { description: failure.message });
}

export function useContactFileImport({ onStart, onImported }: Handlers) {
  const [state, setState] = useState<ImportState>({ status: "idle" });
  const running = useRef<AbortController | null>(null);
  const handlers = useRef({ onStart, onImported });
  handlers.current = { onStart, onImported };

  // Leaving the step stops a parse that is still running.
  useEffect(() => () => running.current?.abort(), []);

  const importFile = useCallback(async (file: File) => {
    try {
      checkContactFile(file);
    } catch (err) {
      const failure = toImportFailure(err);
      setState({ status: "failed", failure });
      showFailure(failure);
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: "processing", fileName: file.name });
    handlers.current.onStart();
    try {
      const result = await parseInWorker({ kind: "wizard", file }, { signal: controller.signal });
      setState({ status: "imported", fileName: file.name, result });
      handlers.current.onImported(result, file.name);
      const n = result.contacts.length;
      toast.success("Contacts imported successfully", {
        description: `Imported ${n.toLocaleString("en-US")} contact(s)`,
      });
    } catch (err) {
      if (isAbortError(err)) return;
      const failure = err instanceof ContactImportError ? err.toFailure() : toImportFailure(err);
      setState({ status: "failed", failure });
      showFailure(failure);
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  return { state, importFile };
}
