// Records hand-offs: the moment a claimed message's content is about to go to
// an SMTP server (see HandOff in sending/outgoing.ts). The transport holds the
// content until the row's handed_off_at is committed, so after a crash every
// row without it provably never reached a server and goes back to the queue.
//
// Group commit: a write starts on the next turn of the event loop (so the
// requests the delivery thread posted meanwhile go together), and those that
// arrive while a write is running go together in the next one. A connection
// asks for its hand-off when it takes a message, before MAIL FROM, so the
// write overlaps MAIL FROM / RCPT TO / DATA instead of adding to them.
import { sql } from "drizzle-orm";
import { anyUuid, at, type Executor, queryRows } from "../../db/sql-helpers.ts";
import type { Logger } from "../../logger.ts";

/** A hand-off that must not happen: the message is abandoned unsent (released, not failed). */
export class HandOffRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "HandOffRefused";
  }
}

type Waiting = { id: string; resolve: () => void; reject: (err: Error) => void };

export function createHandOffWriter(o: { db: Executor; workerId: string; now: () => Date; log: Logger }) {
  let queue: Waiting[] = [];
  let running: Promise<void> | null = null;
  let refusal: string | null = null;

  async function write(group: Waiting[]): Promise<void> {
    try {
      // Only a row this worker still holds: one that recovery took from it
      // (it was thought dead) must not be sent by it any more.
      const rows = await queryRows<{ id: string }>(
        o.db,
        sql`
        update scheduled_emails set handed_off_at = ${at(o.now())}
        where id = ${anyUuid(group.map((g) => g.id))} and status = 'sending' and locked_by = ${o.workerId}
        returning id`,
      );
      const held = new Set(rows.map((r) => r.id));
      for (const g of group) {
        if (held.has(g.id)) g.resolve();
        else g.reject(new HandOffRefused("The claim on this message was taken over by another worker"));
      }
    } catch (err) {
      o.log.error({ err, count: group.length }, "could not record hand-offs; the messages stay unsent");
      for (const g of group) g.reject(new HandOffRefused("The hand-off could not be recorded"));
    }
  }

  function run(): void {
    running = (async () => {
      // Let the other requests already posted by the delivery thread arrive first.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.length > 0) {
        const group = queue;
        queue = [];
        await write(group);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      running = null;
    });
  }

  return {
    /** Resolves once the row's hand-off is committed; rejects with HandOffRefused when it must not be sent. */
    handOff(scheduledId: string): Promise<void> {
      if (refusal !== null) return Promise.reject(new HandOffRefused(refusal));
      return new Promise<void>((resolve, reject) => {
        queue.push({ id: scheduledId, resolve, reject });
        if (!running) run();
      });
    },
    /** From now on every hand-off is refused (a stopping worker sends nothing new). */
    refuse(reason: string): void {
      refusal = reason;
      const waiting = queue;
      queue = [];
      for (const w of waiting) w.reject(new HandOffRefused(reason));
    },
  };
}

export type HandOffWriter = ReturnType<typeof createHandOffWriter>;
