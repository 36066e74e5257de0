// Mounted only in capture mode; open without sign-in because it is how a local
// user reads the confirmation email before they have an account. The server
// listens on loopback in capture mode unless HOST says otherwise.
import { createRoute, z } from "@hono/zod-openapi";
import {
  outboxListQuerySchema,
  outboxListSchema,
  outboxMessageSchema,
  outboxRawQuerySchema,
} from "#shared/outbox/outbox.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse, publicOperation } from "../../http/openapi.ts";
import { contentDisposition, rawFileName } from "./content-disposition.ts";
import type { OutboxService } from "./outbox.service.ts";

const tags = ["Outbox (capture mode)"];

const listRoute = createRoute({
  method: "get",
  operationId: "listOutboxMessages",
  path: "/",
  tags,
  ...publicOperation,
  summary: "Captured messages, newest first",
  request: { query: outboxListQuerySchema },
  responses: { 200: { description: "Messages", content: json(outboxListSchema) }, ...errorResponses },
});

const getRoute = createRoute({
  method: "get",
  operationId: "getOutboxMessage",
  path: "/{id}",
  tags,
  ...publicOperation,
  summary: "One captured message: its HTML and text, every header in order, its MIME parts and its attachments",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: { description: "Message", content: json(outboxMessageSchema) }, ...notFoundResponse },
});

const attachmentRoute = createRoute({
  method: "get",
  operationId: "getOutboxAttachment",
  path: "/{id}/attachments/{index}",
  tags,
  ...publicOperation,
  summary: "One attachment of a captured message (by its index in the message's attachments), decoded, as a download",
  request: { params: z.object({ id: z.string(), index: z.string() }) },
  responses: {
    200: {
      description: "The attachment's bytes, with its own Content-Type",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...notFoundResponse,
  },
});

const rawRoute = createRoute({
  method: "get",
  operationId: "getOutboxMessageRaw",
  path: "/{id}/raw",
  tags,
  ...publicOperation,
  summary: "The captured message's raw source (RFC 5322) as stored: a .eml download, or text/plain with ?inline=1",
  request: { params: z.object({ id: z.string() }), query: outboxRawQuerySchema },
  responses: {
    200: {
      description: "The raw source",
      content: { "message/rfc822": { schema: z.string() }, "text/plain": { schema: z.string() } },
    },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const clearRoute = createRoute({
  method: "delete",
  operationId: "clearOutbox",
  path: "/",
  tags,
  summary: "Delete every captured message",
  responses: { 204: { description: "Cleared" }, 401: errorResponses[401] },
});

export function outboxRoutes(service: OutboxService) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.req.valid("query")), 200))
    .openapi(getRoute, async (c) => c.json(await service.get(c.req.valid("param").id), 200))
    .openapi(attachmentRoute, async (c) => {
      const { id, index } = c.req.valid("param");
      const file = await service.attachment(id, index);
      return c.body(new Uint8Array(file.content), 200, {
        "content-type": file.contentType,
        "content-disposition": contentDisposition(file.filename, { fallback: "attachment" }),
        "cache-control": "no-store",
      });
    })
    .openapi(rawRoute, async (c) => {
      const message = await service.raw(c.req.valid("param").id);
      const inline = c.req.valid("query").inline === "1";
      return c.body(message.source, 200, {
        // Inline it is read as text in the page, never rendered as a message.
        "content-type": inline ? "text/plain; charset=utf-8" : "message/rfc822",
        "content-disposition": contentDisposition(rawFileName(message.subject), {
          fallback: "message.eml",
          inline,
        }),
        "cache-control": "no-store",
      });
    })
    .openapi(clearRoute, async (c) => {
      await service.clear();
      return c.body(null, 204);
    });
}
