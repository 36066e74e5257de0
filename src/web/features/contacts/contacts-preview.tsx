import { MailIcon, XIcon } from "lucide-react";
import { PREVIEW_ROWS } from "#shared/contacts/import/import-messages.ts";
import type { ImportedRecord } from "#shared/contacts/import/rows-to-contacts.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";

type ContactsPreviewProps = {
  contacts: ImportedRecord[];
  fields: string[];
  emailColumn: string;
  onRemove: (index: number) => void;
};

/** The first 10 imported contacts, every imported column, each row removable. */
export function ContactsPreview({ contacts, fields, emailColumn, onRemove }: ContactsPreviewProps) {
  const shown = contacts.slice(0, PREVIEW_ROWS);
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground text-sm">
        Showing the first {shown.length} of{" "}
        <span className="font-medium text-foreground">{contacts.length.toLocaleString("en-US")}</span>{" "}
        {contacts.length === 1 ? "contact" : "contacts"}
      </p>
      <div className="rounded-md border">
        <Table aria-label="Contact preview">
          <TableHeader>
            <TableRow>
              {fields.map((field) => (
                <TableHead
                  key={field}
                  title={field === emailColumn ? "Email addresses are read from this column" : undefined}
                >
                  <span className="inline-flex items-center gap-1.5">
                    {field === emailColumn && <MailIcon aria-hidden className="size-3.5 text-primary" />}
                    {field}
                  </span>
                </TableHead>
              ))}
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((contact, index) => {
              const email = contact[emailColumn] ?? "";
              return (
                // Rows have no id; the address is unique within an import (repeats are left out).
                <TableRow key={email}>
                  {fields.map((field) => (
                    <TableCell key={field} className="max-w-56 truncate" title={contact[field]}>
                      {contact[field] ?? <span className="text-muted-foreground">—</span>}
                    </TableCell>
                  ))}
                  <TableCell>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${email}`}
                      title={`Remove ${email}`}
                      onClick={() => onRemove(index)}
                    >
                      <XIcon aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

export function ImportedFields({ fields, emailColumn }: { fields: string[]; emailColumn: string }) {
  return (
    <section aria-labelledby="imported-fields-title" className="space-y-2">
      <h3 id="imported-fields-title" className="font-medium text-sm">
        Imported fields
      </h3>
      <ul className="flex flex-wrap gap-2" aria-label="Imported fields">
        {fields.map((field) => (
          <li key={field}>
            <Badge variant={field === emailColumn ? "default" : "outline"}>{field}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
