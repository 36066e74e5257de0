// Runs the send worker in the background: a round, then another at once while
// rounds come back full, else a pause of `intervalMs`; a heartbeat every few
// seconds whatever the rounds do. stop() is the clean shutdown (SIGTERM,
// SIGINT): no more claims, what was claimed but not handed to a server goes
// back to the queue at once, what was handed off gets `graceMs` to finish and
// be recorded, and past that is settled (unknown) before the worker leaves.
import type { Logger } from "../logger.ts";
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  /** Woken while a round ran: those wakers wait for the round after it. */
  let wokenDuring: (() => void)[] = [];
  /** Woken while idle: they wait for the round that starts now. */
  let wokenIdle: (() => void)[] = [];

  const heartbeat = setInterval(() => {
    worker.beat().catch((err: unknown) => opts.log.warn({ err }, "could not refresh the send worker's heartbeat"));
  }, opts.heartbeatMs ?? 5_000);
  heartbeat.unref();

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      current = round().finally(() => {
        current = undefined;
      });
    }, delay);
  };

  async function round(): Promise<void> {
    const waking = wokenIdle.concat(wokenDuring);
    wokenIdle = [];
    wokenDuring = [];
    let again = false;
    try {
      const r = await worker.runOnce();
      if (r.claimed > 0 || r.recovered > 0) opts.log.info({ worker: worker.workerId, ...r }, "send round");
      again = r.full;
    } catch (err) {
      opts.log.error({ err }, "send round failed");
    }
    for (const resolve of waking) resolve();
    schedule(again || wokenDuring.length > 0 ? 0 : opts.intervalMs);
  }

  /** A round soon: now when idle, right after the current one otherwise. */
  const runSoon = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      if (current) {
        wokenDuring.push(resolve);
      } else {
        wokenIdle.push(resolve);
        schedule(0);
      }
    });
  const detach = opts.signal?.attach(runSoon);

  schedule(0);
  return {
    async stop() {
      stopped = true;
      detach?.();
      clearTimeout(timer);
      for (const resolve of wokenIdle.concat(wokenDuring)) resolve();
      worker.beginStop();
      const graceMs = opts.graceMs ?? 20_000;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace over">((resolve) => {
        graceTimer = setTimeout(() => resolve("grace over"), graceMs);
      });
      const finished = current ? await Promise.race([current.then(() => "done" as const), graceOver]) : "done";
      clearTimeout(graceTimer);
      if (finished === "grace over") {
        opts.log.warn({ graceMs }, "deliveries still in flight after the shutdown grace: abandoning them");
        await opts.abandonDeliveries?.();
        await current;
      }
      clearInterval(heartbeat);
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
