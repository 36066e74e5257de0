// Edit campaign → Add Contacts → Bulk Import, typed or pasted: one contact per
// line as "email, first_name, last_name, company". Lines without an address
// are skipped; commas after the third field belong to the company
// ("Acme, Inc.").
import { type ContactInput, contactInputSchema } from "../contacts.schemas.ts";
import { ContactImportError } from "./import-error.ts";
import { editContactMessages } from "./import-messages.ts";

export const BULK_TEXT_FORMAT = "email, first_name, last_name, company";

export type BulkTextResult = { contacts: ContactInput[]; skipped: number };

const orNull = (value: string | undefined) => (value ? value : null);

export function parseBulkText(text: string): BulkTextResult {
  if (text.trim() === "") throw new ContactImportError(editContactMessages.bulkEmpty);
  const contacts: ContactInput[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (line.trim() === "") continue;
    const [email = "", firstName, lastName, ...company] = line.split(",").map((part) => part.trim());
    const parsed = contactInputSchema.safeParse({
      email: email.toLowerCase(),
      firstName: orNull(firstName),
      lastName: orNull(lastName),
      company: orNull(company.filter(Boolean).join(", ")),
      customFields: {},
    });
    if (!email.includes("@") || !parsed.success || seen.has(parsed.data.email)) {
      skipped++;
      continue;
    }
    seen.add(parsed.data.email);
    contacts.push(parsed.data);
  }
  if (contacts.length === 0) throw new ContactImportError(editContactMessages.noValidContacts);
  return { contacts, skipped };
}
