// The automation webhook URL (Settings): empty (Coldreach sends bulk emails
// itself) or an absolute http(s) address. Whether its host may be reached is
// the server's decision at send time (it resolves the name).

export const MAX_WEBHOOK_URL_CHARS = 2048;

export const webhookUrlMessages = {
  invalid: "Enter a full address starting with http:// or https://, or leave the field empty.",
  tooLong: `The webhook URL is limited to ${MAX_WEBHOOK_URL_CHARS.toLocaleString("en-US")} characters.`,
} as const;

/** The parsed URL when `value` is an absolute http(s) URL with a host, else null. */
export function parseWebhookUrl(value: string): URL | null {
  const trimmed = value.trim();
  // "http:host" parses too; a full address spells out the slashes.
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname) return null;
  return url;
}

/** The problem with a webhook URL field, or null ("" is allowed: no webhook). */
export function webhookUrlError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  if (trimmed.length > MAX_WEBHOOK_URL_CHARS) return webhookUrlMessages.tooLong;
  return parseWebhookUrl(trimmed) ? null : webhookUrlMessages.invalid;
}

/** What the bulk screen names as the destination: the host (and port), never credentials or path. */
export function webhookHost(value: string): string | null {
  return parseWebhookUrl(value)?.host ?? null;
}
