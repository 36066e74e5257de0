// /api/dkim-keys: the DKIM key the app signs each of the user's sender domains
// with — list, generate, delete, and check that DNS serves its record. Thin
// handlers; the service scopes everything to the user and never returns the
// private key.
import { createRoute, z } from "@hono/zod-openapi";
import {
  dkimDnsCheckSchema,
  dkimDomainListSchema,
  dkimKeySchema,
  generateDkimKeySchema,
} from "#shared/dkim-keys/dkim-keys.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createDkimKeyService } from "./dkim-keys.service.ts";

const tags = ["DKIM keys"];
const idParam = z.object({ id: z.string().max(100) });
const conflictResponse = {
  409: { description: "The domain has a key", content: errorResponses[400].content },
} as const;

const listRoute = createRoute({
  method: "get",
  operationId: "listDkimKeys",
  path: "/",
  tags,
  summary: "Your sender domains, each with the DKIM key the app signs its mail with (if any)",
  responses: { 200: { description: "Domains", content: json(dkimDomainListSchema) }, ...errorResponses },
});

const generateRoute = createRoute({
  method: "post",
  operationId: "generateDkimKey",
  path: "/",
  tags,
  summary: "Generate a 2048-bit RSA DKIM key for a domain of your senders",
  description:
    "Mail From that domain is signed with it from then on, unless the server's DKIM_DOMAIN covers the domain " +
    "(the server's key takes precedence). Publish the returned TXT record. One key per domain: 409 if it has one.",
  request: { body: { required: true, content: json(generateDkimKeySchema) } },
  responses: {
    201: { description: "The key (its public part and record)", content: json(dkimKeySchema) },
    ...errorResponses,
    ...notFoundResponse,
    ...conflictResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  operationId: "deleteDkimKey",
  path: "/{id}",
  tags,
  summary: "Delete a DKIM key (its domain's mail is no longer signed with it)",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

const checkRoute = createRoute({
  method: "get",
  operationId: "checkDkimKeyDns",
  path: "/{id}/dns",
  tags,
  summary: "Whether DNS serves the key's TXT record: match, different, not_found or lookup_failed",
  request: { params: idParam },
  responses: {
    200: { description: "The check", content: json(dkimDnsCheckSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function dkimKeyRoutes(deps: FeatureDeps) {
  const service = createDkimKeyService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ domains: await service.list(c.get("user").id) }, 200))
    .openapi(generateRoute, async (c) => c.json(await service.generate(c.get("user").id, c.req.valid("json")), 201))
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(checkRoute, async (c) => c.json(await service.checkDns(c.get("user").id, c.req.valid("param").id), 200));
}
