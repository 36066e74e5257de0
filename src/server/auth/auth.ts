// better-auth: email + password with required email verification, Google when
// configured, database-backed rate limits (shared by every web process) and
// httpOnly cookie sessions. Mounted at /api/auth/*.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { SystemMailer } from "../mail/system-mailer.ts";
import { addressRules } from "./auth-rate-limits.ts";
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
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    emailVerification: {
      sendOnSignUp: true,
      // Unverified sign-in attempts get a fresh link, so a lost email is not a dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        const name = (user as { fullName?: string | null }).fullName ?? user.name;
        try {
          await mailer.send(verificationEmail(user.email, name ?? "", url));
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
