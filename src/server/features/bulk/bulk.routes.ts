import { createRoute } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import { bulkDeliverySchema, bulkSendInputSchema, bulkSendResultSchema } from "#shared/bulk/bulk.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createBulkService } from "./bulk.service.ts";

const tags = ["Email in Bulk"];

const deliveryRoute = createRoute({
  method: "get",
  operationId: "getBulkDelivery",
  path: "/delivery",
  tags,
  summary: "How Send Bulk Emails delivers for this user, and the webhook signing secret",
  description:
    "mode is webhook when an automation webhook URL is set in Settings, else engine (Coldreach sends through the user's saved sender accounts).",
  responses: { 200: { description: "Delivery mode", content: json(bulkDeliverySchema) }, ...errorResponses },
});

const sendRoute = createRoute({
  method: "post",
  operationId: "sendBulkEmail",
  path: "/send",
  tags,
  summary: "Send one email to a list of contacts from several sender addresses",
  description: [
    "Webhook mode: POSTs the bulk payload (campaignName, campaignDescription, senderEmails, contacts, totalContacts, totalSenderEmails, timestamp) to the user's automation webhook,",
    "signed with `X-Coldreach-Signature: sha256=<hex HMAC-SHA256 of the body>` (key: the signing secret from GET /api/bulk/delivery) and `X-Coldreach-Timestamp`.",
    "Redirects are not followed; private and local addresses are refused unless WEBHOOK_ALLOW_PRIVATE=on. A non-2xx answer, a timeout or a network error is a 502.",
    "Engine mode: creates a campaign with one step (subject, message) and the contacts, using the saved sender accounts whose addresses are listed (400 when one is missing), and launches it.",
    "At most 10,000 contacts per send.",
  ].join(" "),
  request: { body: { required: true, content: json(bulkSendInputSchema) } },
  responses: {
    200: { description: "Sent (webhook) or queued (engine)", content: json(bulkSendResultSchema) },
    ...errorResponses,
    502: { description: "The automation webhook failed or could not be reached", content: json(errorResponseSchema) },
  },
});

export function bulkRoutes(deps: FeatureDeps) {
  const service = createBulkService(deps);
  return createRouter()
    .openapi(deliveryRoute, async (c) => c.json(await service.delivery(c.get("user").id), 200))
    .openapi(sendRoute, async (c) => c.json(await service.send(c.get("user").id, c.req.valid("json")), 200));
}
