// An imported record (one email column plus every other column, keyed by the
// normalised header) becomes a stored contact: the well-known columns fill
// first_name, last_name and company; all the others go to custom_fields.
import type { ContactInput } from "../contacts/contacts.schemas.ts";

const firstNameHeaders = ["first_name", "firstname", "first", "given_name", "fname"];
const lastNameHeaders = ["last_name", "lastname", "last", "surname", "family_name", "lname"];
const fullNameHeaders = ["full_name", "fullname", "name", "contact_name"];
const companyHeaders = ["company", "company_name", "organization", "organisation", "org"];

function pick(record: Record<string, string>, headers: string[]): [string, string] | undefined {
  for (const h of headers) {
    const value = record[h]?.trim();
    if (value) return [h, value];
  }
  return undefined;
}

export function toContactInput(record: Record<string, string>, emailColumn = "email"): ContactInput {
  const used = new Set<string>([emailColumn]);
  const take = (headers: string[]) => {
    const hit = pick(record, headers);
    if (hit) used.add(hit[0]);
    return hit?.[1];
  };
  let firstName = take(firstNameHeaders);
  let lastName = take(lastNameHeaders);
  if (!firstName && !lastName) {
    // "Jane van Dyke" → first "Jane", last "van Dyke"; the full name stays a custom field too.
    const full = pick(record, fullNameHeaders)?.[1];
    if (full) {
      const [first, ...rest] = full.split(/\s+/);
      firstName = first;
      lastName = rest.join(" ") || undefined;
    }
  }
  const company = take(companyHeaders);
  const customFields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!used.has(key) && value !== "") customFields[key] = value;
  }
  return {
    email: (record[emailColumn] ?? "").trim().toLowerCase(),
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    company: company ?? null,
    customFields,
  };
}
