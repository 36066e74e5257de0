// Edit campaign → Contacts → Add Contacts: one contact by hand, or many from
// pasted lines or a CSV file (docs/product.md §10.2).
import { type FormEvent, useState } from "react";
import type { ContactInput } from "#shared/contacts/contacts.schemas.ts";
import { BULK_TEXT_FORMAT, parseBulkText } from "#shared/contacts/import/bulk-text.ts";
import { checkEditCsvFile } from "#shared/contacts/import/edit-csv.ts";
import { ContactImportError, toImportFailure } from "#shared/contacts/import/import-error.ts";
import { parseSingleContact, type SingleContactValues } from "#shared/contacts/import/single-contact.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { SearchableSelect } from "#web/components/ui/searchable-select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useZoneOptions } from "./contact-time-zone.tsx";
import { FileDropZone } from "./file-drop-zone.tsx";
import { isAbortError, parseInWorker } from "./parse-in-worker.ts";
import { type AddContactsOutcome, useAddContacts, useContactZoneCounts } from "./use-campaign-contacts.ts";

const emptySingle: SingleContactValues = { email: "", firstName: "", lastName: "", company: "", timezone: "" };

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${n === 1 ? word : `${word}s`}`;

function reportBulkResult(outcome: AddContactsOutcome, skippedInInput: number) {
  const notes = [
    outcome.skippedDuplicates > 0 && `${plural(outcome.skippedDuplicates, "contact")} already in this campaign`,
    skippedInInput > 0 && `${plural(skippedInInput, "line")} without a valid email skipped`,
  ].filter(Boolean);
  const description = notes.length > 0 ? `${notes.join("; ")}.` : undefined;
  if (outcome.added === 0) toast.info("No new contacts added", { description });
  else toast.success(`Added ${outcome.added.toLocaleString("en-US")} contacts successfully`, { description });
}

function errorText(err: unknown): string | undefined {
  return err instanceof ApiError ? err.message : undefined;
}

export function AddContactsPanel({ campaignId }: { campaignId: string }) {
  return (
    <Tabs defaultValue="single" className="rounded-lg border p-4">
      <TabsList>
        <TabsTrigger value="single">Single Contact</TabsTrigger>
        <TabsTrigger value="bulk">Bulk Import</TabsTrigger>
      </TabsList>
      <TabsContent value="single" className="pt-2">
        <SingleContactForm campaignId={campaignId} />
      </TabsContent>
      <TabsContent value="bulk" className="pt-2">
        <BulkImport campaignId={campaignId} />
      </TabsContent>
    </Tabs>
  );
}

function SingleContactForm({ campaignId }: { campaignId: string }) {
  const add = useAddContacts(campaignId);
  const [values, setValues] = useState(emptySingle);
  const [errors, setErrors] = useState<Partial<Record<keyof SingleContactValues, string>>>({});
  const zoneOptions = useZoneOptions(useContactZoneCounts(campaignId).data?.userZone);
  const field = (name: keyof SingleContactValues) => ({
    id: `add-contact-${name}`,
    value: values[name] ?? "",
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `add-contact-${name}-error` : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseSingleContact(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    try {
      const outcome = await add.mutateAsync([parsed.contact]);
      if (outcome.added === 0) {
        toast.info("Contact already in this campaign", { description: parsed.contact.email });
        return;
      }
      toast.success("Contact added successfully");
      setValues(emptySingle);
    } catch (err) {
      toast.error("Failed to add contact", { description: errorText(err) });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="add-contact-email" label="Email *" error={errors.email}>
        <Input
          type="email"
          autoComplete="off"
          placeholder="jane@company.com"
          aria-required="true"
          {...field("email")}
        />
      </FormField>
      <FormField id="add-contact-company" label="Company" error={errors.company}>
        <Input autoComplete="off" {...field("company")} />
      </FormField>
      <FormField id="add-contact-firstName" label="First Name" error={errors.firstName}>
        <Input autoComplete="off" {...field("firstName")} />
      </FormField>
      <FormField id="add-contact-lastName" label="Last Name" error={errors.lastName}>
        <Input autoComplete="off" {...field("lastName")} />
      </FormField>
      <FormField
        id="add-contact-timezone"
        label="Time zone"
        hint="The sending window applies on the contact's clock."
        error={errors.timezone}
      >
        <SearchableSelect
          id="add-contact-timezone"
          label="Time zone"
          value={values.timezone ?? ""}
          options={zoneOptions}
          onChange={(timezone) => setValues((v) => ({ ...v, timezone }))}
          invalid={Boolean(errors.timezone)}
          describedBy={errors.timezone ? "add-contact-timezone-error" : "add-contact-timezone-hint"}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding..." : "Add Contact"}
        </Button>
      </div>
    </form>
  );
}

function BulkImport({ campaignId }: { campaignId: string }) {
  const add = useAddContacts(campaignId);
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const busy = reading || add.isPending;

  async function addAll(contacts: ContactInput[], skipped: number): Promise<boolean> {
    try {
      reportBulkResult(await add.mutateAsync(contacts), skipped);
      return true;
    } catch (err) {
      toast.error("Failed to add contacts", { description: errorText(err) });
      return false;
    }
  }

  async function importText() {
    setTextError(null);
    let parsed: ReturnType<typeof parseBulkText>;
    try {
      parsed = parseBulkText(text);
    } catch (err) {
      const message = toImportFailure(err).message;
      setTextError(message);
      toast.error(message);
      return;
    }
    if (await addAll(parsed.contacts, parsed.skipped)) setText("");
  }

  async function importCsv(file: File) {
    setCsvError(null);
    try {
      checkEditCsvFile(file);
      setReading(true);
      const parsed = await parseInWorker({ kind: "edit-csv", file });
      setReading(false);
      await addAll(parsed.contacts, parsed.skipped);
    } catch (err) {
      setReading(false);
      if (isAbortError(err)) return;
      const failure = err instanceof ContactImportError ? err.toFailure() : toImportFailure(err);
      setCsvError(failure.detail ? `${failure.message}. ${failure.detail}` : failure.message);
      toast.error(failure.title, { description: failure.message });
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Label htmlFor="bulk-contacts">Contacts, one per line</Label>
        <p id="bulk-contacts-format" className="text-muted-foreground text-xs">
          Format: {BULK_TEXT_FORMAT}
        </p>
        <Textarea
          id="bulk-contacts"
          rows={6}
          className="font-mono"
          placeholder={"jane@acme.com, Jane, Doe, Acme\njohn@globex.com, John, Smith, Globex"}
          aria-describedby="bulk-contacts-format"
          aria-invalid={textError ? true : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <FieldError message={textError} />
        <Button onClick={() => void importText()} disabled={busy}>
          {add.isPending && !reading ? "Adding..." : "Import Contacts"}
        </Button>
      </div>
      <div className="space-y-2">
        <p className="font-medium text-sm">Or upload a CSV file</p>
        <FileDropZone
          accept=".csv"
          label="CSV file"
          hint='A .csv file of at most 10MB with an "email" column. First name, last name, company and time zone columns are found by name; other columns are kept.'
          disabled={busy}
          onFile={(file) => void importCsv(file)}
        >
          {busy ? <Spinner label={reading ? "Reading your CSV file..." : "Adding contacts..."} /> : undefined}
        </FileDropZone>
        <FieldError message={csvError} />
      </div>
    </div>
  );
}
