// A header row and data rows (from CSV or Excel) → the imported contacts.
// Shared by both file kinds so they cannot drift apart.
import { contactInputSchema } from "../contacts.schemas.ts";
import { detectEmailColumn } from "./email-column.ts";
import { uniqueHeaders } from "./headers.ts";
import { ContactImportError } from "./import-error.ts";
import { importMessages, MAX_IMPORT_ROWS } from "./import-messages.ts";
import { toContactInputWithSources } from "./to-contact-input.ts";

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
  /** Each left-out row, in file order: where it is and why (issue 28: "which rows were dropped and why"). */
  skippedRows: SkippedRow[];
};

/** A row left out of the import. */
export type SkippedRow = {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  /** The file's header of the column at fault. */
  column: string;
  /** The field's message ("First Name must be at most 200 characters."), "No email address", "Duplicate of row 4". */
  reason: string;
  /** The refused cell, cut to SKIPPED_VALUE_MAX characters (a 10,000-character cell is not carried around). */
  value: string;
};

export const SKIPPED_VALUE_MAX = 200;

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
  /** The file row number of dataRows[0] (blank rows included, so numbers match the file). */
  firstRowNumber = 2,
): ContactImportResult {
  const fields = uniqueHeaders(headerRow);
  // The header as the file spells it; a blank one by its generated key (column_3).
  const columnName = (field: string) => {
    const i = fields.indexOf(field);
    return headerRow[i]?.trim() || field;
  };
  const records: { record: ImportedRecord; row: number }[] = [];
  const hasAt = new Set<string>();
  dataRows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const record: ImportedRecord = {};
    for (let i = 0; i < fields.length; i++) {
      const value = row[i]?.trim() ?? "";
      if (value === "") continue;
      const field = fields[i]!;
      record[field] = value;
      if (value.includes("@")) hasAt.add(field);
    }
    records.push({ record, row: firstRowNumber + index });
  });
  const emailColumn = detectEmailColumn(fields, (h) => hasAt.has(h));

  const skipped: ImportSkips = { missingEmail: 0, invalid: 0, duplicate: 0 };
  const skippedRows: SkippedRow[] = [];
  const skip = (row: number, field: string, reason: string, value: string | undefined) =>
    skippedRows.push({ row, column: columnName(field), reason, value: (value ?? "").slice(0, SKIPPED_VALUE_MAX) });
  const firstRowOf = new Map<string, number>();
  const valid: ImportedRecord[] = [];
  for (const { record, row } of records) {
    const email = record[emailColumn];
    if (!email) {
      skipped.missingEmail++;
      skip(row, emailColumn, importMessages.rowWithoutEmail, "");
      continue;
    }
    const { input, sources } = toContactInputWithSources(record, emailColumn);
    const parsed = contactInputSchema.safeParse(input);
    const earlier = firstRowOf.get(email.toLowerCase());
    if (!parsed.success) {
      skipped.invalid++;
      // The first issue names the row's fault; its path leads back to the column.
      const issue = parsed.error.issues[0];
      const [key, entry] = issue?.path ?? [];
      const field =
        key === "customFields" && typeof entry === "string"
          ? entry
          : (sources[key as keyof typeof sources] ?? emailColumn);
      skip(row, field, issue?.message ?? importMessages.rowInvalid, record[field]);
    } else if (earlier !== undefined) {
      skipped.duplicate++;
      skip(row, emailColumn, importMessages.rowDuplicate(earlier), email);
    } else {
      firstRowOf.set(email.toLowerCase(), row);
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
    skippedRows,
  };
}
