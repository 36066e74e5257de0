import { describe, expect, it } from "vitest";
import { labelledDays, linePath, niceMax, shortDay, yTicks } from "./chart-scale.ts";

describe("chart scale", () => {
  it("rounds the top of the axis up to whole, readable ticks", () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(1)).toBe(4);
    expect(niceMax(4)).toBe(4);
    expect(niceMax(5)).toBe(8);
    expect(niceMax(9)).toBe(12);
    expect(niceMax(37)).toBe(40);
    expect(niceMax(41)).toBe(60);
    expect(niceMax(100)).toBe(100);
    expect(niceMax(730)).toBe(800);
    for (const max of [3, 7, 13, 99, 101, 4999]) {
      const top = niceMax(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(yTicks(top).every(Number.isInteger)).toBe(true);
    }
  });
  it("gives evenly spaced ticks from 0", () => expect(yTicks(20)).toEqual([0, 5, 10, 15, 20]));
  it("labels days without a timezone shift", () => {
    expect(shortDay("2026-03-07")).toBe("Mar 7");
    expect(shortDay("2025-12-31")).toBe("Dec 31");
  });
  it("labels the last day and every n days back", () => {
    expect(labelledDays(30, 7)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(30, 14)).toEqual([1, 15, 29]);
  });
  it("draws a path through the points", () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 5.55, y: 0 },
      ]),
    ).toBe("M0,10 L5.6,0");
    expect(linePath([])).toBe("");
  });
});
