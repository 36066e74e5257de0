import { createRoute, z } from "@hono/zod-openapi";
import {
  contactDirectoryPageSchema,
  contactDirectoryQuerySchema,
  contactDirectorySearchSchema,
  contactHistoryQuerySchema,
  contactHistorySchema,
} from "#shared/contact-directory/contact-directory.schemas.ts";
import { contactsCsvFileName } from "#shared/contacts/contacts-csv.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createContactDirectoryService } from "./contact-directory.service.ts";

const tags = ["Contacts"];

const listRoute = createRoute({
  method: "get",
  operationId: "listDirectoryContacts",
  path: "/contacts",
  tags,
  summary:
    "A page of the user's contacts across campaigns, one entry per email address (case-insensitive), most recently added first, searchable by name, email or campaign",
  request: { query: contactDirectoryQuerySchema },
  responses: { 200: { description: "Contacts", content: json(contactDirectoryPageSchema) }, ...errorResponses },
});

const historyRoute = createRoute({
  method: "get",
  operationId: "getContactHistory",
  path: "/contacts/history",
  tags,
  summary:
    "Every email sent to this address by the user's campaigns, newest first, and the meetings it booked through the user's scheduling links",
  request: { query: contactHistoryQuerySchema },
  responses: { 200: { description: "Email history", content: json(contactHistorySchema) }, ...errorResponses },
});

const exportRoute = createRoute({
  method: "get",
  operationId: "exportContacts",
  path: "/contacts/export",
  tags,
  summary:
    "Every contact matching the search as CSV (RFC 4180, UTF-8 with BOM; text starting with = + - @ is prefixed with ' against formula injection)",
  request: { query: contactDirectorySearchSchema },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses,
  },
});

export function contactDirectoryRoutes(deps: FeatureDeps) {
  const service = createContactDirectoryService(deps.db);
  const now = deps.now ?? (() => new Date());
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.page(c.get("user").id, c.req.valid("query")), 200))
    .openapi(historyRoute, async (c) =>
      c.json(await service.history(c.get("user").id, c.req.valid("query").email), 200),
    )
    .openapi(exportRoute, async (c) => {
      const chunks = service.csv(c.get("user").id, c.req.valid("query"));
      // The first chunk runs the query that finds every key: a failure there is
      // still an ordinary JSON error, not a broken download.
      const first = await chunks.next();
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (!first.done) controller.enqueue(encoder.encode(first.value));
        },
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
      return c.body(body, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${contactsCsvFileName(now())}"`,
        "cache-control": "no-store",
      });
    });
}
