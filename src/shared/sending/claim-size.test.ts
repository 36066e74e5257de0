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
    expect(recentRate([1000, 1100], 1200, 5000)).toBeNull();
  });

  it("counts the deliveries finished within the window", () => {
    const ends = Array.from({ length: 20 }, (_, i) => i * 500); // 2 per second for 10 s
    expect(recentRate(ends, 9500, 5000)).toBeCloseTo(2.2, 1);
  });

  it("measures a burst over the time it covers", () => {
    const ends = Array.from({ length: 100 }, (_, i) => 10_000 + i * 10); // 100 per second for 1 s
    expect(recentRate(ends, 11_000, 5000)).toBeCloseTo(100, 0);
  });
});
