// An imported record (one email column plus every other column, keyed by the
// normalised header) becomes a stored contact: the well-known columns fill
// first_name, last_name, company and the time zone; all the others go to
// custom_fields (and so become merge tags).
import type { ContactInput } from "../contacts.schemas.ts";

export const firstNameHeaders = ["first_name", "firstname", "first", "given_name", "fname"];
export const lastNameHeaders = ["last_name", "lastname", "last", "surname", "family_name", "lname"];
const fullNameHeaders = ["full_name", "fullname", "name", "contact_name"];
export const companyHeaders = ["company", "company_name", "organization", "organisation", "org"];
/** "Time Zone", "time-zone" and "TZ" normalise to these. */
const timeZoneHeaders = ["timezone", "time_zone", "tz"];

/** For each contact field, the record key its value came from (so a refused value can name its column). */
export type ContactInputSources = Partial<Record<"email" | "firstName" | "lastName" | "company" | "timezone", string>>;

function pick(record: Record<string, string>, headers: string[]): [string, string] | undefined {
  for (const h of headers) {
    const value = record[h]?.trim();
    if (value) return [h, value];
  }
  return undefined;
}

export function toContactInputWithSources(
  record: Record<string, string>,
  emailColumn = "email",
): { input: ContactInput; sources: ContactInputSources } {
  const sources: ContactInputSources = { email: emailColumn };
  const used = new Set<string>([emailColumn]);
  const take = (field: "firstName" | "lastName" | "company" | "timezone", headers: string[]) => {
    const hit = pick(record, headers);
    if (hit) {
      used.add(hit[0]);
      sources[field] = hit[0];
    }
    return hit?.[1];
  };
  let firstName = take("firstName", firstNameHeaders);
  let lastName = take("lastName", lastNameHeaders);
  if (!firstName && !lastName) {
    // "Jane van Dyke" → first "Jane", last "van Dyke"; the full name stays a custom field too.
    const full = pick(record, fullNameHeaders);
    if (full) {
      const [first, ...rest] = full[1].split(/\s+/);
      firstName = first;
      lastName = rest.join(" ") || undefined;
      sources.firstName = full[0];
      sources.lastName = full[0];
    }
  }
  const company = take("company", companyHeaders);
  const timezone = take("timezone", timeZoneHeaders);
  const customFields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!used.has(key) && value !== "") customFields[key] = value;
  }
  return {
    input: {
      email: (record[emailColumn] ?? "").trim().toLowerCase(),
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      company: company ?? null,
      // As written: the schema refuses a bad one (naming the column), the insert stores it normalised.
      ...(timezone ? { timezone } : {}),
      customFields,
    },
    sources,
  };
}

export function toContactInput(record: Record<string, string>, emailColumn = "email"): ContactInput {
  return toContactInputWithSources(record, emailColumn).input;
}
