/**
 * API keys (Settings › API keys): a user's keys for the REST API. Only the
 * shown prefix and a SHA-256 hash of the key are stored; the key itself is
 * shown once at creation (docs/decisions/033-api-keys.md). A revoked key keeps
 * its row (revoked_at), so the list and a later audit can still name it.
 */
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { apiKeyAccessLevels } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, timestamptz } from "./columns.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    access: text("access", { enum: apiKeyAccessLevels }).notNull(),
    /** "crk_live_AbC1": the key's first characters, shown to recognise it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex: what a request's key is looked up by. */
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
    /** The key's last request, written at most once a minute. */
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_idx").on(t.secretHash),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
    check("api_keys_access_check", isOneOf(t.access, apiKeyAccessLevels)),
  ],
);
