// Bounces: which recipient failed, why, whether for good, and which of our
// messages it was. Two sources:
//   - the standard, RFC 3464: a multipart/report whose message/delivery-status
//     part has per-recipient fields (Final-Recipient, Action, Status,
//     Diagnostic-Code), with the returned message (message/rfc822) or its
//     headers (text/rfc822-headers) beside it;
//   - the texts servers send without that part: Exim, qmail, Postfix, Gmail,
//     Microsoft 365/Exchange, Yahoo, Amazon SES (each recognised by its own
//     wording), or any mail from mailer-daemon@/postmaster@ with a bounce subject.
// The reason, the category and hard or soft come from the SMTP failure table
// (#shared/sending/smtp-failure-category.ts), which reads the Status field's
// enhanced code, the reply code and the diagnostic text together.
import type { FailureCategory, FailureReason } from "../db-enums.ts";
import { foldDiagnostic, MAILBOX_FULL } from "../sending/diagnostic-text-reasons.ts";
import { addressReasons } from "../sending/failure-reason-category.ts";
import { classifyReply, parseEnhancedStatusCode } from "../sending/smtp-failure-category.ts";
import type { BounceReport, InboundMessage } from "./inbound-message.ts";
import { fold } from "./phrase-matching.ts";

export type BounceDetection =
  /** A recipient failed: the report, and the rule that recognised the bounce. */
  | { outcome: "failed"; report: BounceReport; rule: string }
  /**
   * A delivery report that is not a failure (Action: delayed, delivered,
   * relayed, expanded; "will retry" warnings): the server is still trying, so
   * the send must not be failed; a real bounce follows if it gives up.
   */
  | { outcome: "notice"; action: string; rule: string };

type DsnFields = Record<string, string>;

/** RFC 3464: the per-message fields, then one block per recipient (header syntax, blank-line separated). */
export function parseDeliveryStatus(content: string): { message: DsnFields; recipients: DsnFields[] } {
  const blocks = content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields: DsnFields = {};
      // Folded lines continue the field above.
      for (const line of block.replace(/\n[ \t]+/g, " ").split("\n")) {
        const colon = line.indexOf(":");
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        fields[name] ??= line.slice(colon + 1).trim();
      }
      return fields;
    })
    .filter((fields) => Object.keys(fields).length > 0);
  const isRecipient = (f: DsnFields) => "final-recipient" in f || "original-recipient" in f || "action" in f;
  const first = blocks[0];
  const message = first && !isRecipient(first) ? first : {};
  return { message, recipients: blocks.filter(isRecipient) };
}

/** "rfc822; <Bob@Example.com>" → "bob@example.com". */
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const value = field.includes(";") ? field.slice(field.indexOf(";") + 1) : field;
  const address = value.trim().replace(/^<|>$/g, "").trim().toLowerCase();
  return address.includes("@") ? address : null;
}

/** "smtp; 550 5.1.1 …" → "550 5.1.1 …". */
function diagnosticOf(field: string | undefined): string {
  if (!field) return "";
  const semicolon = field.indexOf(";");
  const typed = semicolon > 0 && /^[a-z][a-z0-9-]*$/i.test(field.slice(0, semicolon).trim());
  return (typed ? field.slice(semicolon + 1) : field).replace(/\s+/g, " ").trim();
}

/** Texts that say the server will try again: a warning, not a failure. */
const STILL_TRYING =
  /has not yet been delivered|will (?:retry|continue to try|keep trying|try again)|delivery attempts will continue|is delayed|delivery (?:has been )?delayed|temporarily deferred|no action is required on your part|will be retried/i;

/** Texts of a temporary failure without a status code. */
const TEMPORARY_TEXT = /\btemporar(?:y|ily)\b|try again later|\btransient\b/i;

/**
 * A bounce is final: the server has stopped trying. A temporary failure it
 * gave up on (a 4.x.x status, a connection that never worked) is "expired
 * after retries", unless the last answer said something more useful to act
 * on (a full mailbox, a block, a missing PTR record…).
 */
const GAVE_UP_ON: ReadonlySet<FailureReason> = new Set<FailureReason>(["network", "other", "rate_limited"]);

/**
 * The reason, category and hard or soft of a failed recipient, from its
 * Status (the enhanced code of record) and its diagnostic. Hard only for a
 * permanent failure whose reason says the address can never take mail; a full
 * mailbox stays soft even under 5.2.2 (RFC 3463 says X.2.2 "is useful for both
 * permanent and persistent transient errors", and the address belongs to a real
 * person), and a refusal about the sender (policy, authentication, reputation)
 * fails the send without condemning the address.
 */
export function classifyBounce(
  status: string | null,
  diagnostic: string,
): { category: FailureCategory; reason: FailureReason; hard: boolean; status: string | null } {
  const replyCode = /^\s*([245]\d\d)\b/.exec(diagnostic)?.[1];
  // The Status field is the enhanced code of record when the diagnostic has none.
  const enhancedCode = parseEnhancedStatusCode(diagnostic) ?? status ?? undefined;
  const knownStatus = status ?? enhancedCode ?? null;
  const temporary = enhancedCode
    ? enhancedCode.startsWith("4")
    : replyCode
      ? replyCode.startsWith("4")
      : TEMPORARY_TEXT.test(diagnostic);
  let { reason, category } = classifyReply({
    replyCode: replyCode ? Number(replyCode) : undefined,
    enhancedCode,
    text: diagnostic,
    temporary,
  });
  if (/^[45]\.2\.2$/.test(knownStatus ?? "") || MAILBOX_FULL.test(foldDiagnostic(diagnostic))) {
    reason = "mailbox_full";
    category = "bounced";
  } else if (reason === "network" || (temporary && GAVE_UP_ON.has(reason))) {
    reason = "expired";
    category = "network";
  } else if (reason === "other" && !replyCode && !enhancedCode) {
    // A bounce's own words that say nothing more: still a mailbox that did not take the message.
    category = "bounced";
  }
  const hard = !temporary && addressReasons.has(reason);
  return { category, reason, hard, status: knownStatus };
}

const HEADER_MESSAGE_ID = /^message-id:\s*(<[^>\s]+>)/im;

/** The Message-ID in a header block (the part before the first blank line). */
function messageIdInHeaders(content: string): string | null {
  const head = content.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)[0] ?? "";
  return HEADER_MESSAGE_ID.exec(head)?.[1] ?? null;
}

const RETURNED_PART_TYPES = new Set([
  "message/rfc822",
  "text/rfc822-headers",
  "message/global",
  "message/global-headers",
]);
const STATUS_PART_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"]);

/** Where the bounce's own text ends and the copy of our message begins. */
const RETURNED_COPY_MARKER =
  /^.*(?:below this line is a copy of the message|below is a copy of the original message|this is a copy of the (?:message|headers)|original message headers|-+ ?original message ?-+|the header of the original message|-+ ?(?:returned|undelivered) message ?-+|included is a copy of the message header|-+ message (?:text|header) follows: -+).*$/im;

function splitReturnedCopy(text: string): { notice: string; copy: string } {
  const marker = RETURNED_COPY_MARKER.exec(text);
  if (!marker) return { notice: text, copy: "" };
  return { notice: text.slice(0, marker.index), copy: text.slice(marker.index + marker[0].length) };
}

/** A bounce's own text, without the copy of our message it returns: what the inbox shows. */
export function noticeText(msg: InboundMessage): string {
  return splitReturnedCopy(msg.text).notice.trim();
}

function originalMessageId(msg: InboundMessage, copy: string): string | null {
  for (const part of msg.parts) {
    if (!RETURNED_PART_TYPES.has(part.contentType)) continue;
    const id = messageIdInHeaders(part.content);
    if (id) return id;
  }
  return HEADER_MESSAGE_ID.exec(copy)?.[1] ?? HEADER_MESSAGE_ID.exec(msg.text)?.[1] ?? null;
}

/** The servers' own bounce wordings, each naming its family. */
const FAMILIES: ReadonlyArray<{ name: string; marker: RegExp }> = [
  {
    name: "Exim",
    marker: /this message was created automatically by mail delivery software|following address(?:\(es\)|es)? failed/i,
  },
  { name: "qmail", marker: /this is the qmail-send program/i },
  { name: "Postfix", marker: /this is the mail system at host/i },
  {
    name: "Gmail",
    marker:
      /\*\* ?address not found ?\*\*|your message wasn't delivered to|\*\* ?message not delivered ?\*\*|delivery to the following recipients? failed/i,
  },
  {
    name: "Microsoft 365/Exchange",
    marker:
      /your message to .{1,200}? couldn't be delivered|delivery has failed to these recipients or groups|remote server returned '|the following recipient\(s\) cannot be reached/i,
  },
  { name: "Yahoo", marker: /sorry, we were unable to deliver your message to the following address/i },
  { name: "Amazon SES", marker: /an error occurred while trying to deliver the mail to the following recipients/i },
  { name: "OpenSMTPD", marker: /this is the mailer-daemon, please do not reply to this e-?mail/i },
  // Smail 3's report, as Deutsche Telekom (T-Online) still sends it.
  { name: "Smail", marker: /-+ failed addresses follow: -+/i },
  { name: "MDaemon", marker: /mdaemon delivery status notification|had permanent fatal delivery errors/i },
  { name: "Haraka", marker: /this is the haraka mailer program/i },
  { name: "Domino", marker: /^was not delivered to:\s*$/im },
];

const DAEMON_ADDRESS = /^(?:mailer-daemon|mail-daemon|mailerdaemon|postmaster|mdaemon|bounces?)@/i;
const DAEMON_NAME = /mail delivery (?:system|subsystem|service)|mailer-daemon|postmaster|mail administrator/i;
const BOUNCE_SUBJECT =
  /mail failed|mail delivery status|undeliver|undelivered mail|returned mail|returned to sender|mail delivery (?:failed|failure)|delivery (?:status notification|failure|has failed|failed|problem|incomplete)|failure notice|non-?delivery|nondeliverable|could not be delivered|couldn't be delivered|message not delivered|unzustellbar|nicht zustellbar|non remis|non distribue|no se puede entregar|no entregado|nao entregue|nao (?:e|foi) possivel entregar|onbestelbaar|niet bezorgd|non recapitabile|mancato recapito|退信|无法投递|投递失败|未送达|無法傳遞/iu;

const FORWARD_OR_REPLY = /^\s*(?:fwd?|fw|tr|wg|re|aw|sv|vs|rif|r)\s*:/i;

/** A report's top-level type: a delivery status report (RFC 3464/6522), or the status part alone. */
const STATUS_REPORT_TYPE = /multipart\/report|message\/(?:global-)?delivery-status/i;
const AUTO_SUBMITTED = /^auto-(?:replied|generated)/i;

/** What a message's headers say, all that is known of it before its body is fetched. */
export type BounceHeaders = {
  /** The From address and its display name (RFC 2047 words decoded). */
  from: string;
  fromName: string;
  /** The subject, RFC 2047 words decoded. */
  subject: string;
  /** The Content-Type header as sent ("" without one). */
  contentType: string;
  /** The Auto-Submitted header ("" without one). */
  autoSubmitted: string;
};

/** The headers' signs of a bounce, each on its own (detectBounce weighs them). */
function bounceSigns(headers: BounceHeaders) {
  return {
    statusReport: STATUS_REPORT_TYPE.test(headers.contentType),
    fromDaemon: DAEMON_ADDRESS.test(headers.from) || DAEMON_NAME.test(headers.fromName),
    // A person forwarding or answering a bounce ("Fwd: Undelivered Mail…") is writing a message of their own.
    bounceSubject: !FORWARD_OR_REPLY.test(headers.subject) && BOUNCE_SUBJECT.test(fold(headers.subject)),
    automatic: AUTO_SUBMITTED.test(headers.autoSubmitted.trim()),
  };
}

/**
 * Whether a message with these headers may be a bounce: false only when
 * detectBounce would return null whatever the body (detectBounce itself
 * starts with this test). The mailbox sync fetches the bodies of the messages
 * this accepts (besides answers to our sends), so a bounce the rules know
 * is never left unread.
 */
export function mayBeBounce(headers: BounceHeaders): boolean {
  const signs = bounceSigns(headers);
  return signs.statusReport || signs.fromDaemon || signs.bounceSubject || signs.automatic;
}

/** The headers mayBeBounce reads, of a parsed message. */
export function bounceHeadersOf(msg: InboundMessage): BounceHeaders {
  return {
    from: msg.from,
    fromName: msg.fromName,
    subject: msg.subject,
    contentType: msg.headers["content-type"] ?? "",
    autoSubmitted: msg.headers["auto-submitted"] ?? "",
  };
}

const ADDRESS = /[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;

/** The first address after `from` that is neither ours nor the reporting server's. */
function failedRecipient(msg: InboundMessage, notice: string, from: number): string | null {
  const ignore = new Set([msg.from, ...msg.to].map((a) => a.toLowerCase()));
  for (const match of notice.slice(from).matchAll(ADDRESS)) {
    const address = match[0].toLowerCase().replace(/\.+$/, "");
    if (!ignore.has(address) && !DAEMON_ADDRESS.test(address)) return address;
  }
  return null;
}

/** A reply code or enhanced status code where a server's answer starts (not an IP address or a date). */
const SMTP_ANSWER =
  /(?<![\d.:])(?:[45]\d\d(?:[ -]|:\s|\s?#)(?:#?[45]\.\d{1,3}\.\d{1,3})?|[45]\.\d{1,3}\.\d{1,3}(?![\d.]))/;

/** The remote server's answer in a bounce text, with its wrapped continuation lines. */
function diagnosticInText(notice: string): string {
  // Microsoft: Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; …'
  const exchange = /remote server returned '([^']+)'/i.exec(notice);
  if (exchange) return exchange[1]!.trim();
  // Gmail: "The response (from the remote server) was:" and the answer in the next paragraph.
  const response = /the response (?:from the remote server )?was:[ \t]*\n(?:[ \t]*\n)*([\s\S]+?)(?:\n[ \t]*\n|$)/i.exec(
    notice,
  );
  if (response) return response[1]!.replace(/\s+/g, " ").trim().slice(0, 1000);
  const lines = notice.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const answer = SMTP_ANSWER.exec(line);
    if (!answer) continue;
    // "… said: 550 5.1.1 …" starts at the reply code; "No mailbox here by that name. (#5.1.1)" is the whole line.
    const parts = [(/^[45]\d\d/.test(answer[0]) ? line.slice(answer.index) : line).trim()];
    // Postfix and Exim wrap long answers onto indented lines.
    for (let j = i + 1; j < lines.length && /^[ \t]+\S/.test(lines[j]!) && parts.length < 8; j++) {
      parts.push(lines[j]!.trim());
    }
    return parts.join(" ").replace(/\s+/g, " ").slice(0, 1000);
  }
  // Domino: "was not delivered to: … because: User … not listed in Domino Directory".
  const because = /^because:[ \t]*\n(?:[ \t]*\n)*[ \t]*(\S.*)$/im.exec(notice);
  if (because) return because[1]!.trim().slice(0, 1000);
  // MDaemon: the session transcript's last line says what went wrong.
  const transcript = /--- session transcript ---([\s\S]*?)--- end transcript ---/i.exec(notice);
  if (transcript) {
    const said = transcript[1]!
      .split("\n")
      .map((l) => l.replace(/^\s*\w{3} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d:\s*(?:\*\s*|<--\s*)?/, "").trim())
      .filter((l) => l && !l.startsWith("-->"));
    if (said.length > 0) return said[said.length - 1]!.slice(0, 1000);
  }
  return "";
}

/** The bounce's human text, as the diagnostic of last resort. */
function summary(notice: string): string {
  return notice.replace(/\s+/g, " ").trim().slice(0, 500);
}

function fromStatusReport(msg: InboundMessage, content: string): BounceDetection {
  const { recipients } = parseDeliveryStatus(content);
  const action = (f: DsnFields) => (f.action ?? "").toLowerCase().split(/\s/)[0] ?? "";
  // Several recipients: the first that failed (a report may also list delivered or delayed ones).
  const failed =
    recipients.find((f) => action(f) === "failed") ?? recipients.find((f) => !f.action && /^5\./.test(f.status ?? ""));
  if (!failed) {
    return {
      outcome: "notice",
      action: action(recipients[0] ?? {}) || "unknown",
      rule: "delivery status report (RFC 3464), no failed recipient",
    };
  }
  const { notice } = splitReturnedCopy(msg.text);
  const diagnostic = diagnosticOf(failed["diagnostic-code"]) || diagnosticInText(notice) || summary(notice);
  const status = /^[245]\.\d{1,3}\.\d{1,3}/.exec(failed.status ?? "")?.[0] ?? null;
  const { category, reason, hard } = classifyBounce(status, diagnostic);
  return {
    outcome: "failed",
    rule: "delivery status report (RFC 3464)",
    report: {
      recipient: addressOf(failed["final-recipient"]) ?? addressOf(failed["original-recipient"]),
      status,
      diagnostic,
      hard,
      category,
      reason,
      originalMessageId: originalMessageId(msg, ""),
    },
  };
}

/** At most about 60 characters, cut between words, for a rule's text. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= 60) return flat;
  return `${flat.slice(0, 60).replace(/\s+\S*$/, "")}…`;
}

/**
 * Whether the message is a bounce (or a delivery notice), and what it says.
 * Null for everything else, and always when mayBeBounce refuses its headers.
 */
export function detectBounce(msg: InboundMessage): BounceDetection | null {
  const headers = bounceHeadersOf(msg);
  // Nothing the headers do not announce: the mailbox sync fetches no other message to read.
  if (!mayBeBounce(headers)) return null;
  const statusPart = msg.parts.find((p) => STATUS_PART_TYPES.has(p.contentType));
  if (statusPart) return fromStatusReport(msg, statusPart.content);

  const { fromDaemon, bounceSubject, automatic } = bounceSigns(headers);
  // A server's wording alone could be a person pasting a bounce into a reply: it needs a bounce sender or subject.
  if (!fromDaemon && !bounceSubject && !automatic) return null;
  const { notice, copy } = splitReturnedCopy(msg.text);
  const family = FAMILIES.map((f) => ({ name: f.name, match: f.marker.exec(notice) })).find((f) => f.match);
  // Without a server's wording, the sender and the subject must both say "bounce".
  if (!family && !(fromDaemon && bounceSubject)) return null;
  const rule = family?.match
    ? `${family.name} bounce ("${shorten(family.match[0])}")`
    : `bounce from ${msg.from || msg.fromName} with subject "${shorten(msg.subject)}"`;

  if (STILL_TRYING.test(notice) || /\(delay\)|delayed/i.test(msg.subject)) {
    return { outcome: "notice", action: "delayed", rule };
  }
  const diagnostic = diagnosticInText(notice) || summary(notice);
  const { category, reason, hard, status } = classifyBounce(null, diagnostic);
  return {
    outcome: "failed",
    rule,
    report: {
      recipient: failedRecipient(msg, notice, family?.match?.index ?? 0),
      status,
      diagnostic,
      hard,
      category,
      reason,
      originalMessageId: originalMessageId(msg, copy),
    },
  };
}
