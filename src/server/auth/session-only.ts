// Routes a browser session may call and an API key may not. Each is bound to
// the sign-in itself, which a key does not have: the session list marks "this
// device" and signs sessions out; Gmail connect signs its OAuth state with the
// session's id; and keys are managed only from a signed-in browser, so that a
// leaked key cannot make itself new keys or revoke the owner's (a key request
// carries no session id: these are the only routes that read one).
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./session.ts";

/** Paths under /api (prefixes end with "/"; the rest match exactly). The security suites read this list too. */
export const SESSION_ONLY_PATHS = [
  "/api/account/",
  "/api/api-keys",
  "/api/api-keys/",
  "/api/senders/gmail/auth-url",
  "/api/senders/gmail/token-exchange",
] as const;

export function isSessionOnlyPath(path: string): boolean {
  return SESSION_ONLY_PATHS.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p));
}

export const SESSION_ONLY_MESSAGE = "This route needs a signed-in browser session: an API key cannot use it";

/** Refuses API key requests on the session-only paths with a 403; session requests go on. */
export function sessionOnly() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get("credential") === "api_key" && isSessionOnlyPath(c.req.path)) {
      throw new AppError("forbidden", SESSION_ONLY_MESSAGE);
    }
    await next();
  });
}
