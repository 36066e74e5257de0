// Email in Bulk → CSV upload (docs/product.md §12):
// a .csv under 10 MB whose header has an email-like column; first name, last
// name and company columns found by header; a row is kept when its email
// contains @ and is not a repeat (case-insensitive); the email is lowercased;
// every other column is kept, keyed by its lowercased header.
//
// The spec's system split each line on commas and stripped quotes, which
// breaks on "Acme, Inc." and on quoted line breaks. This uses the project's
// RFC 4180 reader instead (quoted fields, doubled quotes, any line ending,
// a byte-order mark, semicolon or tab exports, UTF-16 and Windows-1252 files).
import { parseCsv } from "../contacts/import/csv-parse.ts";
import { decodeTextFile } from "../contacts/import/decode-text.ts";
import { ContactImportError } from "../contacts/import/import-error.ts";
import { importMessages } from "../contacts/import/import-messages.ts";
import { isBlankRow } from "../contacts/import/rows-to-contacts.ts";
import { bulkMessages, MAX_BULK_CSV_BYTES } from "./bulk-messages.ts";

/**
 * A contact as the bulk payload carries it: email, and when the file has them
 * firstName, lastName and company, plus every other non-empty column.
 */
export type BulkContact = { email: string } & Record<string, string>;

/** One column of the file: its header as written and the contact key its values go to. */
export type BulkColumn = { header: string; key: string };

export type BulkCsvResult = {
  contacts: BulkContact[];
  /** Every column in file order (the upload summary lists them; the preview shows them). */
  columns: BulkColumn[];
  /** Non-blank data rows left out: no @ in the email, or an address already listed. */
  skipped: number;
};

/** Throws the spec's message for a name not ending in .csv, or a file of 10 MB or more. */
export function checkBulkCsvFile(file: { name: string; size: number }): void {
  if (!file.name.trim().toLowerCase().endsWith(".csv")) throw new ContactImportError(bulkMessages.csvOnly);
  if (file.size >= MAX_BULK_CSV_BYTES) throw new ContactImportError(bulkMessages.csvTooLarge);
}

const compact = (header: string) => header.replace(/[^\p{L}\p{N}]+/gu, "");
const words = (header: string) => header.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The email column: exactly "email", then one containing email or e-mail, then one containing mail. */
function findEmailColumn(headers: readonly string[]): number {
  const exact = headers.findIndex((h) => h === "email" || h === "e-mail");
  if (exact >= 0) return exact;
  const email = headers.findIndex((h) => h.includes("email") || h.includes("e-mail"));
  return email >= 0 ? email : headers.findIndex((h) => h.includes("mail"));
}

const isFirstName = (h: string) =>
  ["firstname", "first", "fname", "givenname", "forename"].includes(compact(h)) ||
  (h.includes("first") && h.includes("name"));
const isLastName = (h: string) =>
  ["lastname", "last", "lname", "surname", "familyname"].includes(compact(h)) ||
  (h.includes("last") && h.includes("name"));
const isCompany = (h: string) =>
  h.includes("company") || h.includes("organization") || h.includes("organisation") || words(h).includes("org");

/** Which contact key each column fills: email, firstName, lastName, company, or its lowercased header. */
export function bulkColumns(rawHeaders: readonly string[]): BulkColumn[] {
  const headers = rawHeaders.map((h) => h.trim().toLowerCase());
  const emailIndex = findEmailColumn(headers);
  if (emailIndex < 0) throw new ContactImportError(bulkMessages.noEmailColumn);
  const taken = new Set<number>([emailIndex]);
  const pick = (test: (h: string) => boolean) => {
    const index = headers.findIndex((h, i) => !taken.has(i) && test(h));
    if (index >= 0) taken.add(index);
    return index;
  };
  const special = new Map<number, string>([[emailIndex, "email"]]);
  special.set(pick(isFirstName), "firstName");
  special.set(pick(isLastName), "lastName");
  special.set(pick(isCompany), "company");
  special.delete(-1);

  const used = new Set(special.values());
  return rawHeaders.map((raw, i) => {
    const known = special.get(i);
    if (known) return { header: raw.trim(), key: known };
    // Other columns are keyed by their lowercased header; a blank or repeated one gets a position suffix.
    let key = headers[i] || `column_${i + 1}`;
    if (used.has(key)) key = `${key}_${i + 1}`;
    used.add(key);
    return { header: raw.trim() || `Column ${i + 1}`, key };
  });
}

/** The rows of a parsed file (header first) → the bulk contacts. */
export function rowsToBulkContacts(rows: readonly string[][]): BulkCsvResult {
  const [header, ...data] = rows.filter((row) => !isBlankRow(row));
  if (!header) throw new ContactImportError(importMessages.csvEmpty);
  const columns = bulkColumns(header);
  const contacts: BulkContact[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const row of data) {
    const contact: BulkContact = { email: "" };
    columns.forEach((column, i) => {
      const value = row[i]?.trim();
      if (value) contact[column.key] = value;
    });
    const email = contact.email.toLowerCase();
    if (!email.includes("@") || seen.has(email)) {
      skipped++;
      continue;
    }
    seen.add(email);
    contact.email = email;
    contacts.push(contact);
  }
  if (contacts.length === 0) throw new ContactImportError(bulkMessages.noValidEmails);
  return { contacts, columns, skipped };
}

/** Checks the file, reads its bytes as text and returns the contacts, or throws the message to show. */
export function parseBulkCsv(file: { name: string; size: number }, bytes: Uint8Array): BulkCsvResult {
  checkBulkCsvFile(file);
  if (bytes.byteLength >= MAX_BULK_CSV_BYTES) throw new ContactImportError(bulkMessages.csvTooLarge);
  return rowsToBulkContacts(parseCsv(decodeTextFile(bytes)));
}
