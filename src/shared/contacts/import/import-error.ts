// The one error type of the import rules. It carries a toast title beside the
// message, so the worker can send it across postMessage as plain data and the
// UI can show "Invalid file type" vs "Upload failed" without string matching.
import { importMessages } from "./import-messages.ts";

export type ImportFailure = {
  title: string;
  message: string;
  /** Where the problem is (e.g. the line of an unclosed quote); shown under the message. */
  detail?: string;
};

export class ContactImportError extends Error {
  readonly title: string;
  readonly detail: string | undefined;

  constructor(message: string, options: { title?: string; detail?: string } = {}) {
    super(message);
    this.name = "ContactImportError";
    this.title = options.title ?? importMessages.uploadFailedTitle;
    this.detail = options.detail;
  }

  toFailure(): ImportFailure {
    return this.detail
      ? { title: this.title, message: this.message, detail: this.detail }
      : { title: this.title, message: this.message };
  }
}

/**
 * Any thrown value as an ImportFailure: our own errors keep their text; anything
 * else (a library's exception) becomes `fallback`, never a stack trace on screen.
 */
export function toImportFailure(err: unknown, fallback: string = importMessages.readFailed): ImportFailure {
  if (err instanceof ContactImportError) return err.toFailure();
  return { title: importMessages.uploadFailedTitle, message: fallback };
}
