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
import { companyHeaders, firstNameHeaders, lastNameHeaders } from "../contacts/import/to-contact-input.ts";
import { type StepLike, type StepText, textsByOwner } from "./step-texts.ts";

/**
 * `{{ name }}`: letters, digits and underscores, spaces allowed around the
 * name; `{{ name | fallback }}` gives this use its own fallback (no braces or
 * line breaks in it; spaces around it are dropped; `{{name|}}` falls back to nothing).
 */
const TAG_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*(?:\|([^{}\n]*))?\}\}/g;

/** The tags every contact has, in the order the insert menu lists them. */
export const builtInMergeTags = ["firstName", "lastName", "email", "company"] as const;

/**
 * The import's other names for the built-in fields (to-contact-input.ts:
 * `organisation`, `company_name`, `fname`, …). The import stores such a column
 * in the field, not as a custom field, so a tag named as the CSV's header
 * ({{organisation}}) reads the field: the same value the contact page shows and
 * edits, never a second copy that an edit would leave behind.
 */
const aliasTags: ReadonlyMap<string, string> = new Map(
  (
    [
      ["firstName", firstNameHeaders],
      ["lastName", lastNameHeaders],
      ["company", companyHeaders],
    ] as const
  ).flatMap(([field, headers]) => headers.map((h) => [mergeTagKey(h), field] as const)),
);

/** The built-in field an import alias stands for ({{organisation}} → company), else null. */
export function aliasedField(name: string): string | null {
  const field = aliasTags.get(mergeTagKey(name));
  return field && mergeTagKey(field) !== mergeTagKey(name) ? field : null;
}

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
  /** A stored contact's id: what its spintax choices are picked by (spintax.ts). */
  id?: string;
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
  // After the columns: a CSV with both `company` and `organisation` keeps the
  // second as a column of its own, and its tag reads that column.
  for (const [alias, field] of aliasTags) {
    const value = values.get(mergeTagKey(field));
    if (value !== undefined && !values.has(alias)) values.set(alias, value);
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
  return text.replace(TAG_PATTERN, (_match, name: string, ownFallback: string | undefined) => {
    const key = mergeTagKey(name);
    if (key === BOOKING_LINK_KEY) {
      const url = context.get(key) ?? (options.mode === "preview" ? sampleBookingLink : "");
      if (!url) return "";
      const safe = escapeHtml(url);
      return options.format === "html" ? `<a href="${safe}">${safe}</a>` : url;
    }
    const value = context.get(key);
    if (value !== undefined) return escapeValue(value);
    // The use's own fallback wins over the settings' one, in previews too (it
    // is what the contact gets). It was written in the body itself, so in
    // rich text it is already HTML (the sanitiser runs after filling).
    if (ownFallback !== undefined) return ownFallback.trim();
    if (options.mode === "preview") return escapeValue(`[${name}]`);
    // {{organisation}} without a value takes the company's fallback unless it has one of its own.
    const field = aliasedField(name);
    return escapeValue(
      fallbackFor(key, options.fallbacks) || (field ? fallbackFor(mergeTagKey(field), options.fallbacks) : ""),
    );
  });
}

/**
 * Every use of a tag (any spelling) renamed, each keeping its own fallback:
 * the editor's 'Use {{first_name}}' for a did-you-mean.
 */
export function replaceMergeTag(text: string, name: string, replacement: string): string {
  const key = mergeTagKey(name);
  return text.replace(TAG_PATTERN, (whole, used: string, fallback: string | undefined) =>
    mergeTagKey(used) === key ? `{{${replacement}${fallback === undefined ? "" : `|${fallback}`}}}` : whole,
  );
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
  const known = new Set(knownMergeTags(columns).map(mergeTagKey));
  return listMergeTags(text).filter((name) => !known.has(mergeTagKey(name)));
}

/**
 * The tags a campaign with these imported columns can fill: built-ins,
 * bookingLink, the columns, and the import's other names for the built-ins
 * ({{organisation}}, {{fname}}: they read the field).
 */
export function knownMergeTags(columns: readonly string[]): string[] {
  return [...suggestableMergeTags(columns), ...aliasTags.keys()];
}

/** What a 'did you mean' offers: the known tags but the aliases, so a typo is pointed at the field's own name. */
function suggestableMergeTags(columns: readonly string[]): string[] {
  return [...builtInMergeTags, bookingLinkTag, ...columns.filter((c) => c.trim())];
}

/**
 * The names that fill a tag in a campaign, besides the built-ins: its
 * contacts' custom-field keys (every contact's, as stored or as the wizard
 * will store them) and the user's fallback tags (settings: a tag with a
 * fallback is filled for every contact). The editor's check (wizard and Edit
 * Campaign) and the launch's both take this list, so they accept the same tags.
 */
export function mergeTagColumns(
  customFieldKeys: Iterable<string>,
  fallbacks: Record<string, string> | null | undefined,
): string[] {
  const names = [...customFieldKeys, ...Object.entries(fallbacks ?? {}).flatMap(([n, v]) => (v.trim() ? [n] : []))];
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = mergeTagKey(name);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Edit distance (insert, delete, substitute one character), two rows of the table. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitute));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * The known tag an unknown one was probably meant to be: the nearest by edit
 * distance of their canonical keys, within a third of the name's length (at
 * least 1), else none. A built-in is written as the user writes tags: snake
 * case when the unknown one has an underscore ({{frist_name}} → {{first_name}}).
 */
export function suggestMergeTag(name: string, columns: readonly string[]): string | null {
  const key = mergeTagKey(name);
  const limit = Math.max(1, Math.floor(key.length / 3));
  let best: { name: string; distance: number } | null = null;
  for (const known of suggestableMergeTags(columns)) {
    const distance = levenshtein(key, mergeTagKey(known));
    if (distance <= limit && (!best || distance < best.distance)) best = { name: known, distance };
  }
  if (!best) return null;
  const builtIn = (builtInMergeTags as readonly string[]).includes(best.name) || best.name === bookingLinkTag;
  return builtIn && name.includes("_") ? camelToSnake(best.name) : best.name;
}

/** An unknown tag with its suggestion, as the editor and the launch say it. */
export type UnknownMergeTag = { name: string; suggestion: string | null };

/** The unknown tags of a text, each with its 'did you mean'. */
export function unknownMergeTagsWithSuggestions(text: string, columns: readonly string[]): UnknownMergeTag[] {
  return findUnknownMergeTags(text, columns).map((name) => ({ name, suggestion: suggestMergeTag(name, columns) }));
}

/** The unknown tags of some texts of a step (one variant's: step-texts.ts), each once, with its 'did you mean'. */
export function unknownTagsOfTexts(texts: readonly Pick<StepText, "text">[], columns: readonly string[]) {
  return unknownMergeTagsWithSuggestions(texts.map((t) => t.text).join("\n"), columns);
}

/** ' Did you mean {{first_name}}?' or nothing. */
export function didYouMean(tag: UnknownMergeTag): string {
  return tag.suggestion ? ` Did you mean ${mergeTagToken(tag.suggestion)}?` : "";
}

/**
 * 'Step 2 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?'
 * ('Step 2, variant B uses …' for a variant's texts), one per unknown tag of
 * each step and variant (subject, then body): the review step's issues and the
 * launch's refusal.
 */
export function unknownMergeTagIssues(steps: readonly StepLike[], columns: readonly string[]): string[] {
  return textsByOwner(steps).flatMap(({ owner, texts }) =>
    unknownTagsOfTexts(texts, columns).map(
      (tag) =>
        `${owner} uses an unknown merge tag ${mergeTagToken(tag.name)}${tag.suggestion ? `.${didYouMean(tag)}` : ""}`,
    ),
  );
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
