// Every /api route except the public ones runs behind requireUser, which puts
// the signed-in user on the context; services receive its id and scope every
// query with it. The user comes from the session cookie, or from an API key
// (Authorization: Bearer, api-key-auth.ts): the same user either way, so the
// same scoping holds for both.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { bearerCredential } from "#shared/api-keys/api-key-format.ts";
import { AppError } from "../errors.ts";
import type { Auth } from "./auth.ts";

export type SessionUser = { id: string; email: string; name: string; fullName?: string | null };

export type RequestCredential = "session" | "api_key";

export type AppEnv = {
  Variables: {
    user: SessionUser;
    /** What the request signed in with: the browser's session, or an API key. */
    credential: RequestCredential;
    /** The API key's id, on API key requests only. */
    apiKeyId?: string;
    /**
     * The session's expiry and id, on session requests only: an API key
     * request has no session, and the routes that read these are session-only
     * (session-only.ts refuses keys there with a 403).
     */
    sessionExpiresAt: Date;
    /** The session's id (not its token): what a flow bound to this sign-in (Gmail connect's OAuth state) signs. */
    sessionId: string;
  };
};

/** What requireUser needs of API keys (api-key-auth.ts): the key's owner, a Response to answer with, or a thrown AppError. */
export type BearerAdmission = {
  admit(c: Context, token: string): Promise<{ keyId: string; user: SessionUser } | Response>;
};

export function requireUser(auth: Auth, apiKeys: BearerAdmission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Only the Bearer scheme is a key: another one (Basic from a proxy in
    // front of the app) is left alone, and the cookie decides.
    const credential = bearerCredential(c.req.header("authorization"));
    if (credential.kind === "bearer") {
      const admitted = await apiKeys.admit(c, credential.token);
      if (admitted instanceof Response) return admitted;
      c.set("user", admitted.user);
      c.set("credential", "api_key");
      c.set("apiKeyId", admitted.keyId);
      await next();
      return;
    }
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new AppError("unauthorized", "You must be signed in");
    c.set("user", result.user as SessionUser);
    c.set("credential", "session");
    c.set("sessionExpiresAt", result.session.expiresAt);
    c.set("sessionId", result.session.id);
    await next();
  });
}
