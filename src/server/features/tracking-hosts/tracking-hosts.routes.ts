// /api/tracking-hosts: per domain of the user's senders, a tracking host of
// the user's own (a CNAME to the app's public host) for its mail's pixel,
// unsubscribe and click links: list, set (checked at once), recheck, remove.
// Thin handlers; the service scopes everything to the user's own domains.
import { createRoute, z } from "@hono/zod-openapi";
import {
  trackingHostInputSchema,
  trackingHostListSchema,
  trackingHostSchema,
} from "#shared/tracking-hosts/tracking-host.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createTrackingHostService } from "./tracking-hosts.service.ts";

const tags = ["Tracking hosts"];
const domainParam = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ param: { name: "domain", in: "path" }, example: "acme.com" }),
});
const description =
  "A tracking host is a subdomain of the sender domain with a CNAME to the app's public host (PUBLIC_URL's). " +
  "Once its CNAME check passes, mail from the domain links to it for the open pixel, the unsubscribe links and " +
  "click redirects, while the last pass is at most 7 days old (rechecked daily). A failed lookup is lookup_failed, not an error.";

const listRoute = createRoute({
  method: "get",
  operationId: "listTrackingHosts",
  path: "/",
  tags,
  summary: "Your sender domains, each with its tracking host (if any) and its last CNAME check",
  description,
  responses: { 200: { description: "Domains", content: json(trackingHostListSchema) }, ...errorResponses },
});

const setRoute = createRoute({
  method: "put",
  operationId: "setTrackingHost",
  path: "/{domain}",
  tags,
  summary: "Set the tracking host of a domain of your senders, and check its CNAME",
  description,
  request: { params: domainParam, body: { required: true, content: json(trackingHostInputSchema) } },
  responses: {
    200: { description: "The host and its check", content: json(trackingHostSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const checkRoute = createRoute({
  method: "post",
  operationId: "checkTrackingHost",
  path: "/{domain}/check",
  tags,
  summary: "Check the tracking host's CNAME again",
  request: { params: domainParam },
  responses: {
    200: { description: "The host and its check", content: json(trackingHostSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const removeRoute = createRoute({
  method: "delete",
  operationId: "removeTrackingHost",
  path: "/{domain}",
  tags,
  summary: "Remove a domain's tracking host (its links use the public host again)",
  request: { params: domainParam },
  responses: { 204: { description: "Removed" }, ...errorResponses, ...notFoundResponse },
});

export function trackingHostRoutes(deps: FeatureDeps) {
  const service = createTrackingHostService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.get("user").id), 200))
    .openapi(setRoute, async (c) =>
      c.json(await service.set(c.get("user").id, c.req.valid("param").domain, c.req.valid("json").host), 200),
    )
    .openapi(checkRoute, async (c) => c.json(await service.check(c.get("user").id, c.req.valid("param").domain), 200))
    .openapi(removeRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").domain);
      return c.body(null, 204);
    });
}
