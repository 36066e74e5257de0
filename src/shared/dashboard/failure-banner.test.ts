import { describe, expect, it } from "vitest";
import { failureBand } from "../reporting/failure-breakdown.ts";
import { failureRate } from "../reporting/rates.ts";
import { failureBanner } from "./failure-banner.ts";

const bannerFor = (failed: number, total: number) =>
  failureBanner(failureBand({ failed, total }), failureRate({ failed, total }));

describe("failure banner", () => {
  it("says nothing was sent yet, with the spec's words", () => {
    expect(bannerFor(0, 0)).toEqual({
      tone: "neutral",
      title: "No emails sent yet",
      description: "Launch your first campaign to see email delivery statistics here.",
    });
  });
  it("celebrates a perfect delivery", () => {
    expect(bannerFor(0, 12)).toMatchObject({ tone: "success", title: "Perfect Delivery!" });
  });
  it("is reassuring up to 5% and gives the rate", () => {
    const b = bannerFor(1, 20);
    expect(b).toMatchObject({ tone: "success", title: "Good delivery health" });
    expect(b.description).toContain("5%");
  });
  it("asks to monitor up to 15%", () => {
    const b = bannerFor(3, 20);
    expect(b.tone).toBe("warning");
    expect(b.title).toMatch(/monitor/);
    expect(b.description).toContain("15%");
  });
  it("asks for immediate attention above 15%, and when everything failed", () => {
    for (const [failed, total] of [
      [4, 20],
      [3, 3],
    ] as const) {
      const b = bannerFor(failed, total);
      expect(b.tone).toBe("danger");
      expect(b.title).toMatch(/immediate attention/);
    }
    expect(bannerFor(3, 3).description).toContain("100%");
  });
});
