import { createRoute } from "@hono/zod-openapi";
import {
  inboxGroupQuerySchema,
  inboxHistorySchema,
  inboxListQuerySchema,
  inboxPageSchema,
  inboxReceivedQuerySchema,
  inboxRepliesSchema,
} from "#shared/inbox/inbox.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createInboxService } from "./inbox.service.ts";

const tags = ["Inbox"];

const listRoute = createRoute({
  method: "get",
  operationId: "listInboxGroups",
  path: "/",
  tags,
  summary:
    "Sends grouped by contact (direct sends by recipient address), latest activity first, with Sent / Opened / Failed / Replied",
  request: { query: inboxListQuerySchema },
  responses: { 200: { description: "A page of groups", content: json(inboxPageSchema) }, ...errorResponses },
});

const historyRoute = createRoute({
  method: "get",
  operationId: "getInboxHistory",
  path: "/history",
  tags,
  summary: "A group's emails, newest first, with campaign, sender and parsed error details",
  request: { query: inboxGroupQuerySchema },
  responses: {
    200: { description: "A page of the group's emails", content: json(inboxHistorySchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const repliesRoute = createRoute({
  method: "get",
  operationId: "listInboxReplies",
  path: "/replies",
  tags,
  summary: "A group's replies, newest first",
  request: { query: inboxGroupQuerySchema },
  responses: {
    200: { description: "A page of the group's replies", content: json(inboxRepliesSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const receivedRoute = createRoute({
  method: "get",
  operationId: "listReceivedMessages",
  path: "/received",
  tags,
  summary: "Messages restored from Junk that no group shows (not from a contact or address emailed), newest first",
  request: { query: inboxReceivedQuerySchema },
  responses: {
    200: { description: "A page of received messages", content: json(inboxRepliesSchema) },
    ...errorResponses,
  },
});

export function inboxRoutes(deps: FeatureDeps) {
  const service = createInboxService(deps.db);
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.get("user").id, c.req.valid("query")), 200))
    .openapi(historyRoute, async (c) => c.json(await service.history(c.get("user").id, c.req.valid("query")), 200))
    .openapi(repliesRoute, async (c) => c.json(await service.replies(c.get("user").id, c.req.valid("query")), 200))
    .openapi(receivedRoute, async (c) => c.json(await service.received(c.get("user").id, c.req.valid("query")), 200));
}
