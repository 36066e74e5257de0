// Send workers announce that they are alive: each refreshes its row in
// send_workers every few seconds. A worker whose heartbeat is older than the
// configured interval (WORKER_DEAD_AFTER_SECONDS) is dead, and any live
// worker recovers its claims (recover-claims.ts); that is how a SIGKILL, a
// crash or a lost machine costs seconds, not the 10-minute lease.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { at, type Executor } from "../db/sql-helpers.ts";

/**
 * This process, as the prefix of its workers' ids: host, pid and a random
 * part (a restarted container has the same host name and pid 1 again, but
 * is another process).
 */
export const THIS_PROCESS = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** A new worker id of this process. */
export const newWorkerId = () => `${THIS_PROCESS}:${randomUUID().slice(0, 4)}`;

/** Rows of workers dead for this long are removed (their claims were recovered long before). */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export function createWorkerHeartbeat(db: Executor, workerId: string, now: () => Date) {
  return {
    /** Registers the worker, or refreshes its heartbeat (re-registering a row removed meanwhile). */
    async beat(on: Executor = db): Promise<void> {
      const t = now();
      await on.execute(sql`
        insert into send_workers (id, host, pid, started_at, heartbeat_at)
        values (${workerId}, ${hostname()}, ${process.pid}, ${at(t)}, ${at(t)})
        on conflict (id) do update set heartbeat_at = excluded.heartbeat_at`);
    },
    /** A clean stop: the worker's claims were released; nobody needs to wait for it. */
    async remove(): Promise<void> {
      await db.execute(sql`delete from send_workers where id = ${workerId}`);
    },
    /**
     * Every worker of another process is dead: the embedded database (PGlite)
     * is opened by one process only, so whatever a previous process left is
     * recovered at once instead of after the heartbeat interval. (Workers of
     * this process stay.)
     */
    async forgetOthers(on: Executor = db): Promise<void> {
      await on.execute(sql`
        delete from send_workers where id <> ${workerId} and id not like ${`${THIS_PROCESS}:%`}`);
    },
    /** Removes workers dead for a day. */
    async prune(on: Executor = db): Promise<void> {
      await on.execute(
        sql`delete from send_workers where heartbeat_at < ${at(new Date(now().getTime() - FORGET_AFTER_MS))}`,
      );
    },
  };
}

export type WorkerHeartbeat = ReturnType<typeof createWorkerHeartbeat>;
