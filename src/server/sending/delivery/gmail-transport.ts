// Delivery through the Gmail API for Gmail senders connected with OAuth (no
// SMTP password): the stored refresh token is exchanged for an access token
// (google-oauth.ts, shared with the mailbox sync's Gmail source), and the
// message, built as RFC 822 by nodemailer's MailComposer (the same MIME as
// over SMTP), is posted base64url-encoded to users.messages.send. Google signs
// it with its own DKIM. Both URLs are configurable so tests run against a
// local fake server.
import MailComposer from "nodemailer/lib/mail-composer";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { createAccessTokens, GOOGLE_OAUTH_TOKEN_URL, parseJson } from "../../mail/google-oauth.ts";
import type { DeliveryResult, HandOff, OutgoingMessage, SenderTransport } from "../outgoing.ts";
import { deliveryErrorFromFetch, deliveryErrorFromGmail } from "./delivery-error.ts";
import { toMailOptions } from "./smtp-transport.ts";

/** The secret-box purpose of sender_accounts.gmail_refresh_token_encrypted. */
export const GMAIL_REFRESH_TOKEN_PURPOSE = secretPurposes.gmailRefreshToken;

export type GmailTransportOptions = {
  senderEmail: string;
  refreshToken: string;
  clientId: string;
  clientSecret: string;
  /** e.g. https://gmail.googleapis.com (config.gmailApiBaseUrl) */
  apiBaseUrl: string;
  tokenUrl?: string;
  timeoutMs?: number;
  /** Sends in flight at once for this account (default 2, like an SMTP sender's pool); the rest wait their turn. */
  maxConcurrent?: number;
};

/** The RFC 822 bytes of a rendered message. */
export function buildRawMessage(message: OutgoingMessage): Promise<Buffer> {
  return new MailComposer(toMailOptions(message)).compile().build();
}

/**
 * At most `limit` tasks running at once, the others started in arrival order.
 * The engine hands a worker's whole batch to the transports at once; Google
 * rate-limits a mailbox's concurrent requests (429), so one account's sends go
 * a few at a time, as an SMTP sender's go over its pool's connections.
 */
function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export function createGmailTransport(opts: GmailTransportOptions): SenderTransport {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const inTurn = concurrencyLimit(opts.maxConcurrent ?? 2);
  const tokens = createAccessTokens({
    tokenUrl: opts.tokenUrl ?? GOOGLE_OAUTH_TOKEN_URL,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    refreshToken: opts.refreshToken,
    senderEmail: opts.senderEmail,
    timeoutMs,
  });

  async function post(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, method: "POST", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw deliveryErrorFromFetch(error, what);
    }
  }

  function send(token: string, raw: string): Promise<Response> {
    return post(
      `${opts.apiBaseUrl}/gmail/v1/users/me/messages/send`,
      {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ raw }),
      },
      "Sending through the Gmail API",
    );
  }

  // The request timeout starts here, when the send's turn has come, not while it waits for one.
  async function deliverNow(message: OutgoingMessage, handOff: HandOff | undefined): Promise<DeliveryResult> {
    const raw = (await buildRawMessage(message)).toString("base64url");
    const token = await tokens.get();
    // The send request is the point after which Google may deliver it.
    await handOff?.confirm();
    let response = await send(token, raw);
    if (response.status === 401) {
      // Revoked early or expired on Google's clock: one fresh token, one more try.
      tokens.invalidate();
      response = await send(await tokens.get(), raw);
    }
    const body = await response.text();
    if (!response.ok) throw deliveryErrorFromGmail("send", response.status, body, opts.senderEmail);
    const id = parseJson<{ id: string }>(body).id ?? "";
    return { messageId: message.messageId, response: `Gmail API accepted the message (id ${id})` };
  }

  return {
    deliver: (message: OutgoingMessage, handOff?: HandOff) => inTurn(() => deliverNow(message, handOff)),
  };
}
