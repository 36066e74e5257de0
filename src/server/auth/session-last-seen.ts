// Keeps each session's last_seen_at current for the Settings › Account list:
// better-auth only touches a session row every updateAge (a day), so behind
// requireUser this writes the time of the request, at most once a minute per
// session: this process skips sessions it wrote within the minute without a
// query, and the UPDATE's own condition keeps other processes to the same.
import { and, eq, lt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema/auth.ts";
import type { Logger } from "../logger.ts";
import type { AppEnv } from "./session.ts";

const MINUTE_MS = 60_000;
/** Sessions remembered by this process; past this, the memory starts again (a query or two more, no harm). */
const MAX_REMEMBERED = 10_000;

export function recordLastSeen(db: Db, log: Logger) {
  const written = new Map<string, number>();
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = c.get("sessionId");
    const now = Date.now();
    const last = written.get(id);
    if (id && (last === undefined || now - last >= MINUTE_MS)) {
      if (written.size >= MAX_REMEMBERED) written.clear();
      written.set(id, now);
      const at = new Date(now);
      try {
        await db
          .update(session)
          .set({ lastSeenAt: at })
          .where(and(eq(session.id, id), lt(session.lastSeenAt, new Date(now - MINUTE_MS))));
      } catch (err) {
        // A missed last-seen is not worth failing the request over.
        log.warn({ err, sessionId: id }, "could not record the session's last request");
      }
    }
    await next();
  });
}
