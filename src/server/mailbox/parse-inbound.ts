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

const BOUNCE_PARTS = new Set(["message/delivery-status", "message/rfc822", "text/rfc822-headers"]);

/**
 * mailparser reads a message/delivery-status part as text and merges it into
 * the body; the bounce rules want it as its own part, so it is cut out of the
 * raw message (up to the next MIME boundary line).
 */
function deliveryStatusPart(raw: string): string | null {
  const m =
    /^content-type:\s*message\/(?:global-)?delivery-status[^\n]*\n(?:[ \t][^\n]*\n)*(?:[^\n]+\n)*?\r?\n([\s\S]*?)^--/im.exec(
      raw,
    );
  return m?.[1] ?? null;
}

export async function parseInbound(raw: Buffer | string, extra: { gmailThreadId?: string | null } = {}) {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
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
  const parts = parsed.attachments
    .filter((a) => BOUNCE_PARTS.has(a.contentType.toLowerCase()))
    .map((a) => ({ contentType: a.contentType.toLowerCase(), content: a.content.toString("utf8") }));
  if (
    /multipart\/report/i.test(headers["content-type"] ?? "") &&
    !parts.some((p) => p.contentType === "message/delivery-status")
  ) {
    const status = deliveryStatusPart(typeof raw === "string" ? raw : raw.toString("utf8"));
    if (status !== null) parts.push({ contentType: "message/delivery-status", content: status });
  }
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
    parts,
    gmailThreadId: extra.gmailThreadId ?? null,
  };
  return message;
}
