// Emitting webhook events: called inside the transaction of what happened, so
// the event exists exactly when the change does (an outbox). One statement for
// any number of events: it keeps only the events some active endpoint of their
// user wants, writes them and one pending delivery per such endpoint. A user
// without endpoints costs one index probe per statement, nothing stored.
import { type SQL, sql } from "drizzle-orm";
import type { WebhookEventType } from "#shared/db-enums.ts";
import type { Executor } from "../db/sql-helpers.ts";

export type EmittedEvent = {
  userId: string;
  type: WebhookEventType;
  /** The event's data, as the receiver gets it under "data". */
  data: Record<string, unknown>;
  /** When it happened (defaults to the statement's time). */
  occurredAt?: Date;
};

/**
 * The emit as common table expressions, for a statement that already is the
 * transaction of what happened (the send outcomes, a first open): append
 * them to its `with` list, after the CTEs `source` reads. `source` selects
 * (user_id text, type text, data jsonb, occurred_at timestamptz); `name`
 * prefixes the CTEs (two emits in one statement need two names). Data-
 * modifying CTEs run whether or not the statement's final query reads them.
 */
export function webhookEventCtes(source: SQL, name = "webhook_event"): SQL {
  const input = sql.raw(`${name}_input`);
  const emitted = sql.raw(`${name}_rows`);
  const deliveries = sql.raw(`${name}_deliveries`);
  return sql`${input} as (
      select x.user_id, x.type, x.data, coalesce(x.occurred_at, now()) as occurred_at
      from (${source}) as x
      where exists (
        select 1 from webhook_endpoints e
        where e.user_id = x.user_id and e.active and x.type = any(e.events)
      )
    ),
    ${emitted} as (
      insert into webhook_events (user_id, type, data, occurred_at)
      select user_id, type, data, occurred_at from ${input}
      returning id, user_id, type
    ),
    ${deliveries} as (
      insert into webhook_deliveries (user_id, endpoint_id, event_id)
      select em.user_id, e.id, em.id
      from ${emitted} em
      join webhook_endpoints e on e.user_id = em.user_id and e.active and em.type = any(e.events)
      returning 1
    )`;
}

/** Emits the events a query selects (user_id, type, data, occurred_at), in one statement. */
export async function emitWebhookEventsFrom(db: Executor, source: SQL): Promise<void> {
  await db.execute(sql`with ${webhookEventCtes(source)} select 1`);
}

export async function emitWebhookEvents(db: Executor, events: readonly EmittedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const input = JSON.stringify(
    events.map((e) => ({
      user_id: e.userId,
      type: e.type,
      data: e.data,
      occurred_at: e.occurredAt?.toISOString() ?? null,
    })),
  );
  await emitWebhookEventsFrom(
    db,
    sql`select * from jsonb_to_recordset(${input}::jsonb) as x(user_id text, type text, data jsonb, occurred_at timestamptz)`,
  );
}

export function emitWebhookEvent(db: Executor, event: EmittedEvent): Promise<void> {
  return emitWebhookEvents(db, [event]);
}
