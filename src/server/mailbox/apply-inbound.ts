// What one inbound message does to the database, in the caller's transaction:
// it is recorded in the mailbox's ledger first (a message already there was
// processed before: nothing else happens), then, by what it is,
// - spam (Junk folder): a spam_emails row;
// - a bounce: the send it returns is marked failed with its category; a hard
//   bounce stops the contact and suppresses the address;
// - a reply, auto-reply or unsubscribe request to one of our sends: a replies
//   row; a reply stops the contact's sequence as replied, an unsubscribe
//   request as unsubscribed, an auto-reply only when it says the person left;
// - anything else: only the ledger (kind ignored).
import { sql } from "drizzle-orm";
import type { InboundKind } from "#shared/db-enums.ts";
import { analyzeInbound } from "#shared/mailbox/analyze-inbound.ts";
import type { InboundAnalysis, InboundMessage } from "#shared/mailbox/inbound-message.ts";
import { subjectsMatch } from "#shared/mailbox/reply-subject.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { addSuppression } from "../features/tracking/suppressions.ts";
import { type Executor, queryRows } from "../jobs/sql-helpers.ts";
import { stopContactSequence } from "../jobs/stop-contact-sequence.ts";
import type { FetchedMessage } from "./mailbox-source.ts";
import { parseInbound } from "./parse-inbound.ts";

export type Mailbox = { userId: string; senderAccountId: string; senderEmail: string };

/** A test reply ('Test Reply Tracking') carries this header: it is recorded as seen, and changes nothing else. */
export const TEST_REPLY_HEADER = "x-coldreach-test-reply";

type SendRow = {
  id: string;
  contact_id: string | null;
  campaign_id: string | null;
  to_email: string;
  subject: string;
};

export type Applied = { kind: InboundKind | "duplicate" };

const ids = (list: readonly string[]) => JSON.stringify(list);

async function sendByMessageIds(db: Executor, userId: string, messageIds: string[]): Promise<SendRow | undefined> {
  if (messageIds.length === 0) return undefined;
  const rows = await queryRows<SendRow>(
    db,
    sql`select id, contact_id, campaign_id, to_email, subject from email_sends
        where message_id in (select jsonb_array_elements_text(${ids(messageIds)}::jsonb)) and user_id = ${userId}
        order by created_at desc limit 1`,
  );
  return rows[0];
}

/** No thread headers: the prospect's latest send from this mailbox whose subject is the same once 'Re:'… are removed. */
async function sendBySubject(db: Executor, mailbox: Mailbox, msg: InboundMessage): Promise<SendRow | undefined> {
  if (!msg.from) return undefined;
  const rows = await queryRows<SendRow>(
    db,
    sql`select id, contact_id, campaign_id, to_email, subject from email_sends
        where user_id = ${mailbox.userId} and lower(to_email) = ${msg.from} and lower(from_email) = ${mailbox.senderEmail.toLowerCase()}
          and status = 'sent'
        order by sent_at desc nulls last limit 50`,
  );
  return rows.find((r) => subjectsMatch(r.subject, msg.subject));
}

async function bouncedSend(
  db: Executor,
  mailbox: Mailbox,
  analysis: InboundAnalysis,
  at: Date,
): Promise<SendRow | undefined> {
  const bounce = analysis.bounce;
  if (!bounce) return undefined;
  if (bounce.originalMessageId) {
    const byId = await sendByMessageIds(db, mailbox.userId, [bounce.originalMessageId]);
    if (byId) return byId;
  }
  if (!bounce.recipient) return undefined;
  const rows = await queryRows<SendRow>(
    db,
    sql`select id, contact_id, campaign_id, to_email, subject from email_sends
        where user_id = ${mailbox.userId} and lower(to_email) = ${bounce.recipient}
          and lower(from_email) = ${mailbox.senderEmail.toLowerCase()}
          and created_at <= ${at.toISOString()}::timestamptz
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
) {
  await db.execute(
    sql`insert into replies (user_id, campaign_id, contact_id, email_send_id, contact_email, sender_email, subject,
          reply_content, message_id, replied_at, sender_account_id, kind, reply_class, class_rule, in_reply_to,
          references_header)
        values (${mailbox.userId}, ${send?.campaign_id ?? null}, ${send?.contact_id ?? null}, ${send?.id ?? null},
          ${contactEmail}, ${mailbox.senderEmail}, ${msg.subject}, ${analysis.content}, ${msg.messageId},
          ${at.toISOString()}::timestamptz, ${mailbox.senderAccountId}, ${analysis.kind}, ${analysis.replyClass},
          ${analysis.classRule}, ${msg.inReplyTo}, ${msg.references.join(" ") || null})
        on conflict (user_id, message_id) where message_id is not null do nothing`,
  );
}

export async function applyInbound(db: Executor, mailbox: Mailbox, message: FetchedMessage): Promise<Applied> {
  const msg = await parseInbound(message.raw, { gmailThreadId: message.gmailThreadId });
  const at = msg.date ? new Date(msg.date) : new Date();
  const { kind, effect } = await decide(db, mailbox, message, msg, at);
  const ledger = await queryRows<{ inserted: boolean }>(
    db,
    sql`insert into mailbox_messages (sender_account_id, source_key, user_id, message_id, kind)
        values (${mailbox.senderAccountId}, ${message.sourceKey}, ${mailbox.userId}, ${msg.messageId}, ${kind})
        on conflict do nothing returning true as inserted`,
  );
  if (ledger.length === 0) return { kind: "duplicate" };
  await effect?.();
  return { kind };
}

/** Decides what the message is (reads only); `effect` writes it, once the ledger says it is new. */
async function decide(
  db: Executor,
  mailbox: Mailbox,
  message: FetchedMessage,
  msg: InboundMessage,
  at: Date,
): Promise<{ kind: InboundKind; effect?: () => Promise<void> }> {
  if (msg.headers[TEST_REPLY_HEADER]) return { kind: "ignored" };
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
    const send = await bouncedSend(db, mailbox, analysis, at);
    const recipient = bounce.recipient ?? send?.to_email ?? null;
    if (!send && !recipient) return { kind: "ignored" };
    return {
      kind: "bounce",
      effect: async () => {
        if (send) {
          // The same details (with troubleshooting) as a failure at send time, for the Inbox and Failed emails.
          const detail = [bounce.status, bounce.diagnostic].filter(Boolean).join(" ") || "no reason given";
          const errorMessage = buildSendErrorMessage({
            error: `Bounced (${bounce.hard ? "hard" : "soft"}) after delivery: ${detail}`,
            recipient: send.to_email,
            sender: mailbox.senderEmail,
            subject: send.subject,
            timestamp: at,
            category: bounce.category,
          });
          await db.execute(
            sql`update email_sends set status = 'failed', failure_category = ${bounce.category},
                  bounce_type = ${bounce.hard ? "hard" : "soft"}, error_message = ${errorMessage}
                where id = ${send.id}::uuid`,
          );
        }
        if (recipient) await recordReply(db, mailbox, msg, analysis, send, recipient, at);
        if (!bounce.hard) return;
        if (send?.contact_id) await stopContactSequence(db, send.contact_id, "bounced", at);
        else if (recipient) await addSuppression(db, mailbox.userId, recipient, "bounced");
      },
    };
  }
  const send =
    (await sendByMessageIds(
      db,
      mailbox.userId,
      [msg.inReplyTo, ...msg.references].filter((x): x is string => !!x),
    )) ?? (await sendBySubject(db, mailbox, msg));
  if (!send) return { kind: "ignored" };
  return {
    kind: analysis.kind,
    effect: async () => {
      await recordReply(db, mailbox, msg, analysis, send, msg.from || send.to_email, at);
      if (analysis.kind === "reply") {
        await db.execute(sql`update email_sends set replied_at = coalesce(replied_at, ${at.toISOString()}::timestamptz)
                             where id = ${send.id}::uuid`);
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "replied", at);
      } else if (analysis.kind === "unsubscribe") {
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "unsubscribed", at);
        else await addSuppression(db, mailbox.userId, msg.from || send.to_email, "unsubscribed");
      } else if (analysis.kind === "auto_reply" && analysis.stopsSequence) {
        // The person has left: stop as a bounce would, without counting a reply.
        if (send.contact_id) await stopContactSequence(db, send.contact_id, "bounced", at);
        else await addSuppression(db, mailbox.userId, msg.from || send.to_email, "bounced");
      }
    },
  };
}
