// The Deliverability screen's texts (docs/product.md §13), one copy for the
// server, the screen and the tests.
import { BULK_VERIFY_LIMIT } from "./verification.schemas.ts";

/** The verification CSV must be under 10 MB (as the other CSV uploads). */
export const MAX_VERIFY_CSV_BYTES = 10 * 1024 * 1024;

export const verificationMessages = {
  enterEmail: "Please enter an email address",
  enterValidEmails: "Please enter valid email addresses",
  bulkLimit: `Please limit bulk verification to ${BULK_VERIFY_LIMIT} emails at a time`,
  noEmails: "No emails to verify",
  uploadFailed: "Failed to upload CSV file",
  processFailed: "Failed to process CSV file",
  uploaded: "CSV file uploaded successfully",
  found: (n: number) => `Found ${n} valid email(s) in CSV`,
  verified: (n: number) => `Verified ${n} emails`,
  verifiedResult: (result: string) => `Email verified: ${result}`,
  verifyFailed: "Failed to verify email",
  bulkError: "An error occurred during bulk verification",
  csvError: "An error occurred during CSV email verification",
  /** The screen's own check of the file name (as the other CSV uploads). */
  uploadCsv: "Please upload a CSV file",
};

/** Bulk input keeps the lines (entries) that contain an @, trimmed. */
export function bulkEmails(lines: readonly string[]): string[] {
  return lines.map((l) => l.trim()).filter((l) => l.includes("@"));
}

/**
 * The addresses of a parsed CSV: the "email" column's (header matched
 * case-insensitively) when there is one, else every cell that contains an @.
 */
export function csvEmails(rows: readonly string[][]): string[] {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const column = header.findIndex((h) => h === "email" || h === "e-mail" || h === "email address");
  const cells = column >= 0 ? rows.slice(1).map((r) => r[column] ?? "") : rows.flat();
  return bulkEmails(cells);
}
