import { SAMPLE_CONTACTS_CSV, SAMPLE_CONTACTS_FILE_NAME } from "#shared/contacts/import/sample-contacts.ts";

/** Saves sample-contacts.csv through a temporary link (no server round trip). */
export function downloadSampleCsv(): void {
  // The byte-order mark makes Excel open the file as UTF-8.
  const blob = new Blob(["\uFEFF", SAMPLE_CONTACTS_CSV], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = SAMPLE_CONTACTS_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
