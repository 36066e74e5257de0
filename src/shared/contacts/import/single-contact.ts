// Edit campaign → Add Contacts → Single Contact: the form's values → one
// ContactInput, or a message per field. Email is required; the rest optional.
import { type ContactInput, contactInputSchema } from "../contacts.schemas.ts";

export type SingleContactValues = {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  /** "" for none: the user's zone applies. */
  timezone?: string;
};

export type SingleContactResult =
  | { ok: true; contact: ContactInput }
  | { ok: false; errors: Partial<Record<keyof SingleContactValues, string>> };

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

export function parseSingleContact(values: SingleContactValues): SingleContactResult {
  const parsed = contactInputSchema.safeParse({
    email: values.email.trim().toLowerCase(),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    company: orNull(values.company),
    ...(values.timezone?.trim() ? { timezone: values.timezone.trim() } : {}),
    customFields: {},
  });
  if (parsed.success) return { ok: true, contact: parsed.data };
  const errors: Partial<Record<keyof SingleContactValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SingleContactValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
