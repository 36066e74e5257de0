import { describe, expect, it } from "vitest";
import { delayInDays, estimateSendDays, formatDays, sequenceDurationDays } from "./campaign-estimates.ts";

describe("estimateSendDays", () => {
  it("is ceil(contacts / summed daily limits)", () => {
    expect(estimateSendDays(100, [50, 50])).toBe(1);
    expect(estimateSendDays(101, [50, 50])).toBe(2);
    expect(estimateSendDays(1, [500])).toBe(1);
    expect(estimateSendDays(10_000, [50])).toBe(200);
  });
  it("is 0 without contacts or senders", () => {
    expect(estimateSendDays(0, [50])).toBe(0);
    expect(estimateSendDays(10, [])).toBe(0);
  });
});

describe("sequenceDurationDays", () => {
  it("sums later steps' delays, hours and minutes rounded up to days", () => {
    expect(
      sequenceDurationDays([
        { delayAmount: 5, delayUnit: "days", scheduledDate: null },
        { delayAmount: 3, delayUnit: "days", scheduledDate: null },
        { delayAmount: 25, delayUnit: "hours", scheduledDate: null },
        { delayAmount: 90, delayUnit: "minutes", scheduledDate: null },
      ]),
    ).toBe(3 + 2 + 1);
  });
  it("ignores the first step's delay", () => {
    expect(sequenceDurationDays([{ delayAmount: 9, delayUnit: "days", scheduledDate: null }])).toBe(0);
  });
  it("uses the span between the earliest and latest scheduled dates when there are any", () => {
    expect(
      sequenceDurationDays([
        { delayAmount: 0, delayUnit: "days", scheduledDate: null },
        { delayAmount: 0, delayUnit: "days", scheduledDate: "2026-12-01" },
        { delayAmount: 30, delayUnit: "days", scheduledDate: "2026-12-11" },
      ]),
    ).toBe(10);
  });
  it("converts units", () => {
    expect(delayInDays(48, "hours")).toBe(2);
    expect(delayInDays(1441, "minutes")).toBe(2);
    expect(delayInDays(0, "hours")).toBe(0);
    expect(formatDays(1)).toBe("1 day");
    expect(formatDays(3)).toBe("3 days");
  });
});
