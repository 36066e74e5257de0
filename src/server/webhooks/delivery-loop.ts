// The webhook engine's periodic tasks on a worker process: delivery rounds
// every `intervalMs` (a second by default; at once again when a round left
// work, or when a request woke it), and the hourly history sweep.
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { startPeriodicTask } from "../periodic-task.ts";
import type { WebhookDeliveryWorker } from "./delivery-worker.ts";
import { pruneWebhookHistory } from "./prune-history.ts";
import type { WebhookSignal } from "./webhook-signal.ts";

export function startWebhookDeliveryLoop(
  worker: WebhookDeliveryWorker,
  o: { db: Db; log: Logger; intervalMs: number; signal?: WebhookSignal; pruneEveryMs?: number },
) {
  const rounds = startPeriodicTask({
    what: "webhook delivery round",
    log: o.log,
    intervalMs: o.intervalMs,
    run: async () => ((await worker.round()).more ? "again" : undefined),
  });
  const detach = o.signal?.attach(() => rounds.runSoon());
  const prune = startPeriodicTask({
    what: "webhook history sweep",
    log: o.log,
    intervalMs: o.pruneEveryMs ?? 3_600_000,
    firstRunMs: 60_000,
    unref: true,
    run: async () => ((await pruneWebhookHistory(o.db)) >= 5_000 ? "again" : undefined),
  });
  return {
    runSoon: () => rounds.runSoon(),
    idle: () => rounds.idle(),
    async stop() {
      detach?.();
      worker.stop();
      await rounds.stop();
      await prune.stop();
    },
  };
}

export type WebhookDeliveryLoop = ReturnType<typeof startWebhookDeliveryLoop>;
