// /api/api-keys: Settings › API keys — list, create (the key shown once),
// revoke. Session-only (session-only.ts): a key cannot list, make or revoke
// keys. Thin handlers; the service scopes everything to the signed-in user.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from "#shared/api-keys/api-keys.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createApiKeysService } from "./api-keys.service.ts";

const tags = ["API keys"];
const sessionOnlyResponse = {
  403: {
    description: "Called with an API key: keys are managed from a signed-in session",
    content: json(errorResponseSchema),
  },
} as const;

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listApiKeys",
  tags,
  summary: "Your API keys that are not revoked: name, access, prefix, created, last used (never the key itself)",
  responses: {
    200: { description: "Keys", content: json(apiKeyListSchema) },
    ...errorResponses,
    ...sessionOnlyResponse,
  },
});

const createKeyRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "createApiKey",
  tags,
  summary: "Create an API key; the answer holds the full key, which is never shown again",
  description:
    "Send it as `Authorization: Bearer <key>`. A read_only key may only read (GET); a read_write key may also change data.",
  request: { body: { required: true, content: json(createApiKeySchema) } },
  responses: {
    201: { description: "The key, with its secret (this once)", content: json(createdApiKeySchema) },
    ...errorResponses,
    ...sessionOnlyResponse,
  },
});

const revokeRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "revokeApiKey",
  tags,
  summary: "Revoke an API key: its next request is refused (401)",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: { 204: { description: "Revoked" }, ...errorResponses, ...sessionOnlyResponse, ...notFoundResponse },
});

export function apiKeyRoutes(deps: FeatureDeps) {
  const service = createApiKeysService(deps.db);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ keys: await service.list(c.get("user").id) }, 200))
    .openapi(createKeyRoute, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(revokeRoute, async (c) => {
      await service.revoke(c.get("user").id, c.req.valid("param").id, new Date());
      return c.body(null, 204);
    });
}
