// The webhooks API's contract: a user's endpoints (URL, the events it wants,
// on or off, why the app turned it off), the signing secret shown once (on
// create and on rotate), and each endpoint's delivery log with every attempt.
import { z } from "@hono/zod-openapi";
import { webhookDeliveryStatuses, webhookEventTypes } from "../db-enums.ts";
import { WEBHOOK_URL_MAX_LENGTH } from "./webhook-url.ts";

const eventsSchema = z
  .array(z.enum(webhookEventTypes, { error: `Choose events among ${webhookEventTypes.join(", ")}` }))
  .min(1, "Choose at least one event")
  .max(webhookEventTypes.length, `At most ${webhookEventTypes.length} events`)
  .transform((list) => [...new Set(list)])
  .openapi({ example: ["email.sent", "reply.received"] });

const urlSchema = z
  .string({ error: "Enter the endpoint's URL" })
  .trim()
  .min(1, "Enter the endpoint's URL")
  .max(WEBHOOK_URL_MAX_LENGTH, `A URL is at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .openapi({ example: "https://hooks.example.com/coldreach" });

export const webhookEndpointInputSchema = z
  .object({
    url: urlSchema,
    events: eventsSchema,
    active: z.boolean().default(true),
  })
  .meta({ id: "WebhookEndpointInput" });
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    /** true re-enables an endpoint the app disabled (a 410 Gone). */
    active: z.boolean().optional(),
  })
  .meta({ id: "WebhookEndpointUpdate" });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    active: z.boolean(),
    /** Why the app turned it off (the receiver answered 410 Gone); null when on or turned off by you. */
    disabledReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Deliveries still waiting to be tried or retried. */
    pendingDeliveries: z.number().int(),
    /** Deliveries that failed for good over the kept history (30 days). */
    failedDeliveries: z.number().int(),
    lastDeliveryAt: z.string().nullable(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z
  .object({ endpoints: z.array(webhookEndpointSchema), eventTypes: z.array(z.enum(webhookEventTypes)) })
  .meta({ id: "WebhookEndpointList" });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The endpoint with its signing secret: the only answers that carry the secret (create, rotate). */
export const webhookEndpointWithSecretSchema = z
  .object({
    endpoint: webhookEndpointSchema,
    /** "whsec_" + base64 of 32 random bytes (Standard Webhooks). Shown this once: store it now. */
    secret: z.string().openapi({ example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int(),
    attemptedAt: z.string(),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    /** At most 1 KB of the receiver's answer, or what went wrong (timeout, refused connection). */
    responseExcerpt: z.string().nullable(),
    error: z.string().nullable(),
    outcome: z.enum(["delivered", "retry", "failed", "disabled"]),
  })
  .meta({ id: "WebhookDeliveryAttempt" });

export const webhookDeliverySchema = z
  .object({
    id: z.string().uuid(),
    /** The event's id: the webhook-id header, the same on every try. */
    eventId: z.string().uuid(),
    eventType: z.enum(webhookEventTypes),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastDurationMs: z.number().int().nullable(),
    lastResponseExcerpt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    /** Every try, oldest first. */
    attemptLog: z.array(webhookAttemptSchema),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

export const webhookDeliveryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is at least 1")
    .max(WEBHOOK_DELIVERIES_PAGE_MAX, `limit is at most ${WEBHOOK_DELIVERIES_PAGE_MAX}`)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" }, example: 50 }),
});

export const webhookDeliveryListSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema) })
  .meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
