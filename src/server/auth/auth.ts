// better-auth: email + password with required email verification, Google when
// configured, database-backed rate limits (shared by every web process) and
// httpOnly cookie sessions. Mounted at /api/auth/*.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESET_LINK_TTL_SECONDS } from "#shared/auth/password-rule.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { SystemMailer } from "../mail/system-mailer.ts";
import { addressRules } from "./auth-rate-limits.ts";
import { resetPasswordEmail, resetPasswordLink } from "./reset-password-email.ts";
import { verificationEmail } from "./verification-email.ts";

/** Set by the server from the socket, replacing any client value. */
export const CLIENT_IP_HEADER = "x-coldreach-client-ip";

export type AuthDeps = { config: Config; db: Db; mailer: SystemMailer; log: Logger };

export function createAuth({ config, db, mailer, log }: AuthDeps) {
  return betterAuth({
    appName: "Coldreach",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.appSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Forgot password: a single-use link (better-auth consumes its token with
      // the password write) valid an hour; every session of the account ends.
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Off the request path: the answer for a known address must not wait
        // on SMTP, or its timing would tell which addresses have accounts.
        // The link is ours (not the client's redirectTo): better-auth's check
        // of the token, then /reset-password. No token or link in the log.
        const message = resetPasswordEmail(user.email, resetPasswordLink(config.publicUrl, token));
        mailer.send(message).catch((err: unknown) => {
          log.error({ err: errorSummary(err), userId: user.id }, "could not send the password reset email");
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Unverified sign-in attempts get a fresh link, so a lost email is not a dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        try {
          // No sign-up name: the address is not confirmed yet (verification-email.ts).
          await mailer.send(verificationEmail(user.email, url));
        } catch (err) {
          log.error({ err, userId: user.id }, "could not send the verification email");
          throw err;
        }
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            mapProfileToUser: (profile) => ({ fullName: profile.name }),
          },
        }
      : {},
    account: { encryptOAuthTokens: true },
    user: {
      additionalFields: {
        fullName: { type: "string", required: false, input: true },
      },
    },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: "database",
      window: 60,
      max: 100,
      // Per client address, credentials only (reading the session is not
      // counted); the per-account limit is auth-rate-limits.ts's middleware.
      customRules: addressRules(config.authLimits),
    },
    advanced: {
      // Explicit: better-auth skips the origin (CSRF) check when it detects a
      // test runner, and the tests must exercise what production runs.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    hooks: {
      // Changing the password ends every other session, whatever the client
      // asked: better-auth only does so with revokeOtherSessions, and a
      // password changed because it leaked must not leave the thief signed in.
      // better-auth then gives the changing session a new cookie.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password" || !ctx.body || typeof ctx.body !== "object") return;
        return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => {
        if (level === "error") log.error({ source: "better-auth" }, message);
        else if (level === "warn") log.warn({ source: "better-auth" }, message);
        else log.debug({ source: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What a failed send logs: the error's kind and SMTP code, never the message (it could quote the link). */
function errorSummary(err: unknown): { name: string; code?: string; responseCode?: number } {
  const e = err as { name?: string; code?: string; responseCode?: number } | null;
  return {
    name: e?.name ?? "Error",
    ...(typeof e?.code === "string" ? { code: e.code } : {}),
    ...(typeof e?.responseCode === "number" ? { responseCode: e.responseCode } : {}),
  };
}
