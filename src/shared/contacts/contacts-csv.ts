// CSV export of the Contacts page: RFC 4180 records (CRLF, fields quoted when
// they hold a comma, a quote or a line break, quotes doubled), with cells that
// a spreadsheet would run as a formula (= + - @, tab, carriage return first)
// prefixed with a single quote so they are shown as text (CSV injection).

import type { DirectoryContact } from "../contact-directory/contact-directory.schemas.ts";
import { leadStatusLabels } from "../lead-status/lead-status-rules.ts";
import { contactEmailStatusLabels } from "../reporting/display-status.ts";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field. Text that starts like a formula gets a leading '; numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, terminated by CRLF. */
export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** The spreadsheet programs' hint that the file is UTF-8 (Excel reads names with accents wrongly without it). */
export const CSV_BOM = "\uFEFF";

export const contactCsvHeader = [
  "Contact",
  "Email",
  "Company",
  "Campaigns",
  "Email Status",
  "Lead Status",
  "Emails Sent",
  "Opened",
  "Failed",
  "Replied",
  "Added",
] as const;

export function contactName(contact: Pick<DirectoryContact, "firstName" | "lastName">): string {
  return [contact.firstName, contact.lastName].filter((part) => part?.trim()).join(" ");
}

export function contactCsvRecord(contact: DirectoryContact): string {
  return csvRecord([
    contactName(contact),
    contact.email,
    contact.company,
    contact.campaigns.map((c) => c.name).join("; "),
    contactEmailStatusLabels[contact.emailStatus],
    // A suggestion the user has not confirmed says so: a CRM import should not take it as theirs.
    `${leadStatusLabels[contact.leadStatus.status]}${contact.leadStatus.suggested ? " (suggested)" : ""}`,
    contact.sent,
    contact.opened,
    contact.failed,
    contact.repliedAt,
    contact.addedAt,
  ]);
}

/** A whole file: BOM, header, one record per contact. The server streams the same pieces. */
export function contactsCsv(contacts: readonly DirectoryContact[]): string {
  return CSV_BOM + csvRecord(contactCsvHeader) + contacts.map(contactCsvRecord).join("");
}

/** contacts-2026-11-23.csv (the UTC date of the export). */
export function contactsCsvFileName(now: Date): string {
  return `contacts-${now.toISOString().slice(0, 10)}.csv`;
}
