// The contract between the sending engine's parts: the queue (claim/, outcomes/, recovery/), message
// rendering (mail/render-message.ts) and transports (sending/delivery/transports.ts).
import type { FailureCategory, FailureReason } from "#shared/db-enums.ts";
import { categoryFallbackReasons } from "#shared/sending/failure-reason-category.ts";
import type { senderAccounts } from "../db/schema/index.ts";
import type { InlineImage } from "../mail/inline-images.ts";

/** A fully rendered message, ready for any transport. */
export type OutgoingMessage = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  /** Absent: a plain-text message (the text part alone). */
  html?: string;
  text: string;
  /** "<uuid@sender-domain>", chosen before sending so a retry reuses it and replies can be matched. */
  messageId: string;
  /** Threading: follow-ups answer step 1's Message-ID. */
  inReplyTo?: string;
  references?: string[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
  /** Images the HTML refers to as cid: (a step's inline images, shared by all its messages). */
  inlineImages?: InlineImage[];
  /**
   * The user's own DKIM key for the From domain (features/dkim-keys), if any.
   * SMTP transports sign with it unless DKIM_* covers the domain; the Gmail API
   * ignores it (Google signs). Never logged, never stored with the message.
   */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
};

export type DeliveryResult = { messageId: string; response: string };

/**
 * A delivery that did not succeed. `permanent` failures (5xx) fail the send at
 * once; the others (4xx, connection errors) are retried with backoff.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly category: FailureCategory,
    readonly permanent: boolean,
    readonly details: {
      responseCode?: number;
      enhancedCode?: string;
      response?: string;
      code?: string;
      /**
       * The connection was lost after it was established, with no reply to
       * what was last sent: the server may have accepted the message.
       */
      lostMidSession?: boolean;
      /** The transport refused to hand the message off (the worker is stopping): nothing was sent. */
      handOffRefused?: boolean;
      /** What the user can do, when the category's general advice does not fit this failure. */
      suggestion?: string;
      /**
       * Why, for the failure panel (email_sends.failure_reason). In details so
       * that it crosses the delivery thread with the rest; without one, the
       * category's usual reason.
       */
      reason?: FailureReason;
    } = {},
  ) {
    super(message);
    this.name = "DeliveryError";
  }

  get reason(): FailureReason {
    return this.details.reason ?? categoryFallbackReasons[this.category];
  }
}

export type SenderAccountRow = typeof senderAccounts.$inferSelect;

/**
 * The last moment before a message can be accepted: just before its content
 * goes to the SMTP server (the DATA phase), or before the Gmail API request.
 * The transport must not send the content until the hand-off is recorded:
 * either `confirm()` resolved (the engine committed it to the database), or
 * the transport wrote `key` to its own hand-off journal and called
 * `journaled()` (the delivery thread does so with the embedded database:
 * sending/delivery/hand-off-journal.ts). When `confirm()` rejects, the message is
 * abandoned unsent. The engine can then tell, after a crash, a message that
 * may have reached a server from one that cannot have
 * (docs/decisions/007-hand-off-and-heartbeats.md).
 */
export type HandOff = {
  /** Names the claim being handed off (handOffKey: the queue row and its lease). */
  key: string;
  confirm: () => Promise<void>;
  journaled: () => void;
};

/** Sends through one sender account's connection (or the capture server). */
export interface SenderTransport {
  deliver(message: OutgoingMessage, handOff?: HandOff): Promise<DeliveryResult>;
}

/**
 * Transports by sender. `sender` is the account whose connection is used: for a
 * campaign copy, the saved sender it was imported from (source_sender_id).
 */
export interface TransportFactory {
  forSender(sender: SenderAccountRow): SenderTransport;
  closeAll(): void;
  /** From now on no hand-off is granted (the worker is stopping): messages not yet handed off fail unsent. */
  refuseHandOffs(reason: string): void;
  /**
   * Keeps the worker's heartbeat off the main thread where the delivery thread
   * has a database connection of its own (PostgreSQL); otherwise does nothing.
   */
  keepHeartbeat?(workerId: string, everyMs: number): void;
  /** Readies what delivery needs (the delivery thread) before a worker's first round; never rejects. */
  prepare(): Promise<void>;
}
