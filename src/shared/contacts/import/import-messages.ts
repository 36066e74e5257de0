// The contact import's limits and user-facing messages. The messages are the
// product's text (docs/product.md §9.4, §10.2), word for word, so the UI, the worker and the
// tests all use one copy.

/** Wizard upload limit: 5 MB, counted in binary megabytes. */
export const MAX_WIZARD_FILE_BYTES = 5 * 1024 * 1024;
/** Edit-campaign (and bulk) CSV limit: 10 MB. */
export const MAX_EDIT_CSV_BYTES = 10 * 1024 * 1024;
/** Rows kept from one file; the rest are left out and counted. */
export const MAX_IMPORT_ROWS = 10_000;
/** Rows shown in the wizard's preview table. */
export const PREVIEW_ROWS = 10;

export const importMessages = {
  invalidTypeTitle: "Invalid file type",
  uploadFailedTitle: "Upload failed",
  invalidType: "Please select a CSV or Excel file",
  tooLarge: "File too large. Maximum size is 5MB",
  csvEmpty: "CSV file is empty",
  csvHeaderOnly: "CSV file must contain at least one row of data besides headers",
  excelEmpty: "Excel file is empty",
  excelHeaderOnly: "Excel file must contain at least one row of data besides headers",
  excelNoHeaders: "No valid headers found in Excel file",
  noDataRows: "No valid data rows found",
  readFailed: "Failed to read file",
  excelReadFailed: "Failed to read Excel file",
  /** Not in the spec: every row lacked a usable address (the launch would reject them all). */
  noValidEmails: "No valid email addresses found in the file",
  /** Not in the spec: why one row was left out (issue 28), shown as "Row 7 · Email: No email address". */
  rowWithoutEmail: "No email address",
  rowInvalid: "Invalid value",
  rowDuplicate: (firstRow: number) => `Duplicate of row ${firstRow}`,
} as const;

export const editContactMessages = {
  emailRequired: "Email is required",
  bulkEmpty: "Please enter contact data",
  noValidContacts: "No valid contacts found",
  csvOnly: "Please upload a CSV file",
  csvTooLarge: "File size must be less than 10MB",
  noEmailColumn: 'No email column found. Please ensure your CSV has a column named "email", "e-mail", or similar.',
  noValidCsvEmails: "No valid emails found in the CSV file",
} as const;
