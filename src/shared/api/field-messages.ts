// Every validation message names the field and the limit ("Company must be at
// most 300 characters."), for every shared schema at once: zod's own text
// ("Too big: expected string to have <=998 characters") reached users through
// the API's error body and through forms that show a schema's message. A rule
// with its own message (the spec's wording) keeps it; this map only fills in
// messages no schema wrote.
//
// Installed by setting zod's global config object directly (zod adopts
// globalThis.__zod_globalConfig, see src/web/lib/zod-jitless.ts), so the web
// entry chunk does not have to load zod to install it. Every entry point
// (server app, the import worker) calls installFieldMessages; the web build
// runs it wherever zod loads (src/web/lib/zod-with-field-messages.ts).
import type { $ZodRawIssue } from "zod/v4/core";

/** The forms' labels for field keys whose words differ from the key split at capitals. */
const LABELS: Record<string, string> = {
  email: "Email",
  firstName: "First Name",
  lastName: "Last Name",
  company: "Company",
  customFields: "Custom field",
  smtp: "SMTP",
  imap: "IMAP",
  url: "URL",
  webhookUrl: "Webhook URL",
};

/** "firstName" → "First Name", "redirect_uri" → "Redirect uri"; a known key gets its form label. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Value";
}

/** The label of an issue's path: its last named key ("contacts.3.company" → "Company"). */
export function pathLabel(path: readonly PropertyKey[] | undefined): string {
  const keys = (path ?? []).filter((k): k is string => typeof k === "string");
  const last = keys.at(-1);
  if (!last) return "Value";
  // A record's entry (customFields.linkedin) is named by its own key.
  return fieldLabel(last);
}

const count = (n: number | bigint, word: string) => `${n.toLocaleString("en-US")} ${n === 1 ? word : `${word}s`}`;

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  bigint: "a whole number",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "a valid email address",
  url: "a valid URL",
  uuid: "a valid id",
  datetime: "a date and time (ISO 8601)",
  date: "a date (YYYY-MM-DD)",
  time: "a time (HH:MM)",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  base64: "base64 text",
};

/** "Subject must be at most 998 characters." (for checks written by hand, worded as the schemas' are). */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${count(max, "character")}.`;

function tooBig(label: string, issue: { origin: string; maximum: number | bigint; inclusive?: boolean }): string {
  const { origin, maximum } = issue;
  const inclusive = issue.inclusive !== false;
  if (origin === "string") return tooLongMessage(label, Number(maximum));
  if (origin === "array" || origin === "set") return `${label} can have at most ${count(maximum, "item")}.`;
  if (origin === "file") return `${label} must be at most ${count(maximum, "byte")}.`;
  if (origin === "date") return `${label} must be on or before ${new Date(Number(maximum)).toISOString()}.`;
  return `${label} must be ${inclusive ? "at most" : "less than"} ${maximum.toLocaleString("en-US")}.`;
}

function tooSmall(label: string, issue: { origin: string; minimum: number | bigint; inclusive?: boolean }): string {
  const { origin, minimum } = issue;
  const inclusive = issue.inclusive !== false;
  if (origin === "string") {
    return Number(minimum) <= 1 ? `${label} is required.` : `${label} must be at least ${count(minimum, "character")}.`;
  }
  if (origin === "array" || origin === "set") return `${label} needs at least ${count(minimum, "item")}.`;
  if (origin === "file") return `${label} must be at least ${count(minimum, "byte")}.`;
  if (origin === "date") return `${label} must be on or after ${new Date(Number(minimum)).toISOString()}.`;
  return `${label} must be ${inclusive ? "at least" : "more than"} ${minimum.toLocaleString("en-US")}.`;
}

/** The message for an issue no schema gave a message of its own. */
export function fieldMessage(issue: $ZodRawIssue): string {
  const label = pathLabel(issue.path);
  switch (issue.code) {
    case "too_big":
      return tooBig(label, issue);
    case "too_small":
      return tooSmall(label, issue);
    case "invalid_type":
      if (issue.input === undefined) return `${label} is required.`;
      return `${label} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
    case "invalid_format":
      if (issue.format === "starts_with") return `${label} must start with "${String(issue.prefix)}".`;
      if (issue.format === "ends_with") return `${label} must end with "${String(issue.suffix)}".`;
      if (issue.format === "includes") return `${label} must include "${String(issue.includes)}".`;
      return `${label} must be ${FORMAT_NAMES[issue.format] ?? "in the right format"}.`;
    case "invalid_value": {
      const values = issue.values.map((v) => JSON.stringify(v));
      if (values.length === 1) return `${label} must be ${values[0]}.`;
      if (values.length <= 10) return `${label} must be one of ${values.join(", ")}.`;
      return `${label} is not one of the allowed values.`;
    }
    case "not_multiple_of":
      return `${label} must be a multiple of ${issue.divisor.toLocaleString("en-US")}.`;
    case "unrecognized_keys":
      return `Unknown ${issue.keys.length === 1 ? "field" : "fields"}: ${issue.keys.join(", ")}.`;
    case "invalid_key":
      return `${label} has a key that is not allowed.`;
    case "invalid_element":
      return `${label} has a value that is not allowed.`;
    case "invalid_union":
      return `${label} does not match any of the accepted forms.`;
    default:
      return `${label} is not valid.`;
  }
}

type ZodHost = { __zod_globalConfig?: { customError?: (issue: $ZodRawIssue) => string | undefined } };

/** Makes fieldMessage zod's default for every schema in this JavaScript realm (idempotent). */
export function installFieldMessages(): void {
  const host = globalThis as ZodHost;
  host.__zod_globalConfig ??= {};
  host.__zod_globalConfig.customError = fieldMessage;
}
