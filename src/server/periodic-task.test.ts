import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger.ts";
import { startPeriodicTask } from "./periodic-task.ts";

const log = createLogger("silent");

describe("startPeriodicTask", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at once, then `intervalMs` after each run ends, never two at a time", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const task = startPeriodicTask({
      what: "test",
      log,
      intervalMs: 1_000,
      run: async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 300));
        running--;
        return undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1_299);
    expect(runs).toBe(1); // 300 ms of run + 1,000 ms of pause
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    await task.stop();
  });

  it("runs again at once when a run says 'again', and waits the interval otherwise", async () => {
    let runs = 0;
    const task = startPeriodicTask({
      what: "test",
      log,
      intervalMs: 60_000,
      run: async () => (++runs < 4 ? "again" : undefined),
    });
    // The runs that say "again" follow each other without waiting: all four within the first moments.
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(5);
    await task.stop();
  });

  it("logs a failed run and goes on", async () => {
    const errors: string[] = [];
    const spy = { ...log, error: (_: unknown, msg: string) => errors.push(msg) } as unknown as typeof log;
    let runs = 0;
    const task = startPeriodicTask({
      what: "flaky round",
      log: spy,
      intervalMs: 100,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("boom");
        return undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(errors).toEqual(["flaky round failed"]);
    expect(runs).toBe(2);
    await task.stop();
  });

  it("runSoon starts a run when idle, and waits for the run after the current one otherwise", async () => {
    const started: number[] = [];
    let release: (() => void) | undefined;
    const task = startPeriodicTask({
      what: "test",
      log,
      intervalMs: 60_000,
      firstRunMs: 60_000,
      run: async () => {
        started.push(Date.now());
        await new Promise<void>((r) => {
          release = r;
        });
        return undefined;
      },
    });
    let woken = false;
    const soon = task.runSoon().then(() => {
      woken = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1); // not the first run's 60 s
    // Woken during that run: resolved only after the run that follows it.
    let second = false;
    const during = task.runSoon().then(() => {
      second = true;
    });
    release?.();
    await soon;
    expect(woken).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(2);
    expect(second).toBe(false);
    release?.();
    await during;
    expect(second).toBe(true);
    await task.stop(1_000);
  });

  it("stop() waits for the run in progress, or says the grace ran out", async () => {
    let release: (() => void) | undefined;
    let runs = 0;
    const task = startPeriodicTask({
      what: "test",
      log,
      intervalMs: 10,
      run: async () => {
        runs++;
        await new Promise<void>((r) => {
          release = r;
        });
        return undefined;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    const stopping = task.stop(500);
    await vi.advanceTimersByTimeAsync(500);
    expect(await stopping).toBe("grace over");
    release?.();
    await task.idle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1); // nothing after stop()
    expect(await task.stop()).toBe("done");
  });
});
