// The grouping rules of the outcome writer, on a fake clock: full groups go at
// once, a partial group after its wait, and what arrives during a write waits
// for the next group instead of being written a few outcomes at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger.ts";
import { createOutcomeWriter } from "./outcome-writer.ts";
import type { OutcomeRecord } from "./record-outcomes.ts";

const log = createLogger("silent");
const outcome = (n: number) => ({ scheduledId: `row-${n}` }) as OutcomeRecord;

function writerWithSlowWrites(o: { groupSize: number; maxWaitMs: number; writeMs: number }) {
  const groups: string[][] = [];
  const writer = createOutcomeWriter(
    async (records) => {
      groups.push(records.map((r) => r.scheduledId));
      await new Promise((resolve) => setTimeout(resolve, o.writeMs));
    },
    log,
    o,
  );
  let next = 0;
  const push = (count: number) => {
    for (let i = 0; i < count; i++) writer.push(outcome(next++));
  };
  /** Drains, moving the clock so the write in progress can end. */
  const finish = async () => {
    const drained = writer.drain();
    await vi.advanceTimersByTimeAsync(10 * o.writeMs);
    await drained;
  };
  return { writer, groups, push, finish, sizes: () => groups.map((g) => g.length) };
}

describe("outcome writer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes a full group at once and a partial one when its first outcome has waited", async () => {
    const w = writerWithSlowWrites({ groupSize: 10, maxWaitMs: 200, writeMs: 20 });
    w.push(10);
    expect(w.sizes()).toEqual([10]);
    await vi.advanceTimersByTimeAsync(30);
    w.push(3);
    await vi.advanceTimersByTimeAsync(199);
    expect(w.sizes()).toEqual([10]);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.sizes()).toEqual([10, 3]);
    await w.finish();
  });

  it("what arrives during a write waits for the next group instead of following it at once", async () => {
    const w = writerWithSlowWrites({ groupSize: 100, maxWaitMs: 200, writeMs: 20 });
    w.push(30);
    await vi.advanceTimersByTimeAsync(200);
    expect(w.sizes()).toEqual([30]);
    // Arriving while those 30 are written.
    w.push(5);
    await vi.advanceTimersByTimeAsync(20);
    w.push(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(w.sizes()).toEqual([30]);
    await vi.advanceTimersByTimeAsync(60);
    expect(w.sizes()).toEqual([30, 7]);
    await w.finish();
  });

  it("drain writes everything, in order, however little", async () => {
    const w = writerWithSlowWrites({ groupSize: 100, maxWaitMs: 200, writeMs: 20 });
    w.push(4);
    await w.finish();
    expect(w.groups).toEqual([["row-0", "row-1", "row-2", "row-3"]]);
  });

  it("a failed write is reported by drain, and later groups are still written", async () => {
    let calls = 0;
    const written: number[] = [];
    const writer = createOutcomeWriter(
      async (records) => {
        calls++;
        if (calls === 1) throw new Error("database down");
        written.push(records.length);
      },
      log,
      { groupSize: 2, maxWaitMs: 200 },
    );
    writer.push(outcome(1));
    writer.push(outcome(2));
    writer.push(outcome(3));
    writer.push(outcome(4));
    await expect(writer.drain()).rejects.toThrow("database down");
    expect(written).toEqual([2]);
  });
});
