// One background task run again and again: the send worker's rounds and its
// heartbeat, the mailbox sync, the meeting-notices sweep, PGlite's planner
// statistics. A run never overlaps the previous one: the next starts
// `intervalMs` after a run ends, or at once when the run asks for it (it came
// back full) or someone woke the task meanwhile. A failed run is logged and
// the task goes on. stop() lets the run in progress finish, within a grace.
import type { Logger } from "./logger.ts";

export type PeriodicTask = {
  /** A run soon: now when idle, right after the current one otherwise. Resolves once that run is over. */
  runSoon(): Promise<void>;
  /**
   * No more runs; waits for the one in progress, at most `graceMs` when given.
   * "grace over": it was still running when the grace ran out.
   */
  stop(graceMs?: number): Promise<"done" | "grace over">;
  /** Resolves once no run is under way (after stop(): once the last one is over). */
  idle(): Promise<void>;
};

export function startPeriodicTask(o: {
  /** What a run is, for the log line of a failed run ("send round" → "send round failed"). */
  what: string;
  log: Logger;
  /** One run. "again": start the next at once instead of after the interval. */
  run: () => Promise<"again" | undefined>;
  intervalMs: number;
  /** When the first run starts (default: at once). */
  firstRunMs?: number;
  /** Let the process exit while only this task is waiting (a sweep that is not the process's reason to live). */
  unref?: boolean;
}): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  /** Woken while a run was under way: they wait for the run after it. */
  let wokenDuring: (() => void)[] = [];
  /** Woken while idle: they wait for the run that starts now. */
  let wokenIdle: (() => void)[] = [];

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      current = runOnce().finally(() => {
        current = undefined;
      });
    }, delay);
    if (o.unref) timer.unref();
  };

  async function runOnce(): Promise<void> {
    const waking = wokenIdle.concat(wokenDuring);
    wokenIdle = [];
    wokenDuring = [];
    let again = false;
    try {
      again = (await o.run()) === "again";
    } catch (err) {
      o.log.error({ err }, `${o.what} failed`);
    }
    for (const resolve of waking) resolve();
    schedule(again || wokenDuring.length > 0 ? 0 : o.intervalMs);
  }

  schedule(o.firstRunMs ?? 0);
  return {
    runSoon: () =>
      new Promise<void>((resolve) => {
        if (stopped) return resolve();
        if (current) {
          wokenDuring.push(resolve);
        } else {
          wokenIdle.push(resolve);
          schedule(0);
        }
      }),
    async stop(graceMs) {
      stopped = true;
      clearTimeout(timer);
      for (const resolve of wokenIdle.concat(wokenDuring)) resolve();
      wokenIdle = [];
      wokenDuring = [];
      if (!current) return "done";
      if (graceMs === undefined) {
        await current;
        return "done";
      }
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"grace over">((resolve) => {
        graceTimer = setTimeout(() => resolve("grace over"), graceMs);
      });
      const finished = await Promise.race([current.then(() => "done" as const), graceOver]);
      clearTimeout(graceTimer);
      return finished;
    },
    idle: async () => {
      await current;
    },
  };
}
