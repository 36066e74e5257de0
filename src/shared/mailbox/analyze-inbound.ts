// What an inbound message is: a bounce, an auto-reply, an unsubscribe request
// or a reply, with its class for Email Classification. Each decision names the
// rule that made it. The order is the precedence:
//   1. bounce (a delivery report, by format: #shared/mailbox/bounce-report.ts);
//   2. auto-reply (headers, subject, machine sentences: ./auto-reply.ts), except
//      the "unsubscribe" mail a client sends for the person (List-Unsubscribe mailto);
//   3. unsubscribe request (in the writer's own words: ./unsubscribe-request.ts);
//   4. reply, classified (./classify-reply.ts).
import type { ReplyClass } from "../db-enums.ts";
import { detectAutoReply, detectPersonLeft } from "./auto-reply.ts";
import { detectBounce, noticeText } from "./bounce-report.ts";
import { classifyReply } from "./classify-reply.ts";
import type { InboundAnalysis, InboundMessage } from "./inbound-message.ts";
import { ownText } from "./quoted-text.ts";
import { unsubscribeSubject } from "./unsubscribe-request.ts";

/**
 * Classes that only a person writes. An out-of-office sentence alone (no
 * header, no subject) is taken for an auto-reply unless the text also shows one
 * of these: "I'm on holiday until Monday, but let's schedule a call after" is a
 * person answering.
 */
const HUMAN_INTENT: ReadonlySet<ReplyClass> = new Set([
  "interested",
  "meeting_request",
  "not_interested",
  "unsubscribe_request",
]);

export function analyzeInbound(msg: InboundMessage): InboundAnalysis {
  const bounce = detectBounce(msg);
  if (bounce?.outcome === "failed") {
    const { report } = bounce;
    const why = [
      report.status,
      `${report.category.replace(/_/g, " ")} (${report.reason.replace(/_/g, " ")})`,
      report.hard ? "hard" : "soft",
    ].filter(Boolean);
    return {
      kind: "bounce",
      content: noticeText(msg),
      replyClass: "bounce",
      classRule: `${bounce.rule}: ${why.join(", ")}`,
      stopsSequence: false,
      bounce: report,
    };
  }
  if (bounce?.outcome === "notice") {
    // "Still trying" and success reports: the send is not failed, and nobody replied.
    return {
      kind: "auto_reply",
      content: noticeText(msg),
      replyClass: "other",
      classRule: `${bounce.rule}: delivery ${bounce.action}, not a failure`,
      stopsSequence: false,
      bounce: null,
    };
  }

  const content = ownText(msg.text);
  // A client's own Unsubscribe button mails "unsubscribe" for the person, looking automatic.
  const listUnsubscribe = unsubscribeSubject(msg.subject);
  if (listUnsubscribe) {
    return {
      kind: "unsubscribe",
      content,
      replyClass: "unsubscribe_request",
      classRule: listUnsubscribe,
      stopsSequence: false,
      bounce: null,
    };
  }
  const reply = classifyReply({ subject: msg.subject, text: content });
  const auto = detectAutoReply(msg, content);
  const left = detectPersonLeft(content);
  const automatic = auto && (auto.decisive || !HUMAN_INTENT.has(reply.replyClass));
  if (automatic || left?.mailboxUnread) {
    // "Has left" / "no longer monitored": not a reply, but the address is dead, so the sequence stops.
    const rules = [automatic ? auto.rule : null, left?.rule].filter(Boolean);
    return {
      kind: "auto_reply",
      content,
      replyClass: left ? "wrong_person" : "out_of_office",
      classRule: rules.join("; "),
      stopsSequence: left !== null,
      bounce: null,
    };
  }
  return {
    kind: reply.replyClass === "unsubscribe_request" ? "unsubscribe" : "reply",
    content,
    replyClass: reply.replyClass,
    classRule: reply.classRule,
    stopsSequence: false,
    bounce: null,
  };
}
