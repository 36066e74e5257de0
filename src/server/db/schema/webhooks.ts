/**
 * Outbound webhooks: a user's endpoints, the events the app emitted for them,
 * and one delivery per event and endpoint. Emitting writes the event and its
 * deliveries in the transaction of what happened (an outbox), so an event is
 * never lost and never delivered for something that rolled back; the webhook
 * worker leases due deliveries as the send worker leases sends.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { webhookDeliveryStatuses, webhookEventTypes } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, isSubsetOf, timestamptz, updatedAt } from "./columns.ts";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().$type<(typeof webhookEventTypes)[number][]>().notNull(),
    active: boolean("active").notNull().default(true),
    /** Why the app turned it off (a 410 Gone), shown beside it; null when the user did or it is on. */
    disabledReason: text("disabled_reason"),
    /** The Standard Webhooks signing secret ("whsec_…"), sealed with the app's SecretBox. */
    secretEncrypted: text("secret_encrypted").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId),
    check("webhook_endpoints_events_check", isSubsetOf(t.events, webhookEventTypes)),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    /** The event's stable id: its webhook-id header on every try. */
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type", { enum: webhookEventTypes }).notNull(),
    /** The event's data (the body is { type, timestamp, data }). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_user_idx").on(t.userId, t.createdAt),
    check("webhook_events_type_check", isOneOf(t.type, webhookEventTypes)),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow().notNull(),
    /** The worker's lease: a delivery whose lease ran out (a crash) is due again. */
    leasedUntil: timestamptz("leased_until"),
    /** The claim holding the lease: only that claim may record the attempt's result (a late worker cannot). */
    leaseToken: uuid("lease_token"),
    /** Retries stop here (24 hours after the event, or after a Resend): the delivery fails. */
    retryUntil: timestamptz("retry_until").notNull().default(sql`now() + interval '24 hours'`),
    lastAttemptAt: timestamptz("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastDurationMs: integer("last_duration_ms"),
    /** The start of the last response's body, or the error (timeout, refused connection). */
    lastResponseExcerpt: text("last_response_excerpt"),
    lastError: text("last_error"),
    deliveredAt: timestamptz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_unique").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The posts in flight per endpoint (the claim's per-endpoint share): only leased rows, a handful.
    index("webhook_deliveries_leased_idx").on(t.endpointId).where(sql`${t.leasedUntil} is not null`),
    // The endpoint's delivery log, newest first.
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    check("webhook_deliveries_status_check", isOneOf(t.status, webhookDeliveryStatuses)),
  ],
);

/**
 * One try of a delivery, for the endpoint's delivery log: what the receiver
 * answered (status, how long, the start of its body) or why nothing came back.
 */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: id(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    attemptedAt: timestamptz("attempted_at").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    /** At most 1 KB of the response's body, or the error (timeout, refused connection, address refused). */
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    /** What the engine made of it: delivered, retry, failed, disabled. */
    outcome: text("outcome").notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
