// The 'Download skipped rows' file: one record per left-out row, written with
// the Contacts export's CSV rules (quoting, formula-looking cells made text:
// the values come from the user's file and may be hostile).
import { CSV_BOM, csvRecord } from "../contacts-csv.ts";
import type { SkippedRow } from "./rows-to-contacts.ts";

export const SKIPPED_ROWS_FILE_NAME = "skipped-rows.csv";

export function skippedRowsCsv(rows: readonly SkippedRow[]): string {
  return (
    CSV_BOM +
    csvRecord(["row", "column", "reason", "value"]) +
    rows.map((r) => csvRecord([r.row, r.column, r.reason, r.value])).join("")
  );
}
