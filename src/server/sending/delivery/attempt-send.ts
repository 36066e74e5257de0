// One delivery attempt of a claimed row: render, hand to the sender's
// transport, and turn what happened into an outcome for record-outcomes.
// Nothing here writes to the database; the outcome is recorded in groups.

import type { FailureCategory, FailureReason } from "#shared/db-enums.ts";
import { rulesForZone } from "#shared/sending/contact-zone.ts";
import { addressReasons, categoryFallbackReasons } from "#shared/sending/failure-reason-category.ts";
import { followUpDueAt } from "#shared/sending/follow-up.ts";
import { nextAttemptAt } from "#shared/sending/retry-policy.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { nextAllowedInstant, type SendingRules } from "#shared/sending/sending-window.ts";
import { localDate } from "#shared/zoned-time.ts";
import type { Logger } from "../../logger.ts";
import type { ClaimedBatch, ClaimedSend } from "../claim/claimed-send.ts";
import type { OutcomeRecord } from "../outcomes/record-outcomes.ts";
import {
  DeliveryError,
  type HandOff,
  type OutgoingMessage,
  type SenderTransport,
  type TransportFactory,
} from "../outgoing.ts";
import { UNKNOWN_DELIVERY_ERROR } from "../recovery/settle-attempted.ts";
import { handOffKey } from "./hand-off-journal.ts";
import { HandOffRefused } from "./hand-off-writer.ts";

/** The message to send, and the body to keep in email_sends for the Inbox. */
export type RenderSend = (send: ClaimedSend, batch: ClaimedBatch) => { message: OutgoingMessage; storedBody: string };

export type AttemptContext = {
  transports: TransportFactory;
  render: RenderSend;
  rules: SendingRules;
  now: () => Date;
  log: Logger;
  /** Records that the row's message is about to reach the server (hand-off-writer.ts). */
  handOff: (scheduledId: string) => Promise<void>;
};

export const LOST_CONNECTION_ERROR =
  "Delivery state unknown: the connection was lost while the message was being sent; not retried to avoid a duplicate";

/**
 * A hard bounce: the address itself will never take mail (unknown, malformed
 * or disabled mailbox, a domain that does not exist), so the contact is marked
 * bounced and suppressed. A full mailbox is a soft bounce even when refused
 * permanently (the person is still there), and a refusal about the sender
 * (policy, authentication, reputation, content) fails this send only: the
 * address is not to blame (docs/decisions/028-bounce-reasons.md).
 */
function isHardBounce(err: DeliveryError): boolean {
  return err.permanent && addressReasons.has(err.reason);
}

/**
 * Whether the server may have accepted the message although the attempt
 * failed: the connection was lost mid-session with no reply (nodemailer's
 * ECONNECTION, or a reset while reading or writing, e.g. a socket dropped
 * while the message data was going out or before the final 250; also the
 * delivery thread stopping under a message: delivery-error.ts, delivery-thread.ts).
 * Sending again could deliver it twice, so such a send, once handed off, is
 * recorded as unknown for the user to decide instead of retried (the SMTP pool
 * does not resend it either: maxRequeues 0). Before its hand-off the content
 * was held back, so the same error is a known non-delivery, retried as usual.
 * Any SMTP reply, a refused connection or a timeout is retried as usual; a
 * timeout waiting for the reply to the message data is the one ambiguous case
 * left, rare enough (the server would have to accept it after the client
 * stopped waiting) to keep host-down and firewall timeouts retryable.
 */
function mayHaveBeenAccepted(err: DeliveryError): boolean {
  return err.details.responseCode === undefined && err.details.lostMidSession === true;
}

/** What every outcome of a claimed send carries before anything is known about it. */
export function outcomeBase(send: ClaimedSend) {
  return {
    scheduledId: send.scheduledId,
    sendId: send.send.id,
    campaignId: send.campaignId,
    contactId: send.contact.id,
    userId: send.userId,
    senderId: send.sender.id,
    toEmail: send.contact.email,
    subject: null,
    body: null,
    fromEmail: null,
    failureCategory: null,
    failureReason: null,
    bounceType: null,
    errorMessage: null,
    retryAt: null,
    hardBounce: false,
    nextSequenceId: null,
    nextDueAt: null,
  } satisfies Partial<OutcomeRecord>;
}

export async function attemptSend(send: ClaimedSend, batch: ClaimedBatch, ctx: AttemptContext): Promise<OutcomeRecord> {
  const base = outcomeBase(send);
  // Whether the content may have left: set once the hand-off is recorded (in the
  // database, or in the delivery thread's journal). Until then the transport
  // holds it back, so any failure is a known non-delivery.
  let handedOff = false;
  let refused = false;
  const handOff: HandOff = {
    key: handOffKey(send.scheduledId, send.leaseExpiresAt),
    confirm: () =>
      ctx.handOff(send.scheduledId).then(
        () => {
          handedOff = true;
        },
        (err: unknown) => {
          refused = err instanceof HandOffRefused;
          throw err;
        },
      ),
    journaled: () => {
      handedOff = true;
    },
  };
  const ended = () => {
    const endedAt = ctx.now();
    return { endedAt, day: localDate(endedAt, ctx.rules.timezone) };
  };
  const failed = (message: string, subject: string, category: FailureCategory = "other", reason?: FailureReason) => {
    const e = ended();
    return {
      ...base,
      ...e,
      kind: "failed" as const,
      failureCategory: category,
      failureReason: reason ?? categoryFallbackReasons[category],
      errorMessage: buildSendErrorMessage({
        error: message,
        recipient: send.contact.email,
        sender: send.sender.email,
        subject,
        timestamp: e.endedAt,
        category,
        reason,
      }),
    };
  };

  let message: OutgoingMessage;
  let storedBody: string;
  try {
    ({ message, storedBody } = ctx.render(send, batch));
  } catch (err) {
    // Nothing went out: a known failure, but retrying would fail the same way.
    ctx.log.error({ err, scheduledId: send.scheduledId }, "could not render a campaign message");
    return failed(`Could not build the message: ${(err as Error).message}`, send.step.subject);
  }

  const sent = { subject: message.subject, body: storedBody, fromEmail: message.from.address };
  let transport: SenderTransport;
  try {
    transport = ctx.transports.forSender(send.connection);
  } catch (err) {
    // No connection was opened: known not sent, and retrying would not help.
    ctx.log.error({ err, scheduledId: send.scheduledId }, "could not open the sender's transport");
    return {
      ...failed(`Could not connect as ${send.connection.email}: ${(err as Error).message}`, message.subject),
      ...sent,
    };
  }
  try {
    await transport.deliver(message, handOff);
  } catch (err) {
    // Refused its hand-off (the worker is stopping, or lost its claim): it never went out.
    if (refused || (!handedOff && err instanceof DeliveryError && err.details.handOffRefused)) {
      return { ...base, ...ended(), kind: "released" };
    }
    if (!(err instanceof DeliveryError)) {
      // Transports report failures as DeliveryError; anything else is a bug
      // somewhere in the middle of a send: unknown once the content may have left.
      ctx.log.error({ err, scheduledId: send.scheduledId }, "unexpected error while delivering");
      if (!handedOff) return { ...failed(`Delivery failed: ${(err as Error)?.message}`, message.subject), ...sent };
      return { ...failed(UNKNOWN_DELIVERY_ERROR, message.subject), ...sent, kind: "unknown" };
    }
    const e = ended();
    if (handedOff && mayHaveBeenAccepted(err)) {
      const why = `${LOST_CONNECTION_ERROR} (${err.message})`;
      return { ...failed(why, message.subject, err.category, err.reason), ...sent, kind: "unknown" };
    }
    const errorMessage = buildSendErrorMessage({
      error: err.message,
      recipient: send.contact.email,
      sender: send.sender.email,
      subject: message.subject,
      timestamp: e.endedAt,
      category: err.category,
      reason: err.reason,
      suggestion: err.details.suggestion,
    });
    const retryAt = nextAttemptAt(err, send.attempts, e.endedAt);
    if (retryAt) {
      // The failure category on the still-pending record is what marks this
      // attempt as known-failed, which is what allows the retry (claim-due).
      return {
        ...base,
        ...e,
        ...sent,
        kind: "retry",
        failureCategory: err.category,
        failureReason: err.reason,
        errorMessage,
        retryAt,
      };
    }
    const hardBounce = isHardBounce(err);
    return {
      ...base,
      ...e,
      ...sent,
      kind: "failed",
      failureCategory: err.category,
      failureReason: err.reason,
      bounceType: hardBounce ? "hard" : err.category === "bounced" ? "soft" : null,
      errorMessage,
      hardBounce,
    };
  }

  const e = ended();
  // The follow-up's day, time and window are the contact's wall clock (its zone, else the user's).
  const contactRules = rulesForZone(ctx.rules, send.contact.timezone);
  const next = send.nextStep
    ? nextAllowedInstant(followUpDueAt(e.endedAt, send.nextStep, contactRules.timezone), contactRules)
    : null;
  return {
    ...base,
    ...e,
    ...sent,
    kind: "sent",
    nextSequenceId: send.nextStep?.id ?? null,
    nextDueAt: next,
  };
}
