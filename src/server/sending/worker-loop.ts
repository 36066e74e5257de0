// Runs the send worker in the background: a round, then another at once while
// rounds come back full, else a pause of `intervalMs`; a heartbeat every few
// seconds whatever the rounds do. stop() is the clean shutdown (SIGTERM,
// SIGINT): no more claims, what was claimed but not handed to a server goes
// back to the queue at once, what was handed off gets `graceMs` to finish and
// be recorded, and past that is settled (unknown) before the worker leaves.
import type { Logger } from "../logger.ts";
import { startPeriodicTask } from "../periodic-task.ts";
import type { SendSignal } from "./send-signal.ts";
import type { SendWorker } from "./worker.ts";

export type WorkerLoop = { stop: () => Promise<void> };

export function startWorkerLoop(
  worker: SendWorker,
  opts: {
    intervalMs: number;
    log: Logger;
    /** How often the heartbeat is refreshed (a few times per WORKER_DEAD_AFTER_SECONDS). */
    heartbeatMs?: number;
    /** How long stop() lets deliveries already handed to a server finish. */
    graceMs?: number;
    /** Called when the grace ran out: abandon the deliveries still in flight (they fail as unknown). */
    abandonDeliveries?: () => Promise<void>;
    /** Requests (a launch) wake the loop through it instead of waiting for the next poll. */
    signal?: SendSignal;
  },
): WorkerLoop {
  const heartbeat = startPeriodicTask({
    what: "send worker heartbeat",
    log: opts.log,
    intervalMs: opts.heartbeatMs ?? 5_000,
    firstRunMs: opts.heartbeatMs ?? 5_000,
    unref: true,
    run: async () => {
      await worker
        .beat()
        .catch((err: unknown) => opts.log.warn({ err }, "could not refresh the send worker's heartbeat"));
      return undefined;
    },
  });
  const rounds = startPeriodicTask({
    what: "send round",
    log: opts.log,
    intervalMs: opts.intervalMs,
    run: async () => {
      const r = await worker.runOnce();
      if (r.claimed > 0 || r.recovered > 0) opts.log.info({ worker: worker.workerId, ...r }, "send round");
      return r.full ? "again" : undefined;
    },
  });
  const detach = opts.signal?.attach(rounds.runSoon);

  return {
    async stop() {
      detach?.();
      worker.beginStop();
      const graceMs = opts.graceMs ?? 20_000;
      if ((await rounds.stop(graceMs)) === "grace over") {
        opts.log.warn({ graceMs }, "deliveries still in flight after the shutdown grace: abandoning them");
        await opts.abandonDeliveries?.();
        await rounds.idle();
      }
      await heartbeat.stop();
      try {
        const released = await worker.releaseAll();
        if (released > 0) opts.log.info({ released }, "send worker released its remaining claims");
      } catch (err) {
        // Not fatal: the heartbeat stops, and another worker recovers these claims.
        opts.log.error({ err }, "could not release the send worker's claims");
      }
    },
  };
}
