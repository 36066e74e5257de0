// /api/domain-health: MX, SPF, DKIM and DMARC of the domains of the user's
// saved senders, each check pass / warn / fail with the record that fixes it.
// Thin handlers; the service looks up only the user's own sender domains.
import { createRoute, z } from "@hono/zod-openapi";
import {
  domainHealthListSchema,
  domainHealthQuerySchema,
  domainHealthSchema,
} from "#shared/domain-health/domain-health.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createDomainHealthService } from "./domain-health.service.ts";

const tags = ["Domain health"];
const description =
  "A failed or slow DNS lookup makes its check a warning (could not be checked), not an error. " +
  "DKIM selector: ?selector=, else the app's DKIM_SELECTOR when it signs for the domain, else the first of " +
  "google, selector1, selector2, default, k1, s1, dkim that has a key.";

const listRoute = createRoute({
  method: "get",
  operationId: "listDomainHealth",
  path: "/",
  tags,
  summary: "Health of every domain of your saved senders",
  description,
  responses: { 200: { description: "Domains", content: json(domainHealthListSchema) }, ...errorResponses },
});

const domainParam = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ param: { name: "domain", in: "path" }, example: "acme.com" }),
});

const oneRoute = createRoute({
  method: "get",
  operationId: "getDomainHealth",
  path: "/{domain}",
  tags,
  summary: "Health of one domain of your saved senders",
  description,
  request: { params: domainParam, query: domainHealthQuerySchema },
  responses: {
    200: { description: "The domain's checks", content: json(domainHealthSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function domainHealthRoutes(deps: FeatureDeps) {
  const service = createDomainHealthService({ db: deps.db, config: deps.config });
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ domains: await service.list(c.get("user").id) }, 200))
    .openapi(oneRoute, async (c) =>
      c.json(await service.get(c.get("user").id, c.req.valid("param").domain, c.req.valid("query").selector), 200),
    );
}
