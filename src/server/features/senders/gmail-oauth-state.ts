// Gmail connect's OAuth `state`: URL-encoded JSON {senderEmail, nonce}. The
// nonce is signed (HMAC-SHA256, a key derived from APP_SECRET) over the
// signed-in user, the session, the sender's address, the redirect URI and an
// expiry, so a state only completes the flow in the session that started it,
// for the sender it names, within a few minutes. Issuing stores nothing
// (several web processes accept each other's states; a forged one, or one
// from another session, fails the signature); using one records its nonce
// (gmail-state-claim.ts), so a state completes one flow only: Google's consent
// page opened twice with one state gives two codes, and only the first
// exchange is accepted.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { parseGmailState } from "#shared/senders/gmail-sync.schemas.ts";

/** How long the user has to get through Google's consent screen. */
export const GMAIL_STATE_TTL_MS = 15 * 60_000;

/** What a state is bound to, besides its sender. */
export type StateSession = { userId: string; sessionId: string; redirectUri: string };

export function createGmailStateSigner(appSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", appSecret, "coldreach", "gmail-oauth-state v1", 32));

  function mac(session: StateSession, senderEmail: string, expires: number, random: string): Buffer {
    return createHmac("sha256", key)
      .update(
        [session.userId, session.sessionId, senderEmail.toLowerCase(), session.redirectUri, expires, random].join("\n"),
      )
      .digest();
  }

  return {
    /** A fresh state for this session and sender. */
    issue(session: StateSession, senderEmail: string, now: Date): string {
      const expires = now.getTime() + GMAIL_STATE_TTL_MS;
      const random = randomBytes(16).toString("base64url");
      const nonce = `${expires}.${random}.${mac(session, senderEmail, expires, random).toString("base64url")}`;
      return encodeURIComponent(JSON.stringify({ senderEmail, nonce }));
    },

    /**
     * The sender address (and the signed nonce and its expiry, what marks it used) of a state this
     * session issued for this redirect URI and that has not expired, else null.
     */
    verify(
      state: string,
      session: StateSession,
      now: Date,
    ): { senderEmail: string; nonce: string; expiresAt: Date } | null {
      const parsed = parseGmailState(state);
      if (!parsed) return null;
      const [expiresText, random, signature, ...rest] = parsed.nonce.split(".");
      if (!expiresText || !random || !signature || rest.length > 0 || !/^\d{1,16}$/.test(expiresText)) return null;
      const expires = Number(expiresText);
      if (expires < now.getTime()) return null;
      const expected = mac(session, parsed.senderEmail, expires, random);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { senderEmail: parsed.senderEmail, nonce: parsed.nonce, expiresAt: new Date(expires) };
    },
  };
}
