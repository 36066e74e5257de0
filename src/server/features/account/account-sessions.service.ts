// The user's signed-in sessions (better-auth's session rows), listed and ended
// for Settings › Account. Every query is scoped to the user: another user's
// session is "not found". Ending one deletes its row, which ends it at once
// (no cookie cache is configured, so every request reads the row).
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { AccountSession } from "#shared/account/account.schemas.ts";
import { accountMessages } from "#shared/account/account-messages.ts";
import type { Db } from "../../db/client.ts";
import { session } from "../../db/schema/auth.ts";
import { AppError } from "../../errors.ts";
import { sessionDevice } from "./session-device.ts";

/** Addresses better-auth could not know (in-process requests, no socket). */
const knownAddress = (ip: string | null) => (ip && ip !== "unknown" ? ip : null);

export function createAccountSessionsService(db: Db) {
  return {
    async list(userId: string, currentId: string, now = new Date()): Promise<AccountSession[]> {
      const rows = await db
        .select()
        .from(session)
        .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
        .orderBy(desc(session.lastSeenAt), desc(session.createdAt));
      const sessions = rows.map((row) => ({
        id: row.id,
        device: sessionDevice(row.userAgent),
        ipAddress: knownAddress(row.ipAddress),
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentId,
      }));
      // This device first, then the others by last seen.
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
    },

    /** Ends one of the user's other sessions. */
    async revoke(userId: string, currentId: string, id: string): Promise<void> {
      if (id === currentId) throw new AppError("bad_request", accountMessages.currentSession);
      const deleted = await db
        .delete(session)
        .where(and(eq(session.id, id), eq(session.userId, userId)))
        .returning({ id: session.id });
      if (deleted.length === 0) throw new AppError("not_found", accountMessages.sessionNotFound);
    },

    /** Ends every session of the user but this one; how many it ended. */
    async revokeOthers(userId: string, currentId: string): Promise<number> {
      const deleted = await db
        .delete(session)
        .where(and(eq(session.userId, userId), ne(session.id, currentId)))
        .returning({ id: session.id });
      return deleted.length;
    },
  };
}
