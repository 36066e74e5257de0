// What one inbound message does to the database, in the caller's transaction:
// it is recorded in the mailbox's ledger first (a message already there was
// processed before: nothing else happens), then, by what it is,
// - a spam complaint (a feedback report, RFC 5965) about one of this
//   mailbox's sends, wherever it was filed: the send is marked complained,
//   the address suppressed and the contact stopped; bounce protection counts it;
// - spam (Junk folder): a spam_emails row (mail the mailbox received, not a
//   verdict on ours: bounce protection does not count it);
// - a bounce that returns one of this mailbox's sends (its Message-ID in the
//   returned headers, or its recipient among the mailbox's sends): that send
//   is marked failed with its category and reason; a hard bounce (an address
//   that can never take mail) stops the contact and suppresses the address the
//   send went to. A soft one fails that send only: a full mailbox, an expired
//   delivery, or a refusal about the sender (policy, authentication,
//   reputation, content) says nothing against the address, and the contact's
//   later steps go on. A bounce that matches no send is only kept in the
//   ledger (kind unmatched): a forged report for an address never mailed must
//   not put it on the suppression list;
// - a reply, auto-reply or unsubscribe request to one of our sends: a replies
//   row; a reply stops the contact's sequence as replied, an unsubscribe
//   request as unsubscribed (and counts toward its sender's and campaign's
//   unsubscribe rate), an auto-reply only when it says the person left
//   (without a contact, the address the send went to is suppressed);
// - anything else: only the ledger (kind ignored).
// After a bounce, a complaint or an unsubscribe request, bounce protection
// checks the send's mailbox and campaign (domain/protection-check.ts).
// A message from a store shared by several users (capture mode: every user
// with a sender of that address reads it) is applied only by the user whose
// send it answers; for the others it is ignored.
import { sql } from "drizzle-orm";
import type { LeadStatus, LedgerKind } from "#shared/db-enums.ts";
import { inboundLeadStatus } from "#shared/lead-status/lead-status-rules.ts";
import { analyzeInbound } from "#shared/mailbox/analyze-inbound.ts";
import { detectComplaint } from "#shared/mailbox/complaint-report.ts";
import type { InboundAnalysis, InboundMessage } from "#shared/mailbox/inbound-message.ts";
import { subjectsMatch } from "#shared/mailbox/reply-subject.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { type Executor, queryRows } from "../db/sql-helpers.ts";
import { applyLeadStatusChanges } from "../domain/lead-status.ts";
import { checkProtection } from "../domain/protection-check.ts";
import { stopContactSequence } from "../domain/stop-contact-sequence.ts";
import { addSuppression } from "../domain/suppressions.ts";
import { saneReceivedAt } from "./inbound-safety.ts";
import { emitInboundBounce, emitInboundReply, emitInboundUnsubscribe } from "./inbound-webhook-events.ts";
import type { FetchedMessage } from "./mailbox-source.ts";
import { parseInbound } from "./parse-inbound.ts";

export type Mailbox = { userId: string; senderAccountId: string; senderEmail: string };

/** The message could not be parsed at all (the engine skips it as unreadable). */
export class UnreadableMessageError extends Error {
  constructor(cause: unknown) {
    super("The message could not be read", { cause });
    this.name = "UnreadableMessageError";
  }
}

/** Where sends are looked for: the mailbox's user's, or (a shared store) every user's from the mailbox's address. */
type Scope = Mailbox & { shared: boolean };

/** A bounce may arrive a little before the send's row says it was created (clocks differ). */
const BOUNCE_CLOCK_MARGIN_MS = 10 * 60_000;

/** A test reply ('Test Reply Tracking') carries this header: it is recorded as seen, and changes nothing else. */
export const TEST_REPLY_HEADER = "x-coldreach-test-reply";

type SendRow = {
  id: string;
  user_id: string;
  contact_id: string | null;
  campaign_id: string | null;
  to_email: string;
  subject: string;
};

/** What a message came to; replyId: the reply a person wrote that it recorded (for its notification). */
export type Applied = { kind: LedgerKind | "duplicate"; replyId?: string };

const ids = (list: readonly string[]) => JSON.stringify(list);
const SEND_COLUMNS = sql`id, user_id, contact_id, campaign_id, to_email, subject`;

/** The mailbox's user's sends; in a shared store, every user's (the caller keeps only its own). */
const ownedBy = (scope: Scope) => (scope.shared ? sql`true` : sql`user_id = ${scope.userId}`);

/** The send one of these Message-IDs names. */
async function sendByMessageIds(db: Executor, scope: Scope, messageIds: string[]): Promise<SendRow | undefined> {
  if (messageIds.length === 0) return undefined;
  const rows = await queryRows<SendRow>(
    db,
    sql`select ${SEND_COLUMNS} from email_sends
        where message_id in (select jsonb_array_elements_text(${ids(messageIds)}::jsonb)) and ${ownedBy(scope)}
        order by created_at desc limit 1`,
  );
  return rows[0];
}

/** No thread headers: the prospect's latest send from this mailbox whose subject is the same once 'Re:'… are removed. */
async function sendBySubject(db: Executor, scope: Scope, msg: InboundMessage): Promise<SendRow | undefined> {
  if (!msg.from) return undefined;
  const rows = await queryRows<SendRow>(
    db,
    sql`select ${SEND_COLUMNS} from email_sends
        where ${ownedBy(scope)} and lower(to_email) = ${msg.from} and lower(from_email) = ${scope.senderEmail.toLowerCase()}
          and status = 'sent'
        order by sent_at desc nulls last limit 50`,
  );
  return rows.find((r) => subjectsMatch(r.subject, msg.subject));
}

/**
 * The send a bounce (or a complaint) returns: by the returned Message-ID, else
 * the latest send from this mailbox to its recipient.
 */
async function returnedSend(
  db: Executor,
  scope: Scope,
  report: { originalMessageId: string | null; recipient: string | null },
  receivedAt: Date,
): Promise<SendRow | undefined> {
  if (report.originalMessageId) {
    const byId = await sendByMessageIds(db, scope, [report.originalMessageId]);
    if (byId) return byId;
  }
  if (!report.recipient) return undefined;
  // Sent before the bounce arrived: the time received, not the report's own (forgeable) date.
  const latest = new Date(receivedAt.getTime() + BOUNCE_CLOCK_MARGIN_MS);
  const rows = await queryRows<SendRow>(
    db,
    sql`select ${SEND_COLUMNS} from email_sends
        where ${ownedBy(scope)} and lower(to_email) = ${report.recipient}
          and lower(from_email) = ${scope.senderEmail.toLowerCase()}
          and created_at <= ${latest.toISOString()}::timestamptz
        order by created_at desc limit 1`,
  );
  return rows[0];
}

async function recordReply(
  db: Executor,
  mailbox: Mailbox,
  msg: InboundMessage,
  analysis: InboundAnalysis,
  send: SendRow | undefined,
  contactEmail: string,
  at: Date,
): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into replies (user_id, campaign_id, contact_id, email_send_id, contact_email, sender_email, subject,
          reply_content, message_id, replied_at, sender_account_id, kind, reply_class, class_rule, in_reply_to,
          references_header)
        values (${mailbox.userId}, ${send?.campaign_id ?? null}, ${send?.contact_id ?? null}, ${send?.id ?? null},
          ${contactEmail}, ${mailbox.senderEmail}, ${msg.subject}, ${analysis.content}, ${msg.messageId},
          ${at.toISOString()}::timestamptz, ${mailbox.senderAccountId}, ${analysis.kind}, ${analysis.replyClass},
          ${analysis.classRule}, ${msg.inReplyTo}, ${msg.references.join(" ") || null})
        on conflict (user_id, message_id) where message_id is not null do update set
          campaign_id = excluded.campaign_id, contact_id = excluded.contact_id, email_send_id = excluded.email_send_id,
          kind = excluded.kind, reply_class = excluded.reply_class, class_rule = excluded.class_rule,
          in_reply_to = excluded.in_reply_to, references_header = excluded.references_header
        -- A message restored from Junk is stored as 'received' until the sync
        -- reads it in INBOX: then it is what it is (a reply to a send, say).
        where replies.kind = 'received'
        returning id`,
  );
  return rows[0]?.id;
}

/** The lead is the address the send went to (whoever writes in its thread). */
async function setLeadStatus(
  db: Executor,
  userId: string,
  email: string,
  next: { status: LeadStatus; suggested: boolean } | null,
) {
  if (next) await applyLeadStatusChanges(db, [{ userId, email, ...next, source: "mailbox" }]);
}

export async function applyInbound(
  db: Executor,
  mailbox: Mailbox,
  message: FetchedMessage,
  now: Date = new Date(),
): Promise<Applied> {
  let msg: InboundMessage;
  try {
    msg = await parseInbound(message.raw, {
      gmailThreadId: message.gmailThreadId,
      receivedAt: message.receivedAt,
      now,
    });
  } catch (err) {
    throw new UnreadableMessageError(err);
  }
  const receivedAt = saneReceivedAt(message.receivedAt, now);
  // parseInbound gives a plausible date (the time received when the header's is not).
  const at = msg.date ? new Date(msg.date) : receivedAt;
  const scope: Scope = { ...mailbox, shared: message.shared === true };
  const { kind, effect } = await decide(db, scope, message, msg, { at, receivedAt });
  const ledger = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into mailbox_messages (sender_account_id, source_key, user_id, message_id, kind)
        values (${mailbox.senderAccountId}, ${message.sourceKey}, ${mailbox.userId}, ${msg.messageId}, ${kind})
        on conflict do nothing returning true as inserted`,
  );
  if (ledger.length === 0) return { kind: "duplicate" };
  const replyId = await effect?.();
  return replyId ? { kind, replyId } : { kind };
}

/** Decides what the message is (reads only); `effect` writes it, once the ledger says it is new. */
async function decide(
  db: Executor,
  mailbox: Scope,
  message: FetchedMessage,
  msg: InboundMessage,
  { at, receivedAt }: { at: Date; receivedAt: Date },
): Promise<{ kind: LedgerKind; effect?: () => Promise<string | undefined> }> {
  if (msg.headers[TEST_REPLY_HEADER]) return { kind: "ignored" };
  // A complaint is one wherever the provider filed it (a report in Junk is still about our send).
  const complaint = detectComplaint(msg);
  if (complaint) {
    const send = await returnedSend(db, mailbox, complaint, receivedAt);
    if (!send) return { kind: "unmatched" };
    if (send.user_id !== mailbox.userId) return { kind: "ignored" };
    return {
      kind: "complaint",
      effect: async () => {
        await setLeadStatus(db, mailbox.userId, send.to_email, inboundLeadStatus("complaint", null));
        await db.execute(sql`update email_sends set complained_at = coalesce(complained_at, ${at.toISOString()}::timestamptz)
                             where id = ${send.id}::uuid`);
        // Suppressed as complained first: the stop below keeps that reason (its insert does nothing then).
        await addSuppression(db, mailbox.userId, send.to_email, "complained");
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "unsubscribed", at);
        await checkProtection(db, [send.id]);
      },
    };
  }
  if (message.spam) {
    return {
      kind: "spam",
      effect: async () => {
        await db.execute(
          sql`insert into spam_emails (user_id, subject, sender_email, content, received_at, message_id,
                sender_account_id, folder, source_key)
              values (${mailbox.userId}, ${msg.subject || "(no subject)"}, ${msg.from || msg.fromName || "unknown"},
                ${msg.text.trim()}, ${at.toISOString()}::timestamptz, ${msg.messageId}, ${mailbox.senderAccountId},
                ${message.folder}, ${message.sourceKey})
              on conflict (user_id, message_id) where message_id is not null do nothing`,
        );
      },
    };
  }
  const analysis = analyzeInbound(msg);
  if (analysis.kind === "bounce" && analysis.bounce) {
    const bounce = analysis.bounce;
    const send = await returnedSend(db, mailbox, bounce, receivedAt);
    // Nothing this mailbox sent: a notice kept in the ledger, never a suppression.
    if (!send) return { kind: "unmatched" };
    // Another user's send (a shared store): theirs to apply.
    if (send.user_id !== mailbox.userId) return { kind: "ignored" };
    return {
      kind: "bounce",
      effect: async () => {
        await setLeadStatus(db, mailbox.userId, send.to_email, inboundLeadStatus("bounce", "bounce", bounce.hard));
        // The same details (with troubleshooting) as a failure at send time, for the Inbox and Failed emails.
        const detail = [bounce.status, bounce.diagnostic].filter(Boolean).join(" ") || "no reason given";
        const errorMessage = buildSendErrorMessage({
          error: `Bounced (${bounce.hard ? "hard" : "soft"}) after delivery: ${detail}`,
          recipient: send.to_email,
          sender: mailbox.senderEmail,
          subject: send.subject,
          timestamp: at,
          category: bounce.category,
          reason: bounce.reason,
        });
        await db.execute(
          sql`update email_sends set status = 'failed', failure_category = ${bounce.category},
                failure_reason = ${bounce.reason}, bounce_type = ${bounce.hard ? "hard" : "soft"},
                error_message = ${errorMessage}
              where id = ${send.id}::uuid`,
        );
        // The address acted on is the one the send went to, whatever address the report names.
        await recordReply(db, mailbox, msg, analysis, send, send.to_email, at);
        if (bounce.hard) {
          if (send.contact_id) await stopContactSequence(db, send.contact_id, "bounced", at);
          else await addSuppression(db, mailbox.userId, send.to_email, "bounced");
        }
        await checkProtection(db, [send.id]);
        await emitInboundBounce(db, send, bounce, at);
      },
    };
  }
  const send =
    (await sendByMessageIds(
      db,
      mailbox,
      [msg.inReplyTo, ...msg.references].filter((x): x is string => !!x),
    )) ?? (await sendBySubject(db, mailbox, msg));
  // Not an answer to a send of ours, or (a shared store) to another user's.
  if (!send || send.user_id !== mailbox.userId) return { kind: "ignored" };
  return {
    kind: analysis.kind,
    effect: async () => {
      // First: what follows (the reply.received event) reads the lead's status as this sets it.
      await setLeadStatus(db, mailbox.userId, send.to_email, inboundLeadStatus(analysis.kind, analysis.replyClass));
      const replyId = await recordReply(db, mailbox, msg, analysis, send, msg.from || send.to_email, at);
      if (analysis.kind === "reply") {
        await db.execute(sql`update email_sends set replied_at = coalesce(replied_at, ${at.toISOString()}::timestamptz)
                             where id = ${send.id}::uuid`);
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "replied", at);
      } else if (analysis.kind === "unsubscribe") {
        await db.execute(sql`update email_sends set unsubscribed_at = coalesce(unsubscribed_at, ${at.toISOString()}::timestamptz)
                             where id = ${send.id}::uuid`);
        // The address suppressed is the one the send went to (whoever writes in its thread).
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "unsubscribed", at);
        else await addSuppression(db, mailbox.userId, send.to_email, "unsubscribed");
        await checkProtection(db, [send.id]);
      } else if (analysis.kind === "auto_reply" && analysis.stopsSequence) {
        // The person has left: stop as a bounce would, without counting a reply.
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "bounced", at);
        else await addSuppression(db, mailbox.userId, send.to_email, "bounced");
      }
      // Last, so that the lead status set for this message above is the one the event carries.
      if (analysis.kind === "reply" || analysis.kind === "auto_reply") {
        await emitInboundReply(
          db,
          send,
          { ...msg, from: msg.from || send.to_email, senderEmail: mailbox.senderEmail, ...analysis },
          at,
        );
      } else if (analysis.kind === "unsubscribe") {
        await emitInboundUnsubscribe(db, send, at);
      }
      return analysis.kind === "reply" ? replyId : undefined;
    },
  };
}
