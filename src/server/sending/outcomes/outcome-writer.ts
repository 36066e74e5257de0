// Outcomes of deliveries are written in groups, many rows per statement,
// while deliveries go on (see createOutcomeWriter for the trade-off).
import type { Logger } from "../../logger.ts";
import type { OutcomeRecord } from "./record-outcomes.ts";

/**
 * Writes outcomes in groups, many per statement: a group goes when it holds
 * `groupSize` outcomes, when its first has waited `maxWaitMs`, or when the
 * batch is done; while one group is being written the next accumulates. A
 * delivered message is therefore recorded within about `maxWaitMs` plus one
 * write of its SMTP reply, which keeps the "sent but not recorded" window
 * (what a crash turns into unknown sends) short without a statement per row.
 *
 * Why not write whatever has arrived as soon as the previous write ends: on
 * PGlite a query runs on this thread and no socket is read while it runs, so
 * after each write only the one or two replies read since were waiting, and
 * the engine wrote a statement for nearly every message, each costing most of a
 * message's send time (bench/RESULTS.md).
 */
export function createOutcomeWriter(
  write: (records: OutcomeRecord[]) => Promise<void>,
  log: Logger,
  o: { groupSize: number; maxWaitMs: number },
) {
  let queue: OutcomeRecord[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failure: unknown;

  const arm = () => {
    // When it fires during a write, the write's end arms it again.
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!running) run("once");
    }, o.maxWaitMs);
  };

  /**
   * Writes full groups while there are any. `once` (the wait is over) first
   * writes whatever is queued, then full groups only: what arrives during that
   * write starts a new wait, rather than going out a few outcomes at a time
   * (on PostgreSQL a write is short, and chaining them wrote ~20 per statement).
   * `all` (draining) writes until nothing is left.
   */
  const run = (force: "once" | "all" | false) => {
    clearTimeout(timer);
    timer = undefined;
    running = (async () => {
      let forced = force !== false;
      while (queue.length >= o.groupSize || (forced && queue.length > 0)) {
        forced = force === "all";
        const group = queue;
        queue = [];
        try {
          await write(group);
        } catch (err) {
          // The rows stay 'sending'; lease recovery settles them (as unknown if sent).
          failure ??= err;
          log.error({ err, count: group.length }, "could not record delivery outcomes");
        }
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) arm();
    });
  };

  return {
    push(record: OutcomeRecord) {
      queue.push(record);
      if (running) return;
      if (queue.length >= o.groupSize) run(false);
      else arm();
    },
    async drain() {
      while (running) await running;
      if (queue.length > 0) run("all");
      while (running) await running;
      clearTimeout(timer);
      timer = undefined;
      if (failure) throw failure;
    },
  };
}

export type OutcomeWriter = ReturnType<typeof createOutcomeWriter>;
