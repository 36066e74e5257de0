// Spam complaints: a mailbox provider's feedback report (RFC 5965, the Abuse
// Reporting Format of the providers' feedback loops) saying a recipient
// marked one of our messages as spam. A multipart/report whose report-type is
// feedback-report, with a machine-readable message/feedback-report part
// (Feedback-Type, Original-Rcpt-To…) and the reported message, or its
// headers, attached. Only Feedback-Type "abuse" (a person pressed "this is
// spam") is a complaint: "auth-failure" (RFC 6591, DMARC failure reports),
// "not-spam", "virus", "fraud" and "other" are not about the recipient's wish.
import type { InboundMessage } from "./inbound-message.ts";

export type ComplaintReport = {
  /** The Message-ID of the reported message, from the attached copy. */
  originalMessageId: string | null;
  /** The address that complained, when the report gives it (Original-Rcpt-To, often redacted). */
  recipient: string | null;
};

const FEEDBACK_REPORT_TYPE = /^multipart\/report\b[\s\S]*?\breport-type\s*=\s*"?feedback-report\b/i;
const FEEDBACK_PART = "message/feedback-report";
const REPORTED_PART_TYPES = new Set([
  "message/rfc822",
  "text/rfc822-headers",
  "message/global",
  "message/global-headers",
]);
const MESSAGE_ID = /^message-id:\s*(<[^>\s]+>)/im;

/** The report's fields (header syntax), names lower-cased, folded lines unfolded. */
function fieldsOf(content: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of content
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    fields[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return fields;
}

/** The Message-ID in a header block (the part before the first blank line). */
function messageIdIn(content: string): string | null {
  const head = content.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)[0] ?? "";
  return MESSAGE_ID.exec(head)?.[1] ?? null;
}

/** The complaint a message reports, or null when it is not a spam complaint. */
export function detectComplaint(msg: InboundMessage): ComplaintReport | null {
  if (!FEEDBACK_REPORT_TYPE.test(msg.headers["content-type"] ?? "")) return null;
  const feedback = msg.parts.find((p) => p.contentType === FEEDBACK_PART);
  if (!feedback) return null;
  const fields = fieldsOf(feedback.content);
  if ((fields["feedback-type"] ?? "").toLowerCase() !== "abuse") return null;
  let originalMessageId: string | null = null;
  for (const part of msg.parts) {
    if (REPORTED_PART_TYPES.has(part.contentType)) originalMessageId ??= messageIdIn(part.content);
  }
  const rcpt = (fields["original-rcpt-to"] ?? "").replace(/^.*;/, "").trim().replace(/^<|>$/g, "").toLowerCase();
  return { originalMessageId, recipient: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(rcpt) ? rcpt : null };
}
