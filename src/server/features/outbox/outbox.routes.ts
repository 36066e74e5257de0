// Mounted only in capture mode; open without sign-in because it is how a local
// user reads the confirmation email before they have an account. The server
// listens on loopback in capture mode unless HOST says otherwise.
import { createRoute, z } from "@hono/zod-openapi";
import { outboxListQuerySchema, outboxListSchema, outboxMessageSchema } from "#shared/outbox/outbox.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { OutboxService } from "./outbox.service.ts";

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Outbox (capture mode)"],
  summary: "Captured messages, newest first",
  request: { query: outboxListQuerySchema },
  responses: { 200: { description: "Messages", content: json(outboxListSchema) }, ...errorResponses },
});

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Outbox (capture mode)"],
  summary: "One captured message with its HTML and text",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { description: "Message", content: json(outboxMessageSchema) }, ...notFoundResponse },
});

const clearRoute = createRoute({
  method: "delete",
  path: "/",
  tags: ["Outbox (capture mode)"],
  summary: "Delete every captured message",
  responses: { 204: { description: "Cleared" } },
});

export function outboxRoutes(service: OutboxService) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.req.valid("query")), 200))
    .openapi(getRoute, async (c) => c.json(await service.get(c.req.valid("param").id), 200))
    .openapi(clearRoute, async (c) => {
      await service.clear();
      return c.body(null, 204);
    });
}
