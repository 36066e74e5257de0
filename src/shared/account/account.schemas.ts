// Settings › Account's contract: the signed-in sessions of the user (device,
// address, last seen; this one marked) and the words the section shows.
import { z } from "@hono/zod-openapi";

export const accountSessionSchema = z
  .object({
    id: z.string(),
    /** "Chrome 131 on macOS", from the session's user agent; "Unknown device" without one. */
    device: z.string(),
    /** The client address the session signed in from, or null when it was not known. */
    ipAddress: z.string().nullable(),
    signedInAt: z.string(),
    /** The session's last request (recorded at most once a minute). */
    lastSeenAt: z.string(),
    /** The session making this request ("This device"). */
    current: z.boolean(),
  })
  .meta({ id: "AccountSession" });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z
  .object({ sessions: z.array(accountSessionSchema) })
  .meta({ id: "AccountSessionList" });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const signedOutSchema = z.object({ signedOut: z.number().int() }).meta({ id: "SignedOutSessions" });

export const accountMessages = {
  sessionNotFound: "Session not found",
  currentSession: "This is the session you are using: sign out from the menu instead.",
  /** Forgot password: the one answer for every address (the README's auth section quotes it). */
  resetRequested:
    "If an account exists for that address, we sent a link to reset its password. The link works once, for an hour.",
  resetDone: "Your password was changed. Sign in with your new password.",
  resetLinkInvalid: "This link has expired or was already used. Ask for a new one.",
  passwordChanged: "Password changed. Your other sessions were signed out.",
  currentPasswordRequired: "Enter your current password.",
  currentPasswordWrong: "Your current password is not right.",
  sessionSignedOut: "Session signed out.",
  othersSignedOut: "Signed out everywhere else.",
};
