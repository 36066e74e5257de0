import { DownloadIcon, FileSpreadsheetIcon, InfoIcon } from "lucide-react";
import { ACCEPTED_CONTACT_FILES } from "#shared/contacts/import/file-check.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ContactsPreview, ImportedFields } from "../../../contacts/contacts-preview.tsx";
import { downloadSampleCsv } from "../../../contacts/download-sample.ts";
import { FileDropZone } from "../../../contacts/file-drop-zone.tsx";
import { importNotices } from "../../../contacts/import-notices.ts";
import { SkippedRowsReport } from "../../../contacts/skipped-rows-report.tsx";
import { useContactFileImport } from "../../../contacts/use-contact-file-import.ts";
import type { StepProps } from "../wizard-draft.ts";

/** Step 3: upload a CSV or Excel contact list and check what was read (docs/product.md §9.4). */
export function UploadStep({ draft, update }: StepProps) {
  const { state, importFile } = useContactFileImport({
    onStart: () =>
      update({
        contacts: [],
        importedFields: [],
        fileName: null,
        emailColumn: "email",
        removedDuplicates: [],
        selectedColumns: ["email"],
      }),
    onImported: (result, fileName) =>
      update({
        contacts: result.contacts,
        importedFields: result.fields,
        fileName,
        emailColumn: result.emailColumn,
        removedDuplicates: [],
        // The address column is always carried; the user picks the others in Detect Emails.
        selectedColumns: [result.emailColumn],
      }),
  });
  const processing = state.status === "processing";
  const notices = state.status === "imported" ? importNotices(state.result) : [];

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Upload Contact List</h2>
          </CardTitle>
          <CardDescription>
            A CSV or Excel file (.csv, .xlsx, .xls) of at most 5MB. The first row holds the column names; one column
            holds the email addresses.
          </CardDescription>
          <CardAction>
            <Button variant="outline" onClick={downloadSampleCsv}>
              <DownloadIcon aria-hidden /> Download Sample CSV
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="space-y-4">
          <FileDropZone
            accept={ACCEPTED_CONTACT_FILES}
            label="Contact list file"
            hint="Drag and drop your file here, or choose one."
            disabled={processing}
            onFile={(file) => void importFile(file)}
          >
            {processing ? <Spinner label="Uploading Your Contact List..." size="base" className="py-6" /> : undefined}
          </FileDropZone>
          {state.status === "failed" && (
            <div className="space-y-1">
              <FieldError message={state.failure.message} />
              {state.failure.detail && <p className="text-muted-foreground text-sm">{state.failure.detail}</p>}
            </div>
          )}
          {notices.length > 0 && (
            <div role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
              <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0 space-y-1">
                {notices.map((notice) => (
                  <p key={notice}>{notice}</p>
                ))}
                {state.status === "imported" && <SkippedRowsReport rows={state.result.skippedRows} />}
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      {draft.contacts.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="flex items-center gap-2">
                <FileSpreadsheetIcon aria-hidden className="size-4" />
                {draft.fileName ?? "Imported contacts"}
              </h3>
            </CardTitle>
            <CardDescription>
              {draft.contacts.length.toLocaleString("en-US")} {draft.contacts.length === 1 ? "contact" : "contacts"}{" "}
              ready for duplicate detection. Remove any you do not want to contact.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <ContactsPreview
              contacts={draft.contacts}
              fields={draft.importedFields}
              emailColumn={draft.emailColumn}
              onRemove={(index) => update((d) => ({ contacts: d.contacts.filter((_, i) => i !== index) }))}
            />
            <ImportedFields fields={draft.importedFields} emailColumn={draft.emailColumn} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
