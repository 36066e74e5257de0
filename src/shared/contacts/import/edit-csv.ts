// Edit campaign → Add Contacts → Bulk Import → CSV upload
// (docs/product.md §10.2): a .csv up to 10 MB with an email-like column;
// first name, last name and company found by header; every other column kept
// as a custom field; addresses lower-cased, checked and de-duplicated.
// Parsed with the same RFC 4180 reader as the wizard (quoted commas work).
import { type ContactInput, contactInputSchema } from "../contacts.schemas.ts";
import { parseCsv } from "./csv-parse.ts";
import { decodeTextFile } from "./decode-text.ts";
import { uniqueHeaders } from "./headers.ts";
import { ContactImportError } from "./import-error.ts";
import { editContactMessages, importMessages, MAX_EDIT_CSV_BYTES } from "./import-messages.ts";
import { isBlankRow } from "./rows-to-contacts.ts";
import { toContactInput } from "./to-contact-input.ts";

export type EditCsvResult = { contacts: ContactInput[]; emailColumn: string; skipped: number };

/** Throws the spec's message for a non-.csv name or a file over 10 MB. */
export function checkEditCsvFile(file: { name: string; size: number }): void {
  if (!file.name.trim().toLowerCase().endsWith(".csv")) throw new ContactImportError(editContactMessages.csvOnly);
  if (file.size > MAX_EDIT_CSV_BYTES) throw new ContactImportError(editContactMessages.csvTooLarge);
}

/** The first header that says email ('email', 'e_mail', 'work_email', 'mail'), exact 'email' first. */
function emailLikeColumn(headers: readonly string[]): string | undefined {
  return (
    headers.find((h) => h === "email" || h === "e_mail") ??
    headers.find((h) => h.includes("email") || h.includes("e_mail")) ??
    headers.find((h) => h.includes("mail"))
  );
}

export function parseEditCsv(file: { name: string; size: number }, bytes: Uint8Array): EditCsvResult {
  checkEditCsvFile(file);
  if (bytes.byteLength > MAX_EDIT_CSV_BYTES) throw new ContactImportError(editContactMessages.csvTooLarge);
  const rows = parseCsv(decodeTextFile(bytes)).filter((row) => !isBlankRow(row));
  const [header, ...data] = rows;
  if (!header) throw new ContactImportError(importMessages.csvEmpty);
  const fields = uniqueHeaders(header);
  const emailColumn = emailLikeColumn(fields);
  if (!emailColumn) throw new ContactImportError(editContactMessages.noEmailColumn);

  const contacts: ContactInput[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const row of data) {
    const record: Record<string, string> = {};
    fields.forEach((field, i) => {
      const value = row[i]?.trim();
      if (value) record[field] = value;
    });
    const parsed = contactInputSchema.safeParse(toContactInput(record, emailColumn));
    if (!record[emailColumn]?.includes("@") || !parsed.success || seen.has(parsed.data.email)) {
      skipped++;
      continue;
    }
    seen.add(parsed.data.email);
    contacts.push(parsed.data);
  }
  if (contacts.length === 0) throw new ContactImportError(editContactMessages.noValidCsvEmails);
  return { contacts, emailColumn, skipped };
}
