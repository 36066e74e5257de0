// Bearer API keys on the signed-in API (docs/product.md §21, decision
// 033). A request with `Authorization: Bearer …` is judged by its key alone:
// a cookie sent beside it is not read, so a bad key is a 401 even for a
// signed-in browser, and a script cannot fall back on someone's session.
// The key is looked up by its hash on every request (a revoked key stops at
// once), counted against its own per-minute budget (shared by every web
// process: takeRateLimit), refused on writes when it is read-only, and
// its last use is written at most once a minute.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { isApiKeyFormat } from "#shared/api-keys/api-key-format.ts";
import type { ApiKeyAccess } from "#shared/db-enums.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { apiKeys } from "../db/schema/api-keys.ts";
import { user } from "../db/schema/auth.ts";
import { AppError, errorBody } from "../errors.ts";
import { takeRateLimit } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { hashApiKey } from "./api-key-secret.ts";
import type { SessionUser } from "./session.ts";

const MINUTE_MS = 60_000;
/** Keys remembered by this process for the last-used write; past this the memory starts again. */
const MAX_REMEMBERED = 10_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const apiKeyMessages = {
  malformed: "The Authorization header does not hold a Coldreach API key (Bearer crk_live_…)",
  unknown: "This API key is not valid: check that it was copied whole",
  revoked: "This API key was revoked",
  readOnly: "This API key is read-only",
  tooMany: "Too many requests with this API key. Wait a moment and try again.",
} as const;

export type ApiKeyIdentity = { keyId: string; access: ApiKeyAccess; user: SessionUser };

export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;

export function createApiKeyAuth(deps: { db: Db; config: Config; log: Logger }) {
  const { db, log } = deps;
  const rule = { name: "api-key", max: deps.config.apiKeyRateLimitPerMinute, windowMs: MINUTE_MS };
  const written = new Map<string, number>();

  /** The key's owner and access, or a 401 (malformed, unknown, revoked). One query, by the hash's unique index. */
  async function identify(token: string): Promise<ApiKeyIdentity> {
    if (!isApiKeyFormat(token)) throw new AppError("unauthorized", apiKeyMessages.malformed);
    const [row] = await db
      .select({
        keyId: apiKeys.id,
        access: apiKeys.access,
        revokedAt: apiKeys.revokedAt,
        id: user.id,
        email: user.email,
        name: user.name,
        fullName: user.fullName,
      })
      .from(apiKeys)
      .innerJoin(user, eq(user.id, apiKeys.userId))
      .where(eq(apiKeys.secretHash, hashApiKey(token)));
    if (!row) throw new AppError("unauthorized", apiKeyMessages.unknown);
    if (row.revokedAt) throw new AppError("unauthorized", apiKeyMessages.revoked);
    return {
      keyId: row.keyId,
      access: row.access,
      user: { id: row.id, email: row.email, name: row.name, fullName: row.fullName },
    };
  }

  /**
   * last_used_at, at most once a minute per key: this process skips keys it
   * wrote within the minute without a query, and the UPDATE's condition keeps
   * other processes to the same. A failed write never fails the request.
   */
  async function touch(keyId: string, now: number): Promise<void> {
    const last = written.get(keyId);
    if (last !== undefined && now - last < MINUTE_MS) return;
    if (written.size >= MAX_REMEMBERED) written.clear();
    written.set(keyId, now);
    try {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - MINUTE_MS)))),
        );
    } catch (err) {
      log.warn({ err, apiKeyId: keyId }, "could not record the API key's last request");
    }
  }

  return {
    /**
     * Admits a bearer request: the identity, or a Response to answer with
     * (429 over budget). Throws AppError for 401 and 403.
     */
    async admit(c: Context, token: string): Promise<ApiKeyIdentity | Response> {
      const identity = await identify(token);
      const now = Date.now();
      const verdict = await takeRateLimit(db, rule, identity.keyId, new Date(now));
      if (!verdict.allowed) {
        c.header("Retry-After", String(verdict.retryAfterSeconds));
        return c.json(errorBody("rate_limited", apiKeyMessages.tooMany), 429);
      }
      if (identity.access === "read_only" && !SAFE_METHODS.has(c.req.method)) {
        throw new AppError("forbidden", apiKeyMessages.readOnly);
      }
      await touch(identity.keyId, now);
      return identity;
    },
  };
}
