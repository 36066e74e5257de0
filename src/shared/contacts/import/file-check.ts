// Which files the wizard accepts, decided from the name and size alone, before
// a byte is read (so a 2 GB video is refused at once).
import { ContactImportError } from "./import-error.ts";
import { importMessages, MAX_WIZARD_FILE_BYTES } from "./import-messages.ts";

export type ContactFileKind = "csv" | "xlsx" | "xls";

/** For the file input's `accept` attribute. */
export const ACCEPTED_CONTACT_FILES = ".csv,.xlsx,.xls";

export function contactFileKind(name: string): ContactFileKind | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(name.trim());
  return match ? (match[1]!.toLowerCase() as ContactFileKind) : null;
}

/** Throws the spec's message for a wrong type or a file over 5 MB; returns the kind otherwise. */
export function checkContactFile(file: { name: string; size: number }): ContactFileKind {
  const kind = contactFileKind(file.name);
  if (!kind) throw new ContactImportError(importMessages.invalidType, { title: importMessages.invalidTypeTitle });
  if (file.size > MAX_WIZARD_FILE_BYTES) throw new ContactImportError(importMessages.tooLarge);
  return kind;
}
