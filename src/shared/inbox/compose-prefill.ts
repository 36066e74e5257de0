// The Inbox's Reply and New Email buttons open Compose (/inbox/compose) with
// its fields prefilled through the query string (to, from, subject), which the
// compose page reads. Reply on a received reply names that reply instead
// (?reply=<id>): Compose loads it and answers it in its thread, quoted.
import { replySubject } from "./reply-subject.ts";

export const COMPOSE_PATH = "/inbox/compose";

export type ComposePrefill = { to?: string | null; from?: string | null; subject?: string | null };

/** /inbox/compose with the non-empty fields as query parameters. */
export function composeHref(prefill: ComposePrefill): string {
  const params = new URLSearchParams();
  for (const key of ["to", "from", "subject"] as const) {
    const value = prefill[key]?.trim();
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${COMPOSE_PATH}?${query}` : COMPOSE_PATH;
}

type SendRef = { toEmail: string; fromEmail: string | null; subject: string };

/** Reply: to the recipient of the email, from the address it was sent from, subject 'Re: …'. */
export function replyHref(send: SendRef): string {
  return composeHref({ to: send.toEmail, from: send.fromEmail, subject: replySubject(send.subject) });
}

/** New Email: to the same recipient from the same address, with a blank subject. */
export function newEmailHref(send: Omit<SendRef, "subject">): string {
  return composeHref({ to: send.toEmail, from: send.fromEmail });
}

/** Reply on a received reply: Compose loads the reply by id and answers it (answerToReply). */
export function answerReplyHref(reply: { id: string }): string {
  return `${COMPOSE_PATH}?${new URLSearchParams({ reply: reply.id })}`;
}

/** At most this many References are sent (the compose API's limit). */
export const MAX_REFERENCES = 100;

/**
 * The threading headers of an answer to a message (RFC 5322 §3.6.4):
 * In-Reply-To is its Message-ID, References its References followed by its
 * Message-ID (the oldest dropped past the limit, repeats removed). A message
 * without a Message-ID cannot be answered in its thread: its References, if
 * any, are kept.
 */
export function threadingFor(messageId: string | null, references: readonly string[]) {
  const chain = [...new Set([...references, ...(messageId ? [messageId] : [])])].slice(-MAX_REFERENCES);
  return {
    ...(messageId ? { inReplyTo: messageId } : {}),
    ...(chain.length > 0 ? { references: chain } : {}),
  };
}

/** "> " before every line of the message answered. */
export function quoteText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .trimEnd()
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

export type AnsweredReply = {
  contactEmail: string;
  senderEmail: string;
  subject: string | null;
  content: string;
  messageId: string | null;
  references: readonly string[];
};

/**
 * Compose's fields to answer a received reply: to the person who replied,
 * from the mailbox it came to, 'Re: ' its subject, an empty line to write in
 * above the quoted message (introduced by `wroteLine`), in its thread.
 */
export function answerToReply(reply: AnsweredReply, wroteLine: string) {
  const quoted = reply.content.trim() ? `${wroteLine}\n${quoteText(reply.content)}` : "";
  return {
    to: reply.contactEmail,
    from: reply.senderEmail,
    subject: replySubject(reply.subject),
    message: quoted ? `\n\n${quoted}` : "",
    ...threadingFor(reply.messageId, reply.references),
  };
}
