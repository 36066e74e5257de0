// Emitting webhook events: called inside the transaction of what happened, so
// the event exists exactly when the change does (an outbox). One statement for
// any number of events: it keeps only the events some active endpoint of their
// user wants, writes them and one pending delivery per such endpoint. A user
// without endpoints costs one index probe per statement, nothing stored.
import { sql } from "drizzle-orm";
import type { WebhookEventType } from "#shared/db-enums.ts";
import type { Db } from "../db/client.ts";

export type EmittedEvent = {
  userId: string;
  type: WebhookEventType;
  /** The event's data, as the receiver gets it under "data". */
  data: Record<string, unknown>;
  /** When it happened (defaults to the statement's time). */
  occurredAt?: Date;
};

export async function emitWebhookEvents(db: Db, events: readonly EmittedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const input = JSON.stringify(
    events.map((e) => ({
      user_id: e.userId,
      type: e.type,
      data: e.data,
      occurred_at: e.occurredAt?.toISOString() ?? null,
    })),
  );
  await db.execute(sql`
    with input as (
      select x.user_id, x.type, x.data, coalesce(x.occurred_at, now()) as occurred_at
      from jsonb_to_recordset(${input}::jsonb) as x(user_id text, type text, data jsonb, occurred_at timestamptz)
      where exists (
        select 1 from webhook_endpoints e
        where e.user_id = x.user_id and e.active and x.type = any(e.events)
      )
    ),
    emitted as (
      insert into webhook_events (user_id, type, data, occurred_at)
      select user_id, type, data, occurred_at from input
      returning id, user_id, type
    )
    insert into webhook_deliveries (user_id, endpoint_id, event_id)
    select emitted.user_id, e.id, emitted.id
    from emitted
    join webhook_endpoints e on e.user_id = emitted.user_id and e.active and emitted.type = any(e.events)
  `);
}

export function emitWebhookEvent(db: Db, event: EmittedEvent): Promise<void> {
  return emitWebhookEvents(db, [event]);
}
