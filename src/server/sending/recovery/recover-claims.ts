// Claims whose worker is gone: rows left 'sending' by a worker whose heartbeat
// is older than `deadAfterMs` (or that never registered one), or whose lease
// expired (a live worker stuck on a delivery for longer than any transport
// timeout). Each is settled by its hand-off (settle-attempted.ts): never
// handed to an SMTP server → back to the queue, to be sent by whoever claims
// it next; handed off → unknown, for the user to decide.
//
// A worker that is alive but was thought dead (paused longer than the
// interval) cannot send what was taken from it (fencing): its hand-offs name
// the claim (row and lease) and are granted only while that claim still holds
// the row — the PostgreSQL statement checks it (hand-off-database.ts,
// hand-off-writer.ts); the embedded journal refuses a hand-off near the
// lease's end, and recovery of this process's own claims waits for that end
// and applies the journal first. A success it reports later still wins over
// 'unknown' (record-outcomes.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import type { JournalEntry } from "../delivery/hand-off-journal.ts";
import { settleAttempted } from "./settle-attempted.ts";

export type RecoverOptions = {
  now: Date;
  deadAfterMs: number;
  limit?: number;
  /**
   * The recovering worker itself: alive whatever its heartbeat says (it is
   * running this), so only an expired lease makes its own claims recoverable.
   */
  self?: string;
  /**
   * This process (THIS_PROCESS, the prefix of its workers' ids): its workers
   * are alive too, however long their heartbeat was held up by a busy event
   * loop (issue 26). Claims are taken from a live process only when a lease expires.
   */
  ownProcess?: string;
  /**
   * The hand-offs this process journaled (the embedded database: they are in
   * the delivery thread's journal, not yet in the database). Read only when
   * something is to be recovered, and applied first: a claim whose message
   * went out just before its lease expired is unknown, never sent again.
   */
  ownJournal?: () => JournalEntry[];
};

/** Returns how many rows were settled. SKIP LOCKED lets several workers recover at once. */
export async function recoverClaims(db: Pick<Db, "transaction">, o: RecoverOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`
      select se.id from scheduled_emails se
      where se.status = 'sending'
        and (se.lease_expires_at < ${at(o.now)}
             or (se.locked_by is distinct from ${o.self ?? null}::text
                 and (${o.ownProcess ?? null}::text is null or se.locked_by not like ${`${o.ownProcess ?? ""}:%`})
                 and not exists (select 1 from send_workers w
                                 where w.id = se.locked_by and w.heartbeat_at >= ${at(new Date(o.now.getTime() - o.deadAfterMs))})))
      order by se.lease_expires_at
      limit ${o.limit ?? 1000}
      for update of se skip locked`,
    );
    const ids = rows.map((r) => r.id);
    await settleOwnClaims(tx, ids, o.now, o.ownJournal);
    return ids.length;
  });
}

/**
 * A worker's own claims, released when it stops cleanly: those never handed
 * off go back to the queue at once (their attempt does not count); any that
 * were handed off and are still 'sending' (a delivery that did not finish
 * within the shutdown's grace) are unknown.
 */
export async function releaseClaims(
  db: Pick<Db, "transaction">,
  workerId: string,
  now: Date,
  ownJournal?: () => JournalEntry[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select id from scheduled_emails where status = 'sending' and locked_by = ${workerId} for update`,
    );
    await settleOwnClaims(
      tx,
      rows.map((r) => r.id),
      now,
      ownJournal,
    );
    return rows.length;
  });
}

/**
 * Settles locked claims by their hand-off, after marking those this
 * process's journal shows handed off (read only when there is a claim to settle).
 */
async function settleOwnClaims(
  tx: Tx,
  ids: string[],
  now: Date,
  ownJournal: (() => JournalEntry[]) | undefined,
): Promise<void> {
  if (ids.length > 0 && ownJournal) {
    const wanted = new Set(ids);
    await applyJournaledHandOffs(
      tx,
      ownJournal().filter((e) => wanted.has(e.id)),
      now,
    );
  }
  await settleAttempted(tx, ids, now, "handOff");
}

/**
 * Hand-offs a dead process journaled (the embedded database: sending/delivery/hand-off-journal.ts):
 * each marks its row handed off when the row is still held by that very claim
 * (same lease), before the row's fate is read. Returns how many rows it marked.
 */
export async function applyJournaledHandOffs(
  db: Pick<Db, "execute">,
  entries: readonly JournalEntry[],
  now: Date,
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update scheduled_emails se set handed_off_at = ${at(now)}
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as j(id uuid, lease timestamptz)
    where se.id = j.id and se.lease_expires_at = j.lease and se.status = 'sending' and se.handed_off_at is null
    returning se.id`,
  );
  return rows.length;
}

/** Whether any of these journaled claims still holds its row (a journal segment still needed). */
export async function anyStillHeld(db: Pick<Db, "execute">, entries: readonly JournalEntry[]): Promise<boolean> {
  if (entries.length === 0) return false;
  const rows = await queryRows<{ held: boolean }>(
    db,
    sql`
    select exists (
      select 1 from scheduled_emails se
      join jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as j(id uuid, lease timestamptz)
        on se.id = j.id and se.lease_expires_at = j.lease
      where se.status = 'sending') as held`,
  );
  return rows[0]?.held ?? false;
}
