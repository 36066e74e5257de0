// Merge tags: {{firstName}}, {{lastName}}, {{email}}, {{company}} and any
// imported column by its normalised header ({{job_title}}). People write the
// same tag several ways ({{first_name}}, {{ FirstName }}), so a tag is matched
// by a canonical key: lower case, without underscores or spaces.
//
// {{bookingLink}} is not a contact field: it is the contact's personal link to
// the campaign's scheduling link (a token that proves who books, made at send
// time: docs/decisions/018-personal-booking-links.md). It is a link in HTML
// and the URL in plain text; no imported column can fill it.
import type { ContactInput } from "../contacts/contacts.schemas.ts";

/** `{{ name }}`: letters, digits and underscores, spaces allowed around the name. */
const TAG_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The tags every contact has, in the order the insert menu lists them. */
export const builtInMergeTags = ["firstName", "lastName", "email", "company"] as const;

/** The personal booking link's tag (the campaign's scheduling link, signed for each contact). */
export const bookingLinkTag = "bookingLink";
const BOOKING_LINK_KEY = "bookinglink";

/** What previews show for {{bookingLink}}: a sample, as the real one is made for each contact when sent. */
export const sampleBookingLink = "https://coldreach.example/schedule/sample00?t=personal-token";

/** first_name, firstName, FIRST NAME → "firstname". */
export function mergeTagKey(name: string): string {
  return name.replace(/[\s_]+/g, "").toLowerCase();
}

/** The text to insert for a tag name. */
export function mergeTagToken(name: string): string {
  return `{{${name}}}`;
}

/** Values by canonical key. Missing or blank values are simply absent. */
export type MergeContext = ReadonlyMap<string, string>;

/** The contact fields merge tags read; a stored Contact has the same shape. */
export type MergeContact = Pick<ContactInput, "email" | "firstName" | "lastName" | "company"> & {
  customFields?: Record<string, string> | null;
};

export function mergeContextFromContact(contact: MergeContact): MergeContext {
  const values = new Map<string, string>();
  const put = (name: string, value: string | null | undefined) => {
    const key = mergeTagKey(name);
    // The well-known fields win over an imported column that normalises to the same key.
    if (value?.trim() && !values.has(key)) values.set(key, value);
  };
  put("firstName", contact.firstName);
  put("lastName", contact.lastName);
  put("email", contact.email);
  put("company", contact.company);
  for (const [name, value] of Object.entries(contact.customFields ?? {})) {
    // An imported "booking link" column must not pass for the personal link.
    if (mergeTagKey(name) !== BOOKING_LINK_KEY) put(name, value);
  }
  return values;
}

/** The context with the contact's personal booking link (send time) for {{bookingLink}}. */
export function withBookingLink(context: MergeContext, url: string): MergeContext {
  return new Map(context).set(BOOKING_LINK_KEY, url);
}

/** Whether a text uses {{bookingLink}} (any spelling). */
export function usesBookingLink(text: string): boolean {
  return listMergeTags(text).some((name) => mergeTagKey(name) === BOOKING_LINK_KEY);
}

export type RenderOptions = {
  /**
   * preview: a missing value shows as [tagName], so the user sees what is unfilled.
   * send: a missing value takes the user's fallback (settings, keyed by snake_case
   * names such as first_name), else nothing.
   */
  mode: "preview" | "send";
  /** html escapes substituted values; text inserts them as they are. */
  format: "text" | "html";
  /** Fallback values from settings (send mode only). */
  fallbacks?: Record<string, string>;
};

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch]!);
}

function fallbackFor(key: string, fallbacks: Record<string, string> | undefined): string {
  if (!fallbacks) return "";
  for (const [name, value] of Object.entries(fallbacks)) {
    if (mergeTagKey(name) === key) return value;
  }
  return "";
}

export function renderMergeTags(text: string, context: MergeContext, options: RenderOptions): string {
  const escapeValue = options.format === "html" ? escapeHtml : (s: string) => s;
  return text.replace(TAG_PATTERN, (_match, name: string) => {
    const key = mergeTagKey(name);
    if (key === BOOKING_LINK_KEY) {
      const url = context.get(key) ?? (options.mode === "preview" ? sampleBookingLink : "");
      if (!url) return "";
      const safe = escapeHtml(url);
      return options.format === "html" ? `<a href="${safe}">${safe}</a>` : url;
    }
    const value = context.get(key);
    if (value !== undefined) return escapeValue(value);
    if (options.mode === "preview") return escapeValue(`[${name}]`);
    return escapeValue(fallbackFor(key, options.fallbacks));
  });
}

/** The tag names used in a text, as first written, without repeats (by canonical key). */
export function listMergeTags(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const match of text.matchAll(TAG_PATTERN)) {
    const name = match[1]!;
    const key = mergeTagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/**
 * Tags in `text` that neither a built-in field nor one of `columns` (the
 * imported headers) can fill: every contact would get the fallback or nothing.
 */
export function findUnknownMergeTags(text: string, columns: readonly string[]): string[] {
  const known = new Set([...builtInMergeTags, bookingLinkTag, ...columns].map(mergeTagKey));
  return listMergeTags(text).filter((name) => !known.has(mergeTagKey(name)));
}

/**
 * The insert menu: firstName, lastName, email, each imported column not
 * already covered (the email column is {{email}}; first_name is {{firstName}}),
 * then bookingLink.
 */
export function insertableMergeTags(columns: readonly string[], emailColumn = "email"): string[] {
  const tags: string[] = ["firstName", "lastName", "email"];
  const seen = new Set([...tags, emailColumn, bookingLinkTag].map(mergeTagKey));
  for (const column of columns) {
    const key = mergeTagKey(column);
    if (!column.trim() || seen.has(key)) continue;
    seen.add(key);
    tags.push(column);
  }
  tags.push(bookingLinkTag);
  return tags;
}
