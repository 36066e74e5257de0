// /api/webhooks: the user's outbound webhook endpoints (add, edit, turn
// on/off, delete, rotate the signing secret), each one's delivery log, Resend
// and Send test event. Thin handlers; the service scopes everything to the
// user. The events themselves are described in the document's `webhooks`
// section (webhook-docs.ts).
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import {
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from "#shared/webhooks/webhooks.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { WebhookSignal } from "../../webhooks/webhook-signal.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createWebhookService } from "./webhooks.service.ts";

const tags = ["Webhooks"];
const conflictResponse = { 409: { description: "The endpoint is off", content: json(errorResponseSchema) } } as const;
const idParam = z.object({
  id: z
    .string()
    .uuid("id must be a uuid")
    .openapi({ param: { name: "id", in: "path" }, example: "3f1c9f4e-8a51-4d6b-9a56-2f4b8c0d1e21" }),
});
const deliveryParams = idParam.extend({
  deliveryId: z
    .string()
    .uuid("deliveryId must be a uuid")
    .openapi({ param: { name: "deliveryId", in: "path" }, example: "7b2e0c1a-54f3-4c8e-b1d2-9e8f7a6b5c43" }),
});
const description =
  "Each event is POSTed as JSON { type, timestamp, data } with the Standard Webhooks headers webhook-id (the event's id, " +
  "the same on every try), webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the endpoint's secret). " +
  "A 2xx answer is delivered; 410 Gone turns the endpoint off; 408, 429, 5xx and no answer are retried with backoff " +
  "for 24 hours; any other answer fails the delivery.";

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listWebhookEndpoints",
  tags,
  summary: "Your webhook endpoints, with their pending and failed deliveries",
  description,
  responses: { 200: { description: "Endpoints", content: json(webhookEndpointListSchema) }, ...errorResponses },
});

const createEndpointRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "createWebhookEndpoint",
  tags,
  summary: "Add a webhook endpoint; the answer carries its signing secret, shown this once",
  description,
  request: { body: { required: true, content: json(webhookEndpointInputSchema) } },
  responses: {
    201: { description: "The endpoint and its secret", content: json(webhookEndpointWithSecretSchema) },
    ...errorResponses,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/{id}",
  operationId: "updateWebhookEndpoint",
  tags,
  summary: "Change an endpoint's URL or events, or turn it off or on (off cancels its pending deliveries)",
  request: { params: idParam, body: { required: true, content: json(webhookEndpointUpdateSchema) } },
  responses: {
    200: { description: "The endpoint", content: json(webhookEndpointSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  operationId: "deleteWebhookEndpoint",
  tags,
  summary: "Delete an endpoint and its delivery log",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

const rotateRoute = createRoute({
  method: "post",
  path: "/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags,
  summary: "Replace the endpoint's signing secret (the old one stops working at once); shown this once",
  request: { params: idParam },
  responses: {
    200: { description: "The endpoint and its new secret", content: json(webhookEndpointWithSecretSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const testRoute = createRoute({
  method: "post",
  path: "/{id}/test",
  operationId: "sendWebhookTestEvent",
  tags,
  summary: "Send the endpoint a test event (example data of its first event type, marked test: true)",
  request: { params: idParam },
  responses: {
    202: { description: "The test delivery, queued", content: json(webhookDeliverySchema) },
    ...errorResponses,
    ...notFoundResponse,
    ...conflictResponse,
  },
});

const deliveriesRoute = createRoute({
  method: "get",
  path: "/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "The endpoint's delivery log, newest first, each with its attempts",
  request: { params: idParam, query: webhookDeliveryQuerySchema },
  responses: {
    200: { description: "Deliveries", content: json(webhookDeliveryListSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/{id}/deliveries/{deliveryId}/resend",
  operationId: "resendWebhookDelivery",
  tags,
  summary: "Send the same event again (same webhook-id), now",
  request: { params: deliveryParams },
  responses: {
    202: { description: "The delivery, due again", content: json(webhookDeliverySchema) },
    ...errorResponses,
    ...notFoundResponse,
    ...conflictResponse,
  },
});

export function webhookRoutes(deps: FeatureDeps & { webhookSignal?: WebhookSignal }) {
  const service = createWebhookService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await service.list(c.get("user").id), 200))
    .openapi(createEndpointRoute, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(updateRoute, async (c) =>
      c.json(await service.update(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(rotateRoute, async (c) =>
      c.json(await service.rotateSecret(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(testRoute, async (c) => c.json(await service.sendTest(c.get("user").id, c.req.valid("param").id), 202))
    .openapi(deliveriesRoute, async (c) => {
      const deliveries = await service.deliveries(
        c.get("user").id,
        c.req.valid("param").id,
        c.req.valid("query").limit,
      );
      if (deliveries.length === 0) await service.get(c.get("user").id, c.req.valid("param").id);
      return c.json({ deliveries }, 200);
    })
    .openapi(resendRoute, async (c) => {
      const { id, deliveryId } = c.req.valid("param");
      return c.json(await service.resend(c.get("user").id, id, deliveryId), 202);
    });
}
