// Raw MIME → the plain InboundMessage the mailbox rules read (#shared/mailbox).
import { type AddressObject, type HeaderValue, simpleParser } from "mailparser";
import type { InboundMessage } from "#shared/mailbox/inbound-message.ts";

function addresses(value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value).map((v) => ({ address: (v.address ?? "").toLowerCase(), name: v.name ?? "" }));
}

function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(", ");
  if (value && typeof value === "object" && "text" in value) return String((value as { text: unknown }).text);
  if (value && typeof value === "object" && "value" in value) return String((value as { value: unknown }).value);
  return String(value ?? "");
}

/**
 * The parts of a delivery status notification the bounce rules read (RFC 3464,
 * and RFC 6533's internationalised forms).
 */
const BOUNCE_PARTS = new Set([
  "message/delivery-status",
  "message/global-delivery-status",
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/global-headers",
]);
/** A returned message can carry our whole email with attachments; its headers are what is needed. */
const MAX_PART_CHARS = 64 * 1024;

export async function parseInbound(raw: Buffer | string, extra: { gmailThreadId?: string | null } = {}) {
  const parsed = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    // Without these, mailparser pours the delivery-status fields into the text and,
    // for an inline message/rfc822, the returned message's body too (losing its
    // Message-ID): the bounce rules need them as separate parts.
    keepDeliveryStatus: true,
    ignoreEmbedded: true,
  });
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    const value = line.line.slice(line.line.indexOf(":") + 1).trim();
    headers[line.key] = headers[line.key] === undefined ? value : `${headers[line.key]}\n${value}`;
  }
  for (const [key, value] of parsed.headers) headers[key] ??= headerText(value);
  const from = addresses(parsed.from)[0];
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? parsed.references.split(/\s+/).filter(Boolean)
      : [];
  const message: InboundMessage = {
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo?.trim() || null,
    references,
    from: from?.address ?? "",
    fromName: from?.name ?? "",
    to: [...addresses(parsed.to), ...addresses(parsed.cc)].map((a) => a.address),
    subject: parsed.subject ?? "",
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    headers,
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    parts: parsed.attachments
      .filter((a) => BOUNCE_PARTS.has(a.contentType.toLowerCase()))
      .map((a) => ({
        contentType: a.contentType.toLowerCase(),
        content: a.content.subarray(0, MAX_PART_CHARS).toString("utf8"),
      })),
    gmailThreadId: extra.gmailThreadId ?? null,
  };
  return message;
}
