import { describe, expect, it } from "vitest";
import { claimNow, holdLimit, recentRate } from "./claim-size.ts";

const sizing = { aheadSeconds: 3, minHeld: 10, maxHeld: 400 };

describe("holdLimit", () => {
  it("holds the minimum until a rate is known", () => {
    expect(holdLimit({ ...sizing, ratePerSecond: null })).toBe(10);
  });

  it("holds what the measured rate delivers in the configured seconds", () => {
    expect(holdLimit({ ...sizing, ratePerSecond: 8 })).toBe(24);
    expect(holdLimit({ ...sizing, ratePerSecond: 0.5 })).toBe(10);
    expect(holdLimit({ ...sizing, ratePerSecond: 500 })).toBe(400);
  });
});

describe("claimNow", () => {
  it("claims up to the limit once no more than half of it is held", () => {
    expect(claimNow(0, 24, 200)).toBe(24);
    expect(claimNow(12, 24, 200)).toBe(12);
    expect(claimNow(13, 24, 200)).toBe(0);
  });

  it("claims at most one batch at a time", () => {
    expect(claimNow(0, 400, 200)).toBe(200);
  });
});

describe("recentRate", () => {
  it("is unknown with too few deliveries", () => {
    expect(recentRate([1000, 1100], 1200, 5000, 0)).toBeNull();
  });

  it("counts the deliveries finished within the window, over the window", () => {
    const ends = Array.from({ length: 20 }, (_, i) => i * 500); // 2 per second for 10 s
    expect(recentRate(ends, 10_000, 5000, 0)).toBeCloseTo(2, 1);
  });

  it("counts from the start while the worker is younger than the window", () => {
    // 5 connections, each message 250 ms: bursts of 5 every 250 ms since the start at 10 s.
    const ends = [10_250, 10_500, 10_750].flatMap((t) => [t, t, t, t, t]);
    expect(recentRate(ends, 10_750, 5000, 10_000)).toBeCloseTo(20, 0);
  });
});
