import { describe, expect, it } from "vitest";
import { breakdownCategories, failureBand, failureBreakdown, failureFigures } from "./failure-breakdown.ts";

describe("failure breakdown", () => {
  it("lists the spec's eight categories with their hints", () => {
    expect(breakdownCategories.map((c) => [c.label, c.hint])).toEqual([
      ["Invalid Address", "Wrong email format"],
      ["Bounced", "Mailbox issues"],
      ["Rejected", "Server rejection"],
      ["Blocked", "IP/domain blocked"],
      ["Spam", "Marked as spam"],
      ["Rate Limited", "Quota exceeded"],
      ["Auth Error", "Credential issue"],
      ["Network", "Connection issue"],
    ]);
  });
  it("shows only categories above 0, and never domain, content or other", () => {
    const cells = failureBreakdown({ bounced: 2, spam: 0, network: 1, domain_issue: 5, other: 3 });
    expect(cells.map((c) => [c.category, c.count])).toEqual([
      ["bounced", 2],
      ["network", 1],
    ]);
    expect(failureBreakdown({})).toEqual([]);
  });
});

describe("failure band", () => {
  const band = (failed: number, total: number) => failureBand({ failed, total });
  it("has no band before anything was sent", () => expect(band(0, 0)).toBe("none"));
  it("is perfect with no failures", () => expect(band(0, 10)).toBe("perfect"));
  it("is good up to 5%", () => {
    expect(band(1, 100)).toBe("good");
    expect(band(5, 100)).toBe("good");
  });
  it("is moderate above 5% up to 15%", () => {
    expect(band(6, 100)).toBe("moderate");
    expect(band(15, 100)).toBe("moderate");
  });
  it("is high above 15%", () => {
    expect(band(16, 100)).toBe("high");
    expect(band(3, 3)).toBe("high");
  });
  it("a tiny rate that rounds to 0% is still good, not perfect: something failed", () => {
    expect(band(1, 1000)).toBe("good");
  });
});

describe("failure figures", () => {
  it("divides by all sends", () => {
    expect(
      failureFigures({ total: 20, sent: 15, failed: 4, pending: 1, byCategory: { bounced: 2, rejected: 1, spam: 1 } }),
    ).toEqual({ overallFailureRate: 20, successRate: 75, bounceRate: 10, rejectionRate: 5 });
  });
  it("shows success 100 and failure 0 with no sends", () => {
    expect(failureFigures({ total: 0, sent: 0, failed: 0, pending: 0, byCategory: {} })).toEqual({
      overallFailureRate: 0,
      successRate: 100,
      bounceRate: 0,
      rejectionRate: 0,
    });
  });
});
