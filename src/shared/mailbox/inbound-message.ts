// An inbound message as the mailbox rules see it: plain data, parsed on the
// server (server/mailbox/parse-inbound.ts) from the raw MIME of an IMAP, Gmail
// or capture-store message. No I/O here, so every rule is unit-testable.
import type { FailureCategory, FailureReason, InboundKind, ReplyClass } from "../db-enums.ts";

export type InboundMessage = {
  /** The Message-ID header with its angle brackets, or null. */
  messageId: string | null;
  inReplyTo: string | null;
  /** References, oldest first, each with angle brackets. */
  references: string[];
  /** The From address, lower-cased, and its display name. */
  from: string;
  fromName: string;
  /** To and Cc addresses, lower-cased. */
  to: string[];
  subject: string;
  /**
   * The Date header as an ISO string; the time the message was received when
   * the header is missing, unreadable or implausible (server/mailbox/inbound-safety.ts).
   */
  date: string | null;
  /** Every header, names lower-cased; repeated headers joined with "\n". */
  headers: Record<string, string>;
  /** The plain-text body (from the HTML when there is no text part). */
  text: string;
  html: string | null;
  /**
   * Non-text parts that bounces carry: message/delivery-status (the DSN fields)
   * and message/rfc822 or text/rfc822-headers (the returned message), as text;
   * also RFC 6533's message/global-delivery-status, message/global and
   * message/global-headers. Each is cut at 64 KiB (the returned message's
   * headers are what the rules read).
   */
  parts: { contentType: string; content: string }[];
  /** Gmail's thread id, for Gmail mailboxes. */
  gmailThreadId?: string | null;
};

/** What a delivery status notification says about one failed recipient. */
export type BounceReport = {
  /** The failed recipient, lower-cased, when the report names one. */
  recipient: string | null;
  /** The enhanced status code (5.1.1), when given. */
  status: string | null;
  /** The remote server's diagnostic (or the report's human text). */
  diagnostic: string;
  /**
   * Hard: a permanent failure whose reason says the address can never take
   * mail (#shared/sending/failure-reason-category.ts: addressReasons). Soft:
   * anything else: temporary, a full mailbox, or a refusal about the sender.
   */
  hard: boolean;
  /** From the SMTP failure table (#shared/sending/smtp-failure-category.ts). */
  category: FailureCategory;
  /** Why, in the terms the failure panel explains (the same table). */
  reason: FailureReason;
  /** The Message-ID of the message that bounced, from the returned headers. */
  originalMessageId: string | null;
};

export type InboundAnalysis = {
  kind: Exclude<InboundKind, "spam" | "ignored">;
  /** The reply's own text, without the quoted original and signature separator. */
  content: string;
  /** Email Classification: the class and the rule that decided it (shown on hover). */
  replyClass: ReplyClass;
  classRule: string;
  /** auto_reply only: the person has left / the mailbox is not read (stops the sequence, not a reply). */
  stopsSequence: boolean;
  /** bounce only. */
  bounce: BounceReport | null;
};
