// What the user is told about rows that were not imported. The spec truncates
// silently; a user importing 12,345 rows must learn that 2,345 were left out.
import type { ContactImportResult } from "#shared/contacts/import/rows-to-contacts.ts";

const count = (n: number) => n.toLocaleString("en-US");
const rows = (n: number) => `${count(n)} ${n === 1 ? "row" : "rows"}`;

export function importNotices(result: Pick<ContactImportResult, "contacts" | "truncated" | "skipped">): string[] {
  const notices: string[] = [];
  if (result.truncated > 0) {
    const available = result.contacts.length + result.truncated;
    notices.push(
      `${count(result.contacts.length)} of ${count(available)} contacts imported: a file can hold at most ${count(result.contacts.length)}. Split the file to import the other ${count(result.truncated)}.`,
    );
  }
  const { missingEmail, invalid, duplicate } = result.skipped;
  const reasons = [
    missingEmail > 0 && `${rows(missingEmail)} without an email address`,
    invalid > 0 && `${rows(invalid)} with an invalid email address or value`,
    duplicate > 0 && `${rows(duplicate)} repeating an earlier address`,
  ].filter((r): r is string => Boolean(r));
  if (reasons.length > 0) notices.push(`Left out: ${reasons.join(", ")}.`);
  return notices;
}
