// The API keys contract (Settings › API keys, docs/product.md §21): a
// key's name and access level, the shown prefix, when it was created and last
// used. The full key is in the creation answer only, never in the list.
import { z } from "@hono/zod-openapi";
import { apiKeyAccessLevels } from "#shared/db-enums.ts";

export const API_KEY_NAME_MAX = 80;

export const apiKeyAccessLabels = {
  read_only: "Read-only",
  read_write: "Read & write",
} as const satisfies Record<(typeof apiKeyAccessLevels)[number], string>;

export const createApiKeySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Enter a name for the key")
      .max(API_KEY_NAME_MAX, `A key's name is at most ${API_KEY_NAME_MAX} characters`)
      .openapi({ example: "CRM sync" }),
    access: z.enum(apiKeyAccessLevels).openapi({ example: "read_only" }),
  })
  .meta({ id: "CreateApiKey" });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    access: z.enum(apiKeyAccessLevels),
    /** The key's first characters ("crk_live_AbC1"), to recognise it; the rest is never stored. */
    prefix: z.string(),
    createdAt: z.string(),
    /** The key's last request (recorded at most once a minute), or null when it was never used. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) }).meta({ id: "ApiKeyList" });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createdApiKeySchema = z
  .object({
    key: apiKeySchema,
    /** The full key, in this answer only: it is stored hashed and cannot be shown again. */
    secret: z.string(),
  })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
