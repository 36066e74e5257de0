// Why a delivery failed, from what the SMTP server (or the socket) said: the
// reason a user can act on (email_sends.failure_reason), the failure category
// it is filed under for the statistics and the inbox, and whether the failure
// is permanent (fail the send) or temporary (retry with backoff). Pure data and
// functions, so the rules can be read and unit-tested reply by reply; the same
// rules read the bounces that come back to the mailboxes
// (#shared/mailbox/bounce-report.ts).
//
// Sources: RFC 5321 reply codes, RFC 3463 / RFC 5248 enhanced status codes, and
// the wording of the servers and providers in the bounce corpus. The three are
// read together, in this order of trust (docs/decisions/028-bounce-reasons.md):
//   1. a reply code that only ever means our own login (530, 534, 535, 538);
//   2. a full mailbox, or our own sender refused, in the text, whatever the code
//      (neither may be taken for an address that does not exist);
//   3. an enhanced status code exact enough to decide (5.1.1, 5.2.2, 5.7.20, …:
//      ./enhanced-status-reasons.ts);
//   4. the text (./diagnostic-text-reasons.ts), because the broad codes (5.7.1,
//      5.0.0, 5.2.1, 550, 554) say little and the words say why;
//   5. the broad code's own meaning, then the bare reply code's.
// The class (4 or 5) decides permanence, except that a rate limit or quota is
// always temporary: it lifts with time, so failing every remaining contact for
// it would be wrong.
import type { FailureCategory, FailureReason } from "../db-enums.ts";
import { foldDiagnostic, MAILBOX_FULL, reasonFromText, SENDER_REFUSED, saysSpam } from "./diagnostic-text-reasons.ts";
import { enhancedCodeMeaning, refusesSenderDomain } from "./enhanced-status-reasons.ts";
import { reasonCategories } from "./failure-reason-category.ts";

/** What a failed delivery attempt reported (nodemailer's error fields, or a parsed reply). */
export type SmtpFailure = {
  /** nodemailer's or the system's error code: EENVELOPE, EAUTH, ECONNECTION, ETIMEDOUT, ECONNREFUSED, … */
  code?: string;
  /** The reply code, e.g. 550. */
  responseCode?: number;
  /** The server's reply, e.g. "550 5.1.1 <x@y>: Recipient address rejected". */
  response?: string;
  /** The error message; searched when there is no reply (connection errors). */
  message?: string;
};

export type FailureClassification = {
  category: FailureCategory;
  reason: FailureReason;
  permanent: boolean;
  /** The enhanced status code found in the reply, e.g. "5.1.1". */
  enhancedCode?: string;
};

/**
 * "class.subject.detail" (RFC 3463) anywhere in a reply: "550 5.1.1 …",
 * "550-5.7.1 …", "smtp; 550 #5.1.0 …". An IP address ("10.5.1.1") is not one.
 */
const ENHANCED_CODE = /(?:^|[\s;#(-])([245])\.(\d{1,3})\.(\d{1,3})(?=$|[\s;,:.)\]])/;

export function parseEnhancedStatusCode(text: string | undefined): string | undefined {
  const match = text ? ENHANCED_CODE.exec(text) : null;
  return match ? `${match[1]}.${match[2]}.${match[3]}` : undefined;
}

/** The three-digit reply code at the start of a reply line. */
export function parseReplyCode(text: string | undefined): number | undefined {
  const match = text ? /^\s*([245]\d\d)[\s-]/.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

/** Reply codes that are only ever an answer to our own login (AUTH), whatever the text says. */
const LOGIN_REPLY_CODES = new Set([530, 534, 535, 538]);

/** Bare reply codes (no enhanced code, no telling text). */
export const replyCodeReasons: Readonly<Record<number, FailureReason>> = {
  420: "network", // timeout or connection lost (non-standard)
  421: "network", // service not available, closing transmission channel
  454: "sender_login", // temporary authentication failure
  521: "domain_not_found", // host does not accept mail (RFC 7504)
  523: "message_too_big", // message size exceeds limit (non-standard)
  551: "user_unknown", // user not local
  552: "mailbox_full", // exceeded storage allocation
  553: "bad_address_syntax", // mailbox name not allowed (e.g. mailbox syntax incorrect)
  554: "policy", // transaction failed (usually a policy)
  556: "domain_not_found", // domain does not accept mail (RFC 7504)
};

/** Connection-level errors with no SMTP reply: the network, not the message. */
const NETWORK_CODES = new Set([
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EAI_AGAIN",
  "ETLS",
  "EPROTOCOL",
  "EPROTO",
]);
const NETWORK_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|timed? ?out|connection (was )?closed|closed unexpectedly|connection (lost|reset|refused)|socket hang up|greeting never received/i;

function classifyWithoutReply(failure: SmtpFailure): FailureClassification {
  const code = failure.code ?? "";
  const text = `${code} ${failure.message ?? ""}`;
  if (code === "EAUTH" || code === "ENOAUTH") {
    return { category: "authentication", reason: "sender_login", permanent: true };
  }
  // A name that does not exist is a wrong host or domain; it is retried anyway
  // because resolvers also answer NXDOMAIN during outages, and retries are bounded.
  if (/ENOTFOUND|NXDOMAIN|ENODATA/.test(text)) return { category: "domain_issue", reason: "network", permanent: false };
  if (NETWORK_CODES.has(code) || code === "EDNS" || NETWORK_TEXT.test(text)) {
    return { category: "network", reason: "network", permanent: false };
  }
  // nodemailer refused the envelope before talking to the server (no or malformed recipient).
  if (code === "EENVELOPE") return { category: "invalid_address", reason: "bad_address_syntax", permanent: true };
  // The message could not be built: retrying builds the same message.
  if (code === "EMESSAGE") return { category: "other", reason: "other", permanent: true };
  // Unknown: retried a bounded number of times rather than dropped at once.
  return { category: "other", reason: "other", permanent: false };
}

/** What is known of a server's answer: its codes, its words, and whether it was temporary. */
export type ReplyFacts = {
  replyCode?: number;
  enhancedCode?: string;
  text: string;
  temporary: boolean;
};

function reasonOfReply({ replyCode, enhancedCode, temporary }: ReplyFacts, folded: string): FailureReason {
  if (replyCode && LOGIN_REPLY_CODES.has(replyCode)) return "sender_login";
  // 454 is a login the server cannot check now, or TLS it cannot offer now.
  if (replyCode === 454) return /\btls\b|starttls/.test(folded) ? "network" : "sender_login";
  if (MAILBOX_FULL.test(folded)) return "mailbox_full";
  if (SENDER_REFUSED.test(folded)) return "policy";
  const meaning = enhancedCode ? enhancedCodeMeaning(enhancedCode) : undefined;
  if (meaning?.decides) return meaning.reason;
  const fromText = reasonFromText(folded, temporary);
  if (fromText) return fromText;
  if (meaning) return meaning.reason;
  return (replyCode && replyCodeReasons[replyCode]) || "other";
}

function categoryOf(reason: FailureReason, { replyCode, enhancedCode }: ReplyFacts, folded: string): FailureCategory {
  if (reason === "content") return saysSpam(folded) ? "spam" : "content_filtered";
  // Our sender's domain refused (it does not resolve, it is invalid) is a domain issue of ours.
  const senderDomain = SENDER_REFUSED.test(folded) && /\bdomain\b/.test(folded);
  if (reason === "policy" && (refusesSenderDomain(enhancedCode) || senderDomain)) return "domain_issue";
  // "550 Requested action not taken" and x.2.0 say only that the mailbox did not take it.
  if (reason === "other" && (replyCode === 550 || /^[45]\.2\./.test(enhancedCode ?? ""))) return "bounced";
  return reasonCategories[reason][0];
}

/** The reason and category of a server's answer (a reply at send time, or a bounce's diagnostic). */
export function classifyReply(facts: ReplyFacts): { reason: FailureReason; category: FailureCategory } {
  const folded = foldDiagnostic(facts.text);
  const reason = reasonOfReply(facts, folded);
  return { reason, category: categoryOf(reason, facts, folded) };
}

/** Reason, category and permanence of a failed delivery attempt. */
export function classifySmtpFailure(failure: SmtpFailure): FailureClassification {
  const response = failure.response?.trim() ?? "";
  const replyCode =
    failure.responseCode && failure.responseCode >= 400 && failure.responseCode < 600
      ? failure.responseCode
      : parseReplyCode(response);
  const enhancedCode = parseEnhancedStatusCode(response);
  if (!replyCode && !enhancedCode) return classifyWithoutReply(failure);

  // The reply code is authoritative for the class; the enhanced code stands in when there is none.
  const temporary = replyCode ? replyCode < 500 : enhancedCode!.startsWith("4");
  const { reason, category } = classifyReply({
    replyCode,
    enhancedCode,
    text: response || failure.message || "",
    temporary,
  });
  const permanent = !temporary && reason !== "rate_limited";
  return enhancedCode ? { category, reason, permanent, enhancedCode } : { category, reason, permanent };
}
