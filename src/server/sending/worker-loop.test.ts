import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger.ts";
import type { RoundResult, SendWorker } from "./worker.ts";
import { startWorkerLoop } from "./worker-loop.ts";

const round = (over: Partial<RoundResult> = {}): RoundResult => ({
  claimed: 0,
  sent: 0,
  failed: 0,
  retrying: 0,
  unknown: 0,
  released: 0,
  recovered: 0,
  users: 0,
  full: false,
  ...over,
});

/** The worker's other calls, as the loop makes them. */
const stopCalls = () => ({
  beat: vi.fn(async () => {}),
  beginStop: vi.fn(),
  releaseAll: vi.fn(async () => 0),
});

function fakeWorker(results: RoundResult[]) {
  const runOnce = vi.fn(async () => results.shift() ?? round());
  return { worker: { workerId: "test", runOnce, ...stopCalls() } as unknown as SendWorker, runOnce };
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
    const loop = startWorkerLoop({ workerId: "t", runOnce, ...stopCalls() } as unknown as SendWorker, {
      intervalMs: 1_000,
      log: createLogger("silent"),
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(runOnce).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runOnce).toHaveBeenCalledTimes(2);
    await loop.stop();
  });

  it("stop() stops claiming, waits for the round in progress, then releases the worker's claims", async () => {
    let finish: () => void = () => {};
    const runOnce = vi.fn(
      () =>
        new Promise<RoundResult>((resolve) => {
          finish = () => resolve(round());
        }),
    );
    const calls = stopCalls();
    const loop = startWorkerLoop({ workerId: "t", runOnce, ...calls } as unknown as SendWorker, {
      intervalMs: 1_000,
      log: createLogger("silent"),
    });
    await vi.waitFor(() => expect(runOnce).toHaveBeenCalledTimes(1));
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.beginStop).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);
    expect(calls.releaseAll).not.toHaveBeenCalled();
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(runOnce).toHaveBeenCalledTimes(1);
    expect(calls.releaseAll).toHaveBeenCalledTimes(1);
  });

  it("stop() abandons deliveries still in flight when the grace is over", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const runOnce = vi.fn(
      () =>
        new Promise<RoundResult>((resolve) => {
          finish = () => resolve(round());
        }),
    );
    const calls = stopCalls();
    // Abandoning the deliveries is what lets the round end (they fail as unknown).
    const abandonDeliveries = vi.fn(async () => finish());
    const loop = startWorkerLoop({ workerId: "t", runOnce, ...calls } as unknown as SendWorker, {
      intervalMs: 1_000,
      log: createLogger("silent"),
      graceMs: 3_000,
      abandonDeliveries,
    });
    await vi.advanceTimersByTimeAsync(10);
    const stopping = loop.stop();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(abandonDeliveries).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await stopping;
    expect(abandonDeliveries).toHaveBeenCalledTimes(1);
    expect(calls.releaseAll).toHaveBeenCalledTimes(1);
  });

  it("refreshes the heartbeat while rounds run", async () => {
    vi.useFakeTimers();
    const { worker } = fakeWorker([]);
    const loop = startWorkerLoop(worker, { intervalMs: 60_000, log: createLogger("silent"), heartbeatMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(worker.beat).toHaveBeenCalledTimes(3);
    await loop.stop();
  });
});
