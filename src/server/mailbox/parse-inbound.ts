// Raw MIME → the plain InboundMessage the mailbox rules read (#shared/mailbox).
// Everything that comes out is safe to store and index (inbound-safety.ts):
// text cleaned and bounded, identifiers hashed past a length, the date
// plausible (else the time received), the MIME tree read as far as is safe.
import { type AddressObject, type HeaderValue, simpleParser } from "mailparser";
import type { InboundMessage } from "#shared/mailbox/inbound-message.ts";
import {
  boundedMime,
  boundedText,
  MAX_HEADER_CHARS,
  MAX_HTML_TO_TEXT_CHARS,
  MAX_NAME_CHARS,
  MAX_SUBJECT_CHARS,
  MAX_TEXT_CHARS,
  safeAddress,
  safeIdentifier,
  safeReferences,
  saneDate,
  saneReceivedAt,
} from "./inbound-safety.ts";

function addresses(value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list
    .flatMap((a) => a.value ?? [])
    .map((v) => ({ address: safeAddress(v.address), name: boundedText(v.name ?? "", MAX_NAME_CHARS) }));
}

function headerText(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(", ");
  if (value && typeof value === "object" && "text" in value) return String((value as { text: unknown }).text);
  if (value && typeof value === "object" && "value" in value) return String((value as { value: unknown }).value);
  return String(value ?? "");
}

/**
 * The parts of a delivery status notification the bounce rules read (RFC 3464,
 * and RFC 6533's internationalised forms), and a feedback report's fields
 * (RFC 5965: the spam complaint rules, #shared/mailbox/complaint-report.ts).
 */
const BOUNCE_PARTS = new Set([
  "message/delivery-status",
  "message/feedback-report",
  "message/global-delivery-status",
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/global-headers",
]);
/** A returned message can carry our whole email with attachments; its headers are what is needed. */
const MAX_PART_CHARS = 64 * 1024;

export type ParseOptions = {
  gmailThreadId?: string | null;
  /** When the mailbox received it (IMAP INTERNALDATE, Gmail internalDate, the capture store's time); default now. */
  receivedAt?: Date | null;
  now?: Date;
};

export async function parseInbound(raw: Buffer | string, extra: ParseOptions = {}): Promise<InboundMessage> {
  const bounded = boundedMime(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw);
  const parsed = await simpleParser(bounded.raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    // Without these, mailparser pours the delivery-status fields into the text and,
    // for an inline message/rfc822, the returned message's body too (losing its
    // Message-ID): the bounce rules need them as separate parts.
    keepDeliveryStatus: true,
    ignoreEmbedded: true,
    maxHtmlLengthToParse: MAX_HTML_TO_TEXT_CHARS,
  });
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    const key = boundedText(line.key, 100);
    // "__proto__" would set the record's prototype instead of a key.
    if (key === "__proto__") continue;
    const value = boundedText(line.line.slice(line.line.indexOf(":") + 1).trim(), MAX_HEADER_CHARS);
    headers[key] = headers[key] === undefined ? value : boundedText(`${headers[key]}\n${value}`, MAX_HEADER_CHARS);
  }
  for (const [key, value] of parsed.headers) {
    if (key !== "__proto__") headers[key] ??= boundedText(headerText(value), MAX_HEADER_CHARS);
  }
  const from = addresses(parsed.from)[0];
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? parsed.references.split(/\s+/).filter(Boolean)
      : [];
  const now = extra.now ?? new Date();
  const receivedAt = saneReceivedAt(extra.receivedAt, now);
  const date = parsed.date instanceof Date ? saneDate(parsed.date, receivedAt) : receivedAt;
  const message: InboundMessage = {
    messageId: safeIdentifier(parsed.messageId),
    inReplyTo: safeIdentifier(parsed.inReplyTo),
    references: safeReferences(references),
    from: from?.address ?? "",
    fromName: from?.name ?? "",
    to: [...addresses(parsed.to), ...addresses(parsed.cc)].map((a) => a.address).filter(Boolean),
    subject: boundedText(parsed.subject ?? "", MAX_SUBJECT_CHARS),
    date: date.toISOString(),
    headers,
    text: boundedText(parsed.text ?? "", MAX_TEXT_CHARS),
    html: typeof parsed.html === "string" ? boundedText(parsed.html, MAX_TEXT_CHARS) : null,
    parts: parsed.attachments
      .filter((a) => BOUNCE_PARTS.has(a.contentType.toLowerCase()))
      .map((a) => ({
        contentType: a.contentType.toLowerCase(),
        content: boundedText(a.content.subarray(0, MAX_PART_CHARS).toString("utf8"), MAX_PART_CHARS),
      })),
    gmailThreadId: extra.gmailThreadId ?? null,
  };
  return message;
}
