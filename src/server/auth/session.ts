// Every /api route except the public ones runs behind requireUser, which puts
// the signed-in user on the context; services receive its id and scope every
// query with it.
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.ts";
import type { Auth } from "./auth.ts";

export type SessionUser = { id: string; email: string; name: string; fullName?: string | null };

export type AppEnv = {
  Variables: {
    user: SessionUser;
    sessionExpiresAt: Date;
    /** The session's id (not its token): what a flow bound to this sign-in (Gmail connect's OAuth state) signs. */
    sessionId: string;
  };
};

export function requireUser(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new AppError("unauthorized", "You must be signed in");
    c.set("user", result.user as SessionUser);
    c.set("sessionExpiresAt", result.session.expiresAt);
    c.set("sessionId", result.session.id);
    await next();
  });
}
