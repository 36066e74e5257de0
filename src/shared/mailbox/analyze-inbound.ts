// What an inbound message is: a bounce, an auto-reply, an unsubscribe request
// or a reply, with its class for Email Classification. Each decision names the
// rule that made it.
import type { InboundAnalysis, InboundMessage } from "./inbound-message.ts";

// (A first, small version of the rules: the full ones, with their multilingual
// phrases and the bounce formats of the common servers, are in this folder's
// other modules as they are written.)

export function analyzeInbound(msg: InboundMessage): InboundAnalysis {
  const h = msg.headers;
  const text = msg.text;
  const base = { content: text.trim(), stopsSequence: false, bounce: null };
  const report = msg.parts.find((p) => p.contentType === "message/delivery-status");
  if (report) {
    const status = /^Status:\s*([245]\.\d{1,3}\.\d{1,3})/im.exec(report.content)?.[1] ?? null;
    const recipient = /^Final-Recipient:\s*rfc822;\s*(\S+)/im.exec(report.content)?.[1]?.toLowerCase() ?? null;
    const diagnostic = /^Diagnostic-Code:\s*smtp;\s*(.+)$/im.exec(report.content)?.[1]?.trim() ?? "";
    const returned = msg.parts.find(
      (p) => p.contentType === "message/rfc822" || p.contentType === "text/rfc822-headers",
    );
    const originalMessageId = returned ? (/^Message-ID:\s*(<[^>]+>)/im.exec(returned.content)?.[1] ?? null) : null;
    return {
      ...base,
      kind: "bounce",
      replyClass: "bounce",
      classRule: "delivery status report",
      bounce: {
        recipient,
        status,
        diagnostic,
        hard: !status?.startsWith("4"),
        category: status === "5.1.1" ? "invalid_address" : "bounced",
        originalMessageId,
      },
    };
  }
  const auto = (h["auto-submitted"] ?? "").toLowerCase();
  if (auto.startsWith("auto-replied") || h["x-autoreply"] || h["x-autorespond"]) {
    return { ...base, kind: "auto_reply", replyClass: "out_of_office", classRule: "header: Auto-Submitted" };
  }
  if (/\b(unsubscribe|remove me)\b/i.test(text)) {
    return { ...base, kind: "unsubscribe", replyClass: "unsubscribe_request", classRule: "phrase: unsubscribe" };
  }
  return { ...base, kind: "reply", replyClass: "other", classRule: "no rule matched" };
}
