// Settings › API keys: create (the full key returned this once), list (never
// the key: the shown prefix only), revoke (at once: every request looks its
// key up). Every query is scoped to the user; the key itself is never stored,
// only its hash (src/server/auth/api-key-secret.ts), and never logged.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from "#shared/api-keys/api-keys.schemas.ts";
import { createApiKeySchema } from "#shared/api-keys/api-keys.schemas.ts";
import { generateApiKey } from "../../auth/api-key-secret.ts";
import type { Db } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/api-keys.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

// Every read of api_keys here selects these columns: never the hash.
const shownColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  access: apiKeys.access,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

type ShownRow = {
  id: string;
  name: string;
  access: ApiKey["access"];
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

function toDto(row: ShownRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError("not_found", "API key not found");

export function createApiKeysService(db: Db) {
  return {
    /** The user's keys that are not revoked, newest first. */
    async list(userId: string): Promise<ApiKey[]> {
      const rows = await db
        .select(shownColumns)
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toDto);
    },

    async create(userId: string, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const { name, access } = createApiKeySchema.parse(input);
      const key = generateApiKey();
      const [row] = await db
        .insert(apiKeys)
        .values({ userId, name, access, prefix: key.prefix, secretHash: key.hash })
        .returning(shownColumns);
      if (!row) throw new Error("the API key was not stored");
      return { key: toDto(row), secret: key.secret };
    },

    /** Revokes one of the user's keys; its next request gets a 401. A revoked or someone else's key is "not found". */
    async revoke(userId: string, id: string, now: Date): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 0) throw notFound();
    },
  };
}
