// The Inbox's Reply and New Email buttons open Compose (/inbox/compose) with
// its fields prefilled through the query string (to, from, subject), which the
// compose page reads.
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
