// The webhook delivery engine: leases due deliveries, posts each event to its
// endpoint signed with the Standard Webhooks library, and records every
// attempt. Runs on worker processes (server.ts), any number of them against
// one PostgreSQL:
// - a claim is a lease (FOR UPDATE SKIP LOCKED, then next_attempt_at and
//   leased_until moved past the lease and a lease token set): two workers
//   never post the same delivery at once, and one that died mid-post leaves
//   the delivery due again once the lease is over. The receiver may then get
//   the event twice, with the same webhook-id (at least once, never lost:
//   receivers deduplicate on the id, as the Standard Webhooks spec asks);
// - only the claim holding the lease records the result (its token), so a
//   worker that was presumed dead cannot overwrite a later attempt;
// - a pool of `concurrency` posts, at most `perEndpoint` of them to one
//   endpoint, so one slow or dead endpoint cannot hold the queue: its posts
//   time out (timeoutMs) while the others go on;
// - the outcome rule is #shared/webhooks/delivery-outcome.ts: 2xx delivered,
//   410 disables the endpoint and cancels its pending deliveries, 408/429/5xx
//   and no answer retried with backoff for 24 hours, anything else failed;
// - the secret is opened only to sign, never logged; the log keeps at most
//   1 KB of each answer.
import { randomUUID } from "node:crypto";
import type { lookup as dnsLookup } from "node:dns";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { WebhookEventType } from "#shared/db-enums.ts";
import { type AttemptResult, attemptOutcome, nextAttemptAt } from "#shared/webhooks/delivery-outcome.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { postWebhook, WebhookError } from "../http/guarded-webhook.ts";
import type { Logger } from "../logger.ts";
import { webhookSecretPurpose } from "./webhook-secret.ts";

/**
 * A lease is the post's deadline plus this: long enough to record the result
 * after a post that used all of its time, short enough that a crashed
 * worker's deliveries go again within seconds.
 */
const LEASE_MARGIN_SECONDS = 10;

/** The most of a receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type WebhookWorkerOptions = {
  db: Db;
  secrets: SecretBox;
  log: Logger;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Resolver for the address policy (tests answer like an attacker's DNS). */
  resolve?: typeof dnsLookup;
  /** Posts in flight at once, over all endpoints. */
  concurrency?: number;
  /** Posts in flight at once to one endpoint. */
  perEndpoint?: number;
  /** A round stops claiming after this long (it finishes what it holds). */
  roundMs?: number;
  now?: () => Date;
  random?: () => number;
};

type Claimed = {
  id: string;
  user_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  retry_until: string | Date;
  url: string;
  secret_encrypted: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  occurred_at: string | Date;
};

/** The request's body: `{ type, timestamp, data }`, the same bytes on every try (the event is stored). */
export function webhookBody(type: string, occurredAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

export function createWebhookDeliveryWorker(o: WebhookWorkerOptions) {
  const { db, secrets, log } = o;
  const concurrency = o.concurrency ?? 16;
  const perEndpoint = o.perEndpoint ?? 4;
  const roundMs = o.roundMs ?? 5_000;
  const now = o.now ?? (() => new Date());
  // Longer than a post can take (its deadline covers lookup to the last byte read), with room.
  const leaseSeconds = Math.ceil(o.timeoutMs / 1000) + LEASE_MARGIN_SECONDS;
  let stopping = false;

  async function claim(limit: number, token: string): Promise<Claimed[]> {
    return queryRows<Claimed>(
      db,
      sql`with candidates as (
            select d.id, d.endpoint_id, row_number() over (partition by d.endpoint_id order by d.next_attempt_at) as rank
            from (select id, endpoint_id, next_attempt_at from webhook_deliveries
                  where status = 'pending' and next_attempt_at <= now()
                  order by next_attempt_at limit ${limit * 20}) d
          ), busy as (
            -- Each candidate endpoint's posts in flight (leases not over), from the small leased index.
            select l.endpoint_id, count(*)::int as n from webhook_deliveries l
            where l.leased_until is not null and l.leased_until > now() and l.status = 'pending'
              and l.endpoint_id in (select endpoint_id from candidates)
            group by l.endpoint_id
          ), room as (
            -- Each endpoint's free places: perEndpoint less its posts in flight.
            select c.id from candidates c left join busy b on b.endpoint_id = c.endpoint_id
            where c.rank + coalesce(b.n, 0) <= ${perEndpoint}
          ), due as (
            select d.id from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.active
            where d.id in (select id from room) and d.status = 'pending' and d.next_attempt_at <= now()
            order by d.next_attempt_at
            limit ${limit}
            for update of d skip locked
          ), taken as (
            update webhook_deliveries d set
              leased_until = now() + make_interval(secs => ${leaseSeconds}),
              next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
              lease_token = ${token}::uuid, attempts = d.attempts + 1
            from due where d.id = due.id
            returning d.id, d.user_id, d.endpoint_id, d.event_id, d.attempts, d.retry_until
          )
          select t.*, e.url, e.secret_encrypted, ev.type, ev.data, ev.occurred_at
          from taken t
          join webhook_endpoints e on e.id = t.endpoint_id
          join webhook_events ev on ev.id = t.event_id`,
    );
  }

  async function post(row: Claimed): Promise<{ result: AttemptResult; excerpt: string | null; error: string | null }> {
    const occurredAt = new Date(row.occurred_at);
    const body = webhookBody(row.type, occurredAt, row.data);
    const sentAt = now();
    let signature: string;
    try {
      signature = new Webhook(secrets.decrypt(row.secret_encrypted, webhookSecretPurpose(row.endpoint_id))).sign(
        row.event_id,
        sentAt,
        body,
      );
    } catch (err) {
      // A secret that no longer opens (APP_SECRET changed): nothing can be signed, trying again will not help.
      log.error({ err, deliveryId: row.id }, "webhook secret could not be opened");
      return {
        result: { kind: "error", reason: "invalid_url" },
        excerpt: null,
        error: "The signing secret could not be read",
      };
    }
    try {
      const response = await postWebhook(
        row.url,
        body,
        {
          "content-type": "application/json",
          "user-agent": "Coldreach-Webhooks/1",
          "webhook-id": row.event_id,
          "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
          "webhook-signature": signature,
        },
        {
          timeoutMs: o.timeoutMs,
          allowPrivate: o.allowPrivate,
          resolve: o.resolve,
          readBodyBytes: RESPONSE_EXCERPT_BYTES,
        },
      );
      const retryAfter = response.headers?.["retry-after"];
      return {
        result: {
          kind: "response",
          status: response.status,
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        },
        excerpt: response.body ?? null,
        error: null,
      };
    } catch (err) {
      if (!(err instanceof WebhookError)) throw err;
      return { result: { kind: "error", reason: err.reason }, excerpt: null, error: err.message };
    }
  }

  async function record(
    row: Claimed,
    token: string,
    attempt: { result: AttemptResult; excerpt: string | null; error: string | null },
    startedAt: Date,
    durationMs: number,
  ): Promise<void> {
    const outcome = attemptOutcome(attempt.result);
    const ended = now();
    const retryAt =
      outcome === "retry"
        ? nextAttemptAt({
            attempt: row.attempts,
            now: ended,
            retryUntil: new Date(row.retry_until),
            retryAfter: attempt.result.kind === "response" ? attempt.result.retryAfter : null,
            random: o.random,
          })
        : null;
    // A retry past the window is the delivery's end.
    const final = outcome === "retry" && !retryAt ? "failed" : outcome;
    const status = final === "delivered" ? "delivered" : final === "retry" ? "pending" : "failed";
    const code = attempt.result.kind === "response" ? attempt.result.status : null;
    const disabledReason =
      final === "disabled"
        ? `The endpoint answered 410 Gone on ${ended.toISOString()}: Coldreach turned it off.`
        : null;
    await db.execute(sql`
      with d as (
        update webhook_deliveries set status = ${status},
          next_attempt_at = coalesce(${retryAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
          leased_until = null, lease_token = null,
          last_attempt_at = ${startedAt.toISOString()}::timestamptz, last_status_code = ${code},
          last_duration_ms = ${durationMs}, last_response_excerpt = ${attempt.excerpt}, last_error = ${attempt.error},
          delivered_at = case when ${status} = 'delivered' then ${ended.toISOString()}::timestamptz end
        where id = ${row.id}::uuid and lease_token = ${token}::uuid
        returning id, user_id, endpoint_id, attempts
      ), logged as (
        insert into webhook_delivery_attempts (delivery_id, user_id, attempt, attempted_at, status_code, duration_ms,
                                               response_excerpt, error, outcome)
        select d.id, d.user_id, d.attempts, ${startedAt.toISOString()}::timestamptz, ${code}, ${durationMs},
               ${attempt.excerpt}, ${attempt.error}, ${final}
        from d
      ), disabled as (
        update webhook_endpoints e set active = false, disabled_reason = ${disabledReason}, updated_at = now()
        from d where ${final === "disabled"} and e.id = d.endpoint_id
        returning e.id
      )
      update webhook_deliveries c set status = 'cancelled', leased_until = null, lease_token = null
      from disabled where c.endpoint_id = disabled.id and c.status = 'pending' and c.id <> ${row.id}::uuid`);
    if (final === "disabled") log.warn({ endpointId: row.endpoint_id }, "webhook endpoint answered 410 Gone: disabled");
  }

  async function deliver(row: Claimed, token: string): Promise<void> {
    const startedAt = now();
    const t0 = performance.now();
    try {
      const attempt = await post(row);
      await record(row, token, attempt, startedAt, Math.round(performance.now() - t0));
    } catch (err) {
      // Left leased: it is due again when the lease is over.
      log.error({ err, deliveryId: row.id }, "webhook delivery could not be completed");
    }
  }

  return {
    /**
     * One round: keeps up to `concurrency` posts in flight, claiming as places
     * free up, until nothing is due or the round's time is over. Returns how
     * many it claimed, and whether it stopped with work left.
     */
    async round(): Promise<{ claimed: number; more: boolean }> {
      const token = randomUUID();
      const inFlight = new Set<Promise<void>>();
      const deadline = Date.now() + roundMs;
      let claimed = 0;
      let more = false;
      let drained = false;
      while (true) {
        const free = concurrency - inFlight.size;
        // Claims in groups (a quarter of the pool at least), not one statement per finished post.
        if (!drained && free > 0 && (inFlight.size === 0 || free >= Math.max(1, concurrency / 4))) {
          if (stopping || Date.now() >= deadline) {
            more = true;
            drained = true;
          } else {
            const rows = await claim(free, token);
            claimed += rows.length;
            for (const row of rows) {
              const p: Promise<void> = deliver(row, token).finally(() => inFlight.delete(p));
              inFlight.add(p);
            }
            // Nothing more due now: finish what is in flight (a post ending frees a place: claim again).
            if (rows.length === 0 && inFlight.size === 0) break;
          }
        }
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
      }
      return { claimed, more: more && claimed > 0 };
    },
    stop() {
      stopping = true;
    },
  };
}

export type WebhookDeliveryWorker = ReturnType<typeof createWebhookDeliveryWorker>;
