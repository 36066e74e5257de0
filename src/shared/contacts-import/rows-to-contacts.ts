// A header row and data rows (from CSV or Excel) → the imported contacts.
// Shared by both file kinds so they cannot drift apart.
import { contactInputSchema } from "../contacts/contacts.schemas.ts";
import { detectEmailColumn } from "./email-column.ts";
import { uniqueHeaders } from "./headers.ts";
import { ContactImportError } from "./import-error.ts";
import { importMessages, MAX_IMPORT_ROWS } from "./import-messages.ts";
import { toContactInput } from "./to-contact-input.ts";

/** One imported row: only its non-empty cells, keyed by normalised header. */
export type ImportedRecord = Record<string, string>;

export type ContactImportResult = {
  contacts: ImportedRecord[];
  /** Normalised headers in file order. */
  fields: string[];
  emailColumn: string;
  /** Non-blank data rows in the file. */
  totalRows: number;
  /** Valid rows left out beyond MAX_IMPORT_ROWS ("10,000 of 12,345 imported"). */
  truncated: number;
  /** Rows left out because the launch would refuse them. */
  skipped: ImportSkips;
};

export type ImportSkips = {
  /** The address cell is empty. */
  missingEmail: number;
  /** The address, or another value, fails the API's contact rules (e.g. "not an email"). */
  invalid: number;
  /** The address repeats an earlier row's, case-insensitively. */
  duplicate: number;
};

export function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === "");
}

/**
 * Builds records from the rows: cells trimmed, empty cells left out, short
 * rows read as if padded with empty cells, cells beyond the last header
 * dropped (they have no name to be stored under).
 *
 * Rows whose address is missing, that the API would refuse (checked with the
 * same schema the launch request uses) or whose address repeats are counted
 * and left out: sending to them is impossible or a duplicate email, and one of
 * them would make the whole launch request fail validation.
 */
export function rowsToContacts(
  headerRow: readonly string[],
  dataRows: readonly (readonly string[])[],
): ContactImportResult {
  const fields = uniqueHeaders(headerRow);
  const records: ImportedRecord[] = [];
  const hasAt = new Set<string>();
  for (const row of dataRows) {
    if (isBlankRow(row)) continue;
    const record: ImportedRecord = {};
    for (let i = 0; i < fields.length; i++) {
      const value = row[i]?.trim() ?? "";
      if (value === "") continue;
      const field = fields[i]!;
      record[field] = value;
      if (value.includes("@")) hasAt.add(field);
    }
    records.push(record);
  }
  const emailColumn = detectEmailColumn(fields, (h) => hasAt.has(h));

  const skipped: ImportSkips = { missingEmail: 0, invalid: 0, duplicate: 0 };
  const seen = new Set<string>();
  const valid: ImportedRecord[] = [];
  for (const record of records) {
    const email = record[emailColumn];
    if (!email) {
      skipped.missingEmail++;
    } else if (!contactInputSchema.safeParse(toContactInput(record, emailColumn)).success) {
      skipped.invalid++;
    } else if (seen.has(email.toLowerCase())) {
      skipped.duplicate++;
    } else {
      seen.add(email.toLowerCase());
      valid.push(record);
    }
  }
  if (valid.length === 0) {
    throw new ContactImportError(importMessages.noValidEmails, {
      detail: `No row has a valid address in the "${emailColumn}" column.`,
    });
  }
  return {
    contacts: valid.slice(0, MAX_IMPORT_ROWS),
    fields,
    emailColumn,
    totalRows: records.length,
    truncated: Math.max(0, valid.length - MAX_IMPORT_ROWS),
    skipped,
  };
}
