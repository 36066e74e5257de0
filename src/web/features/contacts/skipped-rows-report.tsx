// Which rows the import left out and why (issue 28): the first ten as
// "Row 12 · First Name: First Name must be at most 200 characters.", and the
// whole list as a CSV, made in the browser, when there are more.
import { DownloadIcon } from "lucide-react";
import type { SkippedRow } from "#shared/contacts/import/rows-to-contacts.ts";
import { SKIPPED_ROWS_FILE_NAME, skippedRowsCsv } from "#shared/contacts/import/skipped-rows-csv.ts";
import { Button } from "#web/components/ui/button.tsx";

const SHOWN = 10;

export function skippedRowText(row: SkippedRow): string {
  return `Row ${row.row.toLocaleString("en-US")} · ${row.column}: ${row.reason}`;
}

function downloadSkippedRows(rows: readonly SkippedRow[]): void {
  const blob = new Blob([skippedRowsCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = SKIPPED_ROWS_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function SkippedRowsReport({ rows }: { rows: readonly SkippedRow[] }) {
  if (rows.length === 0) return null;
  const count = `${rows.length.toLocaleString("en-US")} ${rows.length === 1 ? "row" : "rows"} skipped`;
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium">{rows.length > SHOWN ? `${count}; the first ${SHOWN}:` : `${count}:`}</p>
      <ul aria-label="Skipped rows" className="list-disc space-y-0.5 pl-5 break-words">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.row}>{skippedRowText(row)}</li>
        ))}
      </ul>
      {rows.length > SHOWN && (
        <Button type="button" variant="outline" size="sm" onClick={() => downloadSkippedRows(rows)}>
          <DownloadIcon aria-hidden /> Download skipped rows
        </Button>
      )}
    </div>
  );
}
