// Google OAuth for Gmail senders: the refresh token → access token exchange
// that sending (gmail-transport.ts) and reading (mailbox/gmail-source.ts)
// share, and Gmail connect's authorization-code exchange and revocation
// (features/senders/gmail-connect.service.ts). Every URL comes from the
// caller (config.googleEndpoints), so tests run against a local stand-in.
// Tokens travel only in request bodies and headers, never in messages.
import { deliveryErrorFromFetch, deliveryErrorFromGmail } from "../sending/delivery/delivery-error.ts";

export const GOOGLE_OAUTH_TOKEN_URL = "https://oauth2.googleapis.com/token";

/**
 * What Gmail connect asks for: sending (gmail.send) and reading with label
 * changes (gmail.modify), which the mailbox sync needs to read replies,
 * bounces and spam and to move a restored message from Spam back to the
 * inbox. gmail.readonly would read but not restore. gmail.modify also covers
 * sending; gmail.send is asked for beside it so the consent screen says so.
 */
export const GMAIL_SCOPES = [
  "https://www.googleapis.com/auth/gmail.send",
  "https://www.googleapis.com/auth/gmail.modify",
] as const;

/** An access token is renewed this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

export function parseJson<T>(body: string): Partial<T> {
  try {
    return JSON.parse(body) as Partial<T>;
  } catch {
    return {};
  }
}

export type AccessTokenOptions = {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Names the account in error messages. */
  senderEmail: string;
  timeoutMs: number;
};

export type AccessTokens = {
  /** A valid access token: the cached one, or a fresh one (concurrent callers share one refresh). */
  get(): Promise<string>;
  /** Forgets the cached token (Google answered 401 with it). */
  invalidate(): void;
};

/**
 * Access tokens for one refresh token. Failures are DeliveryErrors with a
 * message a user can act on ("… was revoked or has expired: reconnect it in
 * Senders"), built from Google's error code, never from a token.
 */
export function createAccessTokens(opts: AccessTokenOptions): AccessTokens {
  let cached: { token: string; expiresAt: number } | null = null;
  let refreshing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(opts.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
          refresh_token: opts.refreshToken,
          grant_type: "refresh_token",
        }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (error) {
      throw deliveryErrorFromFetch(error, "Getting a Gmail access token");
    }
    const body = await response.text();
    if (!response.ok) throw deliveryErrorFromGmail("token", response.status, body, opts.senderEmail);
    const parsed = parseJson<{ access_token: string; expires_in: number }>(body);
    if (!parsed.access_token) throw deliveryErrorFromGmail("token", 502, body, opts.senderEmail);
    cached = { token: parsed.access_token, expiresAt: Date.now() + (parsed.expires_in ?? 3600) * 1000 };
    return parsed.access_token;
  }

  return {
    get() {
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return Promise.resolve(cached.token);
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    invalidate() {
      cached = null;
    },
  };
}

export type CodeExchange =
  | { kind: "tokens"; refreshToken: string | null; accessToken: string | null }
  /** Google answered with an error (invalid_grant: a used or expired code, redirect_uri_mismatch…). */
  | { kind: "refused"; status: number; reason: string }
  /** No answer (refused connection, timeout) or not one Google would give. */
  | { kind: "unreachable"; detail: string };

/** The authorization-code grant: the code from Google's redirect → a refresh token (with access_type=offline). */
export async function exchangeAuthorizationCode(opts: {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  timeoutMs: number;
}): Promise<CodeExchange> {
  let response: Response;
  try {
    response = await fetch(opts.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        code: opts.code,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uri: opts.redirectUri,
        grant_type: "authorization_code",
      }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    return { kind: "unreachable", detail: err.cause?.code ?? err.name };
  }
  const body = await response.text();
  const parsed = parseJson<{ refresh_token: string; access_token: string; error: string }>(body);
  if (!response.ok) {
    if (response.status >= 500) return { kind: "unreachable", detail: `HTTP ${response.status}` };
    return { kind: "refused", status: response.status, reason: String(parsed.error ?? `HTTP ${response.status}`) };
  }
  if (!parsed.access_token && !parsed.refresh_token) return { kind: "unreachable", detail: "no tokens in the answer" };
  return { kind: "tokens", refreshToken: parsed.refresh_token || null, accessToken: parsed.access_token || null };
}

/**
 * Revokes a token at Google (RFC 7009): the app's access to the account ends.
 * Resolves with what went wrong, or null; it never throws, because a
 * disconnect goes on whatever Google says.
 */
export async function revokeGoogleToken(opts: {
  revokeUrl: string;
  token: string;
  timeoutMs: number;
}): Promise<string | null> {
  try {
    const response = await fetch(opts.revokeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: opts.token }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    if (response.ok) return null;
    const reason = parseJson<{ error: string }>(await response.text()).error;
    return `HTTP ${response.status}${reason ? ` (${reason})` : ""}`;
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    return err.cause?.code ?? err.name;
  }
}
