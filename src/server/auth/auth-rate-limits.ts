// Rate limits guard credentials, not reading. Two layers:
//
// - Per client address, by better-auth's own limiter (database-backed, shared
//   by every web process): only the calls that try a credential or send mail
//   (sign-in, sign-up, password reset, email confirmation). Reading the
//   session, signing out and the other read-only calls are not counted, so a
//   user opening many pages, or an office behind one address, is never
//   refused.
// - Per account (the email address in the request), here: sign-in failures,
//   and every sign-up, reset or confirmation-mail request, are counted; past
//   a number of free attempts each further one asks for a wait that doubles
//   (AUTH_ACCOUNT_DELAY_SECONDS, up to AUTH_ACCOUNT_MAX_DELAY_SECONDS) and
//   expires. A delay, never a lockout: nobody can shut a user out for longer
//   than the longest delay, and an attacker rotating addresses is still slowed
//   for that account.
//
// A refused request gets 429 with Retry-After (seconds) and better-auth's
// error shape ({ code, message }), which the auth client shows.
import type { Context, MiddlewareHandler } from "hono";
import { authLimitMessages } from "#shared/auth/auth-limits.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createLimiter } from "../http/limiter-store.ts";

const MINUTE = 60;

type AuthLimits = Config["authLimits"];

/**
 * better-auth's rateLimit.customRules: per-address limits of the credential
 * calls, and `false` (not counted) for the read-only ones. Every other path
 * keeps better-auth's default (100 a minute, stricter for password changes).
 */
export function addressRules(limits: AuthLimits) {
  return {
    "/sign-in/email": { window: MINUTE, max: limits.signInsPerAddressPerMinute },
    "/sign-up/email": { window: MINUTE, max: 10 },
    "/request-password-reset": { window: MINUTE, max: 5 },
    "/reset-password": { window: MINUTE, max: 10 },
    "/send-verification-email": { window: MINUTE, max: 5 },
    "/verify-email": { window: MINUTE, max: 20 },
    "/get-session": false,
    "/sign-out": false,
    "/list-sessions": false,
    "/list-accounts": false,
    "/account-info": false,
    "/ok": false,
    "/error": false,
  } as const;
}

/** The calls limited per account, by their path under /api/auth, and what counts as an attempt. */
const accountActions: Record<string, "failure" | "request"> = {
  "/api/auth/sign-in/email": "failure",
  "/api/auth/sign-up/email": "request",
  "/api/auth/request-password-reset": "request",
  "/api/auth/send-verification-email": "request",
};

function limited(c: Context, seconds: number, message: string): Response {
  c.header("Retry-After", String(seconds));
  return c.json({ code: "RATE_LIMITED", message }, 429);
}

/** The account a request names: its body's email, as better-auth compares it (lower-cased). */
async function accountOf(req: Request): Promise<string | null> {
  try {
    const body: unknown = await req.clone().json();
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The delay after `attempts` counted attempts: none while free, then doubling from the first delay up to the cap. */
export function accountDelaySeconds(attempts: number, limits: AuthLimits): number {
  const over = attempts - limits.accountFreeAttempts;
  if (over < 0) return 0;
  return Math.min(limits.accountMaxDelaySeconds, limits.accountDelaySeconds * 2 ** Math.min(over, 30));
}

export function accountRateLimit(database: Database, limits: AuthLimits): MiddlewareHandler {
  // Attempts are remembered for a while after the longest delay, so that the
  // delay keeps growing for an account under attack, and forgotten after.
  const attempts = createLimiter(database, {
    keyPrefix: "auth_account_attempts",
    points: 1_000_000,
    duration: Math.max(15 * MINUTE, limits.accountMaxDelaySeconds * 2),
  });
  // One point: block() marks the account as waiting until the delay ends.
  const waits = createLimiter(database, { keyPrefix: "auth_account_wait", points: 1, duration: 1 });

  return async (c, next) => {
    const counts = c.req.method === "POST" ? accountActions[c.req.path] : undefined;
    const account = counts ? await accountOf(c.req.raw) : null;
    if (!counts || !account) return next();
    const key = `${c.req.path}:${account}`;

    const waiting = await waits.get(key);
    if (waiting && waiting.consumedPoints > 1 && waiting.msBeforeNext > 0) {
      const seconds = Math.max(1, Math.ceil(waiting.msBeforeNext / 1000));
      return limited(c, seconds, authLimitMessages.account(seconds));
    }

    await next();

    if (counts === "failure" && c.res.ok) {
      // The right password: the account's count starts again.
      await attempts.delete(key);
      return;
    }
    if (counts === "failure" && c.res.status !== 401) return;
    const counted = await attempts.penalty(key);
    const delay = accountDelaySeconds(counted.consumedPoints, limits);
    if (delay > 0) await waits.block(key, delay);
  };
}

/**
 * better-auth refuses over-limit calls with 429, X-Retry-After and a message
 * of its own; clients and proxies read Retry-After, and the user is told how
 * long to wait.
 */
export async function withRetryAfter(res: Response): Promise<Response> {
  if (res.status !== 429 || res.headers.has("retry-after")) return res;
  const seconds = Math.max(1, Number(res.headers.get("x-retry-after")) || MINUTE);
  const headers = new Headers(res.headers);
  headers.set("retry-after", String(seconds));
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ code: "RATE_LIMITED", message: authLimitMessages.address(seconds) }), {
    status: 429,
    headers,
  });
}
