import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger.ts";
import type { RoundResult, SendWorker } from "./send-worker.ts";
import { startWorkerLoop } from "./worker-loop.ts";

const round = (over: Partial<RoundResult> = {}): RoundResult => ({
  claimed: 0,
  sent: 0,
  failed: 0,
  retrying: 0,
  recovered: 0,
  users: 0,
  full: false,
  ...over,
});

function fakeWorker(results: RoundResult[]) {
  const runOnce = vi.fn(async () => results.shift() ?? round());
  return { worker: { workerId: "test", runOnce } as unknown as SendWorker, runOnce };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the worker loop", () => {
  it("runs at once, again without pausing while rounds come back full, then every interval", async () => {
    vi.useFakeTimers();
    const { worker, runOnce } = fakeWorker([round({ full: true, claimed: 100 }), round({ claimed: 3 })]);
    const loop = startWorkerLoop(worker, { intervalMs: 5_000, log: createLogger("silent") });
    await vi.advanceTimersByTimeAsync(10);
    expect(runOnce).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_980);
    expect(runOnce).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(runOnce).toHaveBeenCalledTimes(3);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runOnce).toHaveBeenCalledTimes(3);
  });

  it("keeps going after a failed round", async () => {
    vi.useFakeTimers();
    const runOnce = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(round());
    const loop = startWorkerLoop({ workerId: "t", runOnce } as unknown as SendWorker, {
      intervalMs: 1_000,
      log: createLogger("silent"),
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(runOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runOnce).toHaveBeenCalledTimes(2);
    await loop.stop();
  });

  it("stop() waits for the round in progress", async () => {
    let finish: () => void = () => {};
    const runOnce = vi.fn(
      () =>
        new Promise<RoundResult>((resolve) => {
          finish = () => resolve(round());
        }),
    );
    const loop = startWorkerLoop({ workerId: "t", runOnce } as unknown as SendWorker, {
      intervalMs: 1_000,
      log: createLogger("silent"),
    });
    await vi.waitFor(() => expect(runOnce).toHaveBeenCalledTimes(1));
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(runOnce).toHaveBeenCalledTimes(1);
  });
});
