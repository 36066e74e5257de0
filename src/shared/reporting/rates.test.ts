import { describe, expect, it } from "vitest";
import { barPercent, failureRate, openRate, percent, replyRate, successRate } from "./rates.ts";

describe("rates", () => {
  it("rounds to whole percents", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 200)).toBe(1);
    expect(percent(1, 201)).toBe(0);
  });
  it("is 0 with nothing to divide by", () => {
    expect(openRate({ opened: 0, sent: 0 })).toBe(0);
    expect(replyRate({ replied: 0, active: 0 })).toBe(0);
    expect(failureRate({ failed: 0, total: 0 })).toBe(0);
  });
  it("open rate can pass 100 when opens outnumber counted sends; the bar stops at 100", () => {
    expect(openRate({ opened: 3, sent: 2 })).toBe(150);
    expect(barPercent(3, 2)).toBe(100);
    expect(barPercent(1, 2)).toBe(50);
  });
  it("success rate is 100 before anything was sent, and sent / total after", () => {
    expect(successRate({ sent: 0, total: 0 })).toBe(100);
    expect(successRate({ sent: 0, total: 4 })).toBe(0);
    expect(successRate({ sent: 3, total: 4 })).toBe(75);
  });
  it("all failed is a 100% failure rate", () => {
    expect(failureRate({ failed: 7, total: 7 })).toBe(100);
  });
});
