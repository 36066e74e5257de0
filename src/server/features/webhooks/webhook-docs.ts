// The OpenAPI document's top-level `webhooks` section: one entry per event
// type, the request Coldreach sends (body schema and an example, the
// Standard Webhooks headers) and the answers it understands. Registered on
// the root app (a sub-router would prefix the names with its path).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { webhookEventTypes } from "#shared/db-enums.ts";
import {
  webhookBodySchema,
  webhookEventDescriptions,
  webhookEventExamples,
} from "#shared/webhooks/webhook-events.schemas.ts";
import type { AppEnv } from "../../auth/session.ts";

const headers = z.object({
  "webhook-id": z.string().uuid().openapi({ description: "The event's id: the same on every try and every endpoint" }),
  "webhook-timestamp": z
    .string()
    .openapi({ description: "When this try was signed, in Unix seconds", example: "1772460309" }),
  "webhook-signature": z.string().openapi({
    description:
      "v1,<base64 HMAC-SHA256 of <webhook-id>.<webhook-timestamp>.<body>> keyed with the endpoint's secret (Standard Webhooks)",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

export function registerWebhookDocs(app: OpenAPIHono<AppEnv>): void {
  for (const type of webhookEventTypes) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: `${type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}Webhook`,
      tags: ["Webhooks"],
      summary: webhookEventDescriptions[type],
      description:
        "Verify the signature before trusting the body (any Standard Webhooks library does it: new Webhook(secret).verify(body, headers)); deduplicate on webhook-id.",
      request: {
        headers,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: webhookBodySchema(type),
              example: { type, timestamp: "2026-03-02T14:05:09.000Z", data: webhookEventExamples[type] },
            },
          },
        },
      },
      responses: {
        200: { description: "Any 2xx: delivered" },
        410: { description: "Gone: Coldreach turns the endpoint off and cancels its pending deliveries" },
        429: {
          description:
            "Too many requests (also 408 and any 5xx): retried with backoff for 24 hours, Retry-After honoured",
        },
      },
    });
  }
}
