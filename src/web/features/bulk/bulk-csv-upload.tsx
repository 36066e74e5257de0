import { FileSpreadsheet, Trash2 } from "lucide-react";
import type { BulkColumn, BulkContact } from "#shared/bulk/bulk-csv.ts";
import { BULK_PREVIEW_ROWS } from "#shared/bulk/bulk-messages.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { FileDropZone } from "../contacts/file-drop-zone.tsx";

export type UploadedCsv = { fileName: string; contacts: BulkContact[]; columns: BulkColumn[]; skipped: number };

type BulkCsvUploadProps = {
  upload: UploadedCsv | null;
  reading: boolean;
  error: string | null;
  disabled?: boolean;
  onFile: (file: File) => void;
  onClear: () => void;
};

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${n === 1 ? word : `${word}s`}`;

export function BulkCsvUpload({ upload, reading, error, disabled, onFile, onClear }: BulkCsvUploadProps) {
  return (
    <div className="space-y-4">
      <FileDropZone
        accept=".csv,text/csv"
        label="CSV file"
        hint='A .csv file under 10MB with an "email" column. First name, last name and company columns are found by name; every other column is kept.'
        disabled={disabled || reading}
        onFile={onFile}
      >
        {reading ? <Spinner label="Reading your CSV file..." /> : undefined}
      </FileDropZone>
      <FieldError message={error} />
      {upload && <UploadSummary upload={upload} onClear={onClear} disabled={disabled} />}
    </div>
  );
}

function UploadSummary({
  upload,
  onClear,
  disabled,
}: {
  upload: UploadedCsv;
  onClear: () => void;
  disabled?: boolean;
}) {
  const { contacts, columns } = upload;
  const shown = contacts.slice(0, BULK_PREVIEW_ROWS);
  const more = contacts.length - shown.length;
  return (
    <section aria-labelledby="bulk-upload-summary" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border bg-muted/30 p-4">
        <div className="flex min-w-0 items-start gap-3">
          <FileSpreadsheet className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 space-y-1">
            <h3 id="bulk-upload-summary" className="font-medium text-sm">
              {plural(contacts.length, "contact")} ready
            </h3>
            <p className="truncate text-muted-foreground text-xs" title={upload.fileName}>
              {upload.fileName}
              {upload.skipped > 0 && ` · ${plural(upload.skipped, "row")} without a valid email or repeated, left out`}
            </p>
          </div>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
          <Trash2 aria-hidden /> Remove file
        </Button>
      </div>

      <div className="space-y-2">
        <h4 className="font-medium text-sm">Columns ({columns.length})</h4>
        <ul aria-label="CSV columns" className="flex flex-wrap gap-1.5">
          {columns.map((column) => (
            <li key={column.key}>
              <Badge variant={column.key === "email" ? "default" : "secondary"}>{column.header}</Badge>
            </li>
          ))}
        </ul>
      </div>

      <div className="space-y-2">
        <h4 className="font-medium text-sm">Preview</h4>
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="CSV preview">
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column.key}>{column.header}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((contact) => (
                <TableRow key={contact.email}>
                  {columns.map((column) => (
                    <TableCell key={column.key} className="max-w-56 truncate" title={contact[column.key]}>
                      {contact[column.key] ?? <span className="text-muted-foreground">—</span>}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {more > 0 && <p className="text-muted-foreground text-sm">... and {more.toLocaleString("en-US")} more rows</p>}
      </div>
    </section>
  );
}
