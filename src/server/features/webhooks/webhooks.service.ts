// A user's outbound webhook endpoints and their delivery logs. Every query is
// scoped to the user: another user's endpoint is "not found", never shown or
// changed. The signing secret is generated here, sealed with the SecretBox
// before it is stored, and returned only by create and rotate (shown once).
// Turning an endpoint off (by the user, or by the engine on a 410 Gone)
// cancels its pending deliveries: they are not sent later by surprise.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { webhookEventTypes } from "#shared/db-enums.ts";
import { webhookEventExamples } from "#shared/webhooks/webhook-events.schemas.ts";
import { isLoopbackHost, webhookUrlProblem } from "#shared/webhooks/webhook-url.ts";
import type {
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from "#shared/webhooks/webhooks.schemas.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { AppError } from "../../errors.ts";
import { refusedLiteral } from "../../http/address-policy.ts";
import { generateWebhookSecret, webhookSecretPurpose } from "../../webhooks/webhook-secret.ts";
import type { WebhookSignal } from "../../webhooks/webhook-signal.ts";
import type { FeatureDeps } from "../feature-deps.ts";

const notFound = () => new AppError("not_found", "No such webhook endpoint");

type EndpointRow = {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  disabled_reason: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  pending: number;
  failed: number;
  last_delivery_at: string | Date | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));

function toDto(r: EndpointRow): WebhookEndpointDto {
  return {
    id: r.id,
    url: r.url,
    events: r.events as WebhookEndpointDto["events"],
    active: r.active,
    disabledReason: r.disabled_reason,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    pendingDeliveries: Number(r.pending),
    failedDeliveries: Number(r.failed),
    lastDeliveryAt: isoOrNull(r.last_delivery_at),
  };
}

export function createWebhookService(deps: FeatureDeps & { webhookSignal?: WebhookSignal }) {
  const { db, config, secrets } = deps;
  const policy = { allowPrivate: config.webhookAllowPrivate };

  /** The URL as stored, or a 400 naming the field: the shared rule, then the address policy on a literal address. */
  function checkedUrl(value: string): string {
    const url = value.trim();
    const problem = webhookUrlProblem(url, policy);
    if (problem) throw new AppError("bad_request", problem, { fields: { url: problem } });
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    if (refusedLiteral(host, policy) || (!policy.allowPrivate && isLoopbackHost(host))) {
      const message = "The URL points at a private or local address, which webhooks may not reach";
      throw new AppError("bad_request", message, { fields: { url: message } });
    }
    return url;
  }

  async function endpoints(userId: string, id?: string): Promise<EndpointRow[]> {
    return queryRows<EndpointRow>(
      db,
      sql`select e.id, e.url, e.events, e.active, e.disabled_reason, e.created_at, e.updated_at,
            coalesce(d.pending, 0) as pending, coalesce(d.failed, 0) as failed, d.last_delivery_at
          from webhook_endpoints e
          left join lateral (
            select count(*) filter (where status = 'pending')::int as pending,
                   count(*) filter (where status = 'failed')::int as failed,
                   max(last_attempt_at) as last_delivery_at
            from webhook_deliveries where endpoint_id = e.id
          ) d on true
          where e.user_id = ${userId} ${id ? sql`and e.id = ${id}::uuid` : sql``}
          order by e.created_at`,
    );
  }

  async function one(userId: string, id: string): Promise<WebhookEndpointDto> {
    const [row] = await endpoints(userId, id);
    if (!row) throw notFound();
    return toDto(row);
  }

  return {
    async list(userId: string): Promise<WebhookEndpointList> {
      return { endpoints: (await endpoints(userId)).map(toDto), eventTypes: [...webhookEventTypes] };
    },

    async create(userId: string, input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
      const url = checkedUrl(input.url);
      const id = randomUUID();
      const secret = generateWebhookSecret();
      await db.execute(sql`
        insert into webhook_endpoints (id, user_id, url, events, active, secret_encrypted)
        values (${id}::uuid, ${userId}, ${url}, ${sql`array[${sql.join(
          (input.events ?? []).map((e) => sql`${e}`),
          sql`, `,
        )}]::text[]`}, ${input.active ?? true}, ${secrets.encrypt(secret, webhookSecretPurpose(id))})`);
      return { endpoint: await one(userId, id), secret };
    },

    async update(userId: string, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpointDto> {
      const url = input.url === undefined ? null : checkedUrl(input.url);
      const events = input.events === undefined ? null : input.events;
      const active = input.active ?? null;
      const rows = await queryRows<{ id: string }>(
        db,
        sql`with e as (
              update webhook_endpoints set
                url = coalesce(${url}, url),
                events = coalesce(${
                  events === null
                    ? null
                    : sql`array[${sql.join(
                        events.map((x) => sql`${x}`),
                        sql`, `,
                      )}]::text[]`
                }, events),
                active = coalesce(${active}::boolean, active),
                -- Turned on again (or off by the user): the app's reason no longer applies.
                disabled_reason = case when ${active}::boolean is null then disabled_reason else null end,
                updated_at = now()
              where id = ${id}::uuid and user_id = ${userId}
              returning id, active
            ), cancelled as (
              update webhook_deliveries d set status = 'cancelled', leased_until = null, lease_token = null
              from e where not e.active and d.endpoint_id = e.id and d.status = 'pending'
            )
            select id from e`,
      );
      if (rows.length === 0) throw notFound();
      return one(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      const rows = await queryRows(
        db,
        sql`delete from webhook_endpoints where id = ${id}::uuid and user_id = ${userId} returning id`,
      );
      if (rows.length === 0) throw notFound();
    },

    async rotateSecret(userId: string, id: string): Promise<WebhookEndpointWithSecret> {
      const secret = generateWebhookSecret();
      const rows = await queryRows(
        db,
        sql`update webhook_endpoints set secret_encrypted = ${secrets.encrypt(secret, webhookSecretPurpose(id))},
              updated_at = now()
            where id = ${id}::uuid and user_id = ${userId} returning id`,
      );
      if (rows.length === 0) throw notFound();
      return { endpoint: await one(userId, id), secret };
    },

    /**
     * A test event to this endpoint alone: the example data of the first event
     * type it wants, marked "test": true, delivered (and logged) like any other.
     */
    async sendTest(userId: string, id: string): Promise<WebhookDeliveryDto> {
      const endpoint = await one(userId, id);
      if (!endpoint.active) throw new AppError("conflict", "Turn the endpoint on before sending it a test event");
      const type = endpoint.events[0] ?? "email.sent";
      const data = { ...webhookEventExamples[type], test: true };
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`with ev as (
              insert into webhook_events (user_id, type, data, occurred_at)
              values (${userId}, ${type}, ${JSON.stringify(data)}::jsonb, now()) returning id
            )
            insert into webhook_deliveries (user_id, endpoint_id, event_id)
            select ${userId}, ${id}::uuid, ev.id from ev returning id`,
      );
      void deps.webhookSignal?.wake();
      return (await deliveries(userId, id, 1, row!.id))[0]!;
    },

    /** The endpoint (a 404 when it is not the user's). */
    get: one,

    deliveries: (userId: string, id: string, limit: number) => deliveries(userId, id, limit),

    /** The same event again (same webhook-id), due now, with a new 24-hour retry window. */
    async resend(userId: string, id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
      const endpoint = await one(userId, id);
      if (!endpoint.active) throw new AppError("conflict", "Turn the endpoint on before resending to it");
      const rows = await queryRows(
        db,
        sql`update webhook_deliveries set status = 'pending', next_attempt_at = now(),
              retry_until = now() + interval '24 hours', leased_until = null, lease_token = null
            where id = ${deliveryId}::uuid and endpoint_id = ${id}::uuid and user_id = ${userId}
              -- A delivery being posted right now keeps its lease: that post's result stands.
              and (leased_until is null or leased_until < now())
            returning id`,
      );
      if (rows.length === 0) {
        const exists = await deliveries(userId, id, 1, deliveryId);
        if (exists.length === 0) throw new AppError("not_found", "No such delivery");
        throw new AppError("conflict", "This delivery is being sent right now");
      }
      void deps.webhookSignal?.wake();
      return (await deliveries(userId, id, 1, deliveryId))[0]!;
    },
  };

  async function deliveries(
    userId: string,
    endpointId: string,
    limit: number,
    deliveryId?: string,
  ): Promise<WebhookDeliveryDto[]> {
    const rows = await queryRows<{
      id: string;
      event_id: string;
      type: string;
      status: string;
      attempts: number;
      next_attempt_at: string | Date;
      last_status_code: number | null;
      last_duration_ms: number | null;
      last_response_excerpt: string | null;
      last_error: string | null;
      last_attempt_at: string | Date | null;
      delivered_at: string | Date | null;
      created_at: string | Date;
      log: {
        attempt: number;
        attempted_at: string;
        status_code: number | null;
        duration_ms: number;
        response_excerpt: string | null;
        error: string | null;
        outcome: string;
      }[];
    }>(
      db,
      sql`select d.id, d.event_id, ev.type, d.status, d.attempts, d.next_attempt_at, d.last_status_code,
            d.last_duration_ms, d.last_response_excerpt, d.last_error, d.last_attempt_at, d.delivered_at, d.created_at,
            coalesce((select json_agg(json_build_object('attempt', a.attempt, 'attempted_at', a.attempted_at,
                        'status_code', a.status_code, 'duration_ms', a.duration_ms,
                        'response_excerpt', a.response_excerpt, 'error', a.error, 'outcome', a.outcome)
                      order by a.attempted_at, a.attempt)
                      from webhook_delivery_attempts a where a.delivery_id = d.id), '[]'::json) as log
          from webhook_deliveries d
          join webhook_events ev on ev.id = d.event_id
          where d.endpoint_id = ${endpointId}::uuid and d.user_id = ${userId}
            ${deliveryId ? sql`and d.id = ${deliveryId}::uuid` : sql``}
          order by d.created_at desc, d.id
          limit ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      eventType: r.type as WebhookDeliveryDto["eventType"],
      status: r.status as WebhookDeliveryDto["status"],
      attempts: Number(r.attempts),
      nextAttemptAt: r.status === "pending" ? iso(r.next_attempt_at) : null,
      lastStatusCode: r.last_status_code,
      lastDurationMs: r.last_duration_ms,
      lastResponseExcerpt: r.last_response_excerpt,
      lastError: r.last_error,
      lastAttemptAt: isoOrNull(r.last_attempt_at),
      deliveredAt: isoOrNull(r.delivered_at),
      createdAt: iso(r.created_at),
      attemptLog: r.log.map((a) => ({
        attempt: Number(a.attempt),
        attemptedAt: iso(a.attempted_at),
        statusCode: a.status_code,
        durationMs: Number(a.duration_ms),
        responseExcerpt: a.response_excerpt,
        error: a.error,
        outcome: a.outcome as WebhookDeliveryDto["attemptLog"][number]["outcome"],
      })),
    }));
  }
}
