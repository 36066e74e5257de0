import { createRoute, z } from "@hono/zod-openapi";
import {
  mailboxActionResultSchema,
  mailboxSyncResultSchema,
  testReplyRequestSchema,
  testReplyResultSchema,
} from "#shared/mailbox/mailbox-actions.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createMailboxActionsService } from "./mailbox-actions.service.ts";

const syncRoute = createRoute({
  method: "post",
  operationId: "syncMailboxes",
  path: "/mailbox/sync",
  tags: ["Mailbox"],
  summary: "Sync the user's mailboxes now (the Refresh buttons)",
  description:
    "Asks the mailbox sync worker to read every mailbox of the user now and waits up to 20 s for it. Mailboxes still syncing then are counted as pending; their mail appears when they finish.",
  responses: { 200: { description: "What the sync did", content: json(mailboxSyncResultSchema) }, ...errorResponses },
});

const restoreRoute = createRoute({
  method: "post",
  operationId: "restoreSpamEmail",
  path: "/spam/{id}/restore",
  tags: ["Mailbox"],
  summary: "Move a spam message back to the inbox and remove it from the spam list",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Restored", content: json(mailboxActionResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const simulateRoute = createRoute({
  method: "post",
  operationId: "simulateReply",
  path: "/outbox/{id}/simulate-reply",
  tags: ["Mailbox"],
  summary: "Capture mode: send a reply from the prospect to a captured campaign message",
  description:
    "The reply goes over SMTP into the capture server, threaded under the message, and the sender's mailbox is synced: the contact's sequence stops as with a real reply. Only for messages the user's campaigns sent.",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Sent", content: json(mailboxActionResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const testReplyRoute = createRoute({
  method: "post",
  operationId: "sendTestReply",
  path: "/mailbox/test-reply",
  tags: ["Mailbox"],
  summary: "Test Reply Tracking: send a marked test reply from a contact and report whether the sync picked it up",
  description:
    "The test reply goes to the sender's mailbox (the capture server in capture mode, SYSTEM_SMTP_URL in live mode). It is recognised by its header and changes nothing in the campaign.",
  request: { body: { content: json(testReplyRequestSchema), required: true } },
  responses: { 200: { description: "The outcome", content: json(testReplyResultSchema) }, ...errorResponses },
});

export function mailboxActionRoutes(deps: FeatureDeps) {
  const service = createMailboxActionsService(deps);
  return createRouter()
    .openapi(syncRoute, async (c) => c.json(await service.requestSync(c.get("user").id), 200))
    .openapi(restoreRoute, async (c) =>
      c.json(await service.restoreSpam(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(testReplyRoute, async (c) => c.json(await service.testReply(c.get("user").id, c.req.valid("json")), 200))
    .openapi(simulateRoute, async (c) =>
      c.json(await service.simulateReply(c.get("user").id, c.req.valid("param").id), 200),
    );
}
