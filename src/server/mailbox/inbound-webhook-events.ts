// The webhook events of what an inbound message did, emitted in the same
// transaction as its effect (apply-inbound.ts): a bounce (email.bounced), a
// reply or auto-reply (reply.received, with the lead's status as it stands
// after this message: another part of the same transaction may have just
// set it), an unsubscribe request (contact.unsubscribed, source mailbox).
// One statement each; nothing is stored when no endpoint of the user wants it.
import { sql } from "drizzle-orm";
import type { BounceType, FailureCategory, FailureReason, InboundKind, ReplyClass } from "#shared/db-enums.ts";
import type { Executor } from "../db/sql-helpers.ts";
import { emitWebhookEvents, emitWebhookEventsFrom } from "../webhooks/emit-events.ts";

type Send = { id: string; user_id: string; contact_id: string | null; campaign_id: string | null; to_email: string };

/** The most of a reply's text a webhook carries. */
export const REPLY_EXCERPT_CHARS = 500;

export function emitInboundBounce(
  db: Executor,
  send: Send,
  bounce: { hard: boolean; category: FailureCategory | null; reason: FailureReason | null },
  at: Date,
): Promise<void> {
  const bounceType: BounceType = bounce.hard ? "hard" : "soft";
  return emitWebhookEvents(db, [
    {
      userId: send.user_id,
      type: "email.bounced",
      occurredAt: at,
      data: {
        sendId: send.id,
        campaignId: send.campaign_id,
        contactId: send.contact_id,
        email: send.to_email.toLowerCase(),
        bounceType,
        category: bounce.category,
        reason: bounce.reason,
        source: "mailbox",
        bouncedAt: at.toISOString(),
      },
    },
  ]);
}

export function emitInboundReply(
  db: Executor,
  send: Send,
  reply: {
    from: string;
    senderEmail: string;
    subject: string;
    content: string;
    kind: InboundKind;
    replyClass: ReplyClass | null;
  },
  at: Date,
): Promise<void> {
  const data = {
    sendId: send.id,
    campaignId: send.campaign_id,
    contactId: send.contact_id,
    email: reply.from.toLowerCase(),
    senderEmail: reply.senderEmail,
    subject: reply.subject,
    excerpt: reply.content.trim().slice(0, REPLY_EXCERPT_CHARS),
    kind: reply.kind,
    replyClass: reply.replyClass,
    receivedAt: at.toISOString(),
  };
  // The lead's status is read by the statement itself: whatever this transaction set before it.
  return emitWebhookEventsFrom(
    db,
    sql`select ${send.user_id}::text as user_id, 'reply.received'::text as type,
          ${JSON.stringify(data)}::jsonb || jsonb_build_object('leadStatus',
            (select ls.status from lead_statuses ls
             where ls.user_id = ${send.user_id} and ls.email = lower(${send.to_email}))) as data,
          ${at.toISOString()}::timestamptz as occurred_at`,
  );
}

export function emitInboundUnsubscribe(db: Executor, send: Send, at: Date): Promise<void> {
  return emitWebhookEvents(db, [
    {
      userId: send.user_id,
      type: "contact.unsubscribed",
      occurredAt: at,
      data: {
        email: send.to_email.toLowerCase(),
        sendId: send.id,
        campaignId: send.campaign_id,
        contactId: send.contact_id,
        source: "mailbox",
        unsubscribedAt: at.toISOString(),
      },
    },
  ]);
}
