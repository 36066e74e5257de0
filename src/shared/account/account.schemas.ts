// Settings › Account's contract: the signed-in sessions of the user (device,
// address, last seen; this one marked). Its words: account-messages.ts.
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
