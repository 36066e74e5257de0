// Runs the send worker in the background: a round, then another at once while
// rounds come back full, else a pause of `intervalMs`. stop() waits for the
// round in progress, so shutdown never abandons a claimed batch mid-record.
import type { Logger } from "../logger.ts";
import type { SendWorker } from "./send-worker.ts";

export type WorkerLoop = { stop: () => Promise<void> };

export function startWorkerLoop(worker: SendWorker, opts: { intervalMs: number; log: Logger }): WorkerLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round().finally(() => {
        current = undefined;
      });
    }, delay);
  };

  async function round(): Promise<void> {
    let again = false;
    try {
      const r = await worker.runOnce();
      if (r.claimed > 0 || r.recovered > 0) opts.log.info({ worker: worker.workerId, ...r }, "send round");
      again = r.full;
    } catch (err) {
      opts.log.error({ err }, "send round failed");
    }
    schedule(again ? 0 : opts.intervalMs);
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
