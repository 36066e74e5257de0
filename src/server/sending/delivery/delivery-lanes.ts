// Delivery lanes of one worker round: claimed batches are queued, a fixed
// number of lanes take sends from the queue as they free up, and every
// outcome goes to one grouped writer. Lanes never wait for a batch to finish,
// so the worker claims the next batch while the current one is still being
// delivered: claiming and delivering overlap instead of taking turns, which
// is where a round-by-round worker lost much of its time (bench/RESULTS.md).
import type { Logger } from "../../logger.ts";
import type { ClaimedBatch, ClaimedSend } from "../claim/claimed-send.ts";
import type { OutcomeWriter } from "../outcomes/outcome-writer.ts";
import type { OutcomeRecord } from "../outcomes/record-outcomes.ts";
import { type AttemptContext, attemptSend, outcomeBase } from "./attempt-send.ts";

/** unknown: may have been delivered (the user decides); released: never handed off, back in the queue. */
export type BatchResult = {
  claimed: number;
  sent: number;
  failed: number;
  retrying: number;
  unknown: number;
  released: number;
};

export const emptyResult = (): BatchResult => ({
  claimed: 0,
  sent: 0,
  failed: 0,
  retrying: 0,
  unknown: 0,
  released: 0,
});

function count(result: BatchResult, outcome: OutcomeRecord): void {
  if (outcome.kind === "sent") result.sent++;
  else if (outcome.kind === "failed") result.failed++;
  else if (outcome.kind === "retry") result.retrying++;
  else if (outcome.kind === "unknown") result.unknown++;
  else result.released++;
}

type Queued = { send: ClaimedSend; batch: ClaimedBatch; ctx: AttemptContext; result: BatchResult };

export function createDeliveryLanes(o: {
  concurrency: number;
  writer: OutcomeWriter;
  log: Logger;
  /** Hears each delivery that finished (the worker measures its rate to size claims). */
  onFinished?: () => void;
}) {
  const queue: Queued[] = [];
  let active = 0;
  let failure: unknown;
  let idle: (() => void)[] = [];
  let heldWaiters: { atMost: number; resolve: () => void }[] = [];

  const notify = () => {
    heldWaiters = heldWaiters.filter((w) => {
      if (queue.length + active > w.atMost) return true;
      w.resolve();
      return false;
    });
    if (active === 0 && queue.length === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  const pump = () => {
    while (active < o.concurrency && queue.length > 0) {
      const item = queue.shift()!;
      active++;
      attemptSend(item.send, item.batch, item.ctx)
        .then((outcome) => {
          count(item.result, outcome);
          if (outcome.kind !== "released") o.onFinished?.();
          o.writer.push(outcome);
        })
        .catch((err: unknown) => {
          // Not a delivery failure (those are outcomes) but a bug or a dead
          // dependency: the row stays 'sending' and lease recovery settles it.
          failure ??= err;
          o.log.error({ err, scheduledId: item.send.scheduledId }, "a delivery attempt failed unexpectedly");
        })
        .finally(() => {
          active--;
          pump();
        });
    }
    notify();
  };

  return {
    /** Queues a claimed batch; `result` is counted as its sends finish. */
    add(batch: ClaimedBatch, ctx: AttemptContext, result: BatchResult): void {
      for (const send of batch.sends) queue.push({ send, batch, ctx, result });
      pump();
    },
    /** Claimed sends not finished yet: waiting for a lane or being delivered. */
    held(): number {
      return queue.length + active;
    },
    /**
     * Gives back every send still waiting for a lane (the worker is stopping):
     * each is recorded as released, back in the queue for whoever claims next.
     */
    releaseWaiting(now: Date): void {
      const waiting = queue.splice(0);
      for (const item of waiting) {
        const outcome = releasedOutcome(item.send, now);
        count(item.result, outcome);
        o.writer.push(outcome);
      }
      notify();
    },
    /** Resolves once no more than `atMost` claimed sends are held (waiting or being delivered). */
    waitForHeld(atMost: number): Promise<void> {
      if (queue.length + active <= atMost) return Promise.resolve();
      return new Promise((resolve) => heldWaiters.push({ atMost, resolve }));
    },
    /** Resolves when everything queued has been delivered and recorded; rejects with the first failure. */
    async drain(): Promise<void> {
      if (active > 0 || queue.length > 0) await new Promise<void>((resolve) => idle.push(resolve));
      await o.writer.drain();
      if (failure) throw failure;
    },
  };
}

/** The outcome of a claimed send given back unsent. */
function releasedOutcome(send: ClaimedSend, now: Date): OutcomeRecord {
  // Not counted on any day (released sends move no counter); any valid date.
  return { ...outcomeBase(send), kind: "released", endedAt: now, day: now.toISOString().slice(0, 10) };
}
