import { describe, expect, it } from "vitest";
import { bounceProtectionDefaults } from "../sending/bounce-protection-rules.ts";
import {
  type BounceThresholds,
  formatRate,
  ratePercent,
  type SenderHealthFigures,
  senderHealth,
  senderHealthSummary,
} from "./sender-health.ts";

const defaults: BounceThresholds = bounceProtectionDefaults;

const passing = { name: "acme.test", spf: "pass", dkim: "pass", dmarc: "pass" } as const;

function figures(o: Partial<SenderHealthFigures> = {}): SenderHealthFigures {
  return {
    bounceWindow: { sends: 100, hardBounces: 0 },
    last7Days: { spamPlacements: 0, senderWarnings: 0 },
    today: { sent: 10, cap: 50 },
    domain: passing,
    paused: null,
    ...o,
  };
}

const badge = (f: SenderHealthFigures, t = defaults) => senderHealth(f, t).badge;
const bounces = (hardBounces: number, sends: number) => figures({ bounceWindow: { sends, hardBounces } });

describe("sender health: the hard-bounce rate", () => {
  it("is At risk from exactly the threshold with at least the minimum sends", () => {
    expect(badge(bounces(3, 100))).toBe("at_risk"); // 3.0%
    expect(badge(bounces(2, 67))).toBe("watch"); // 2.99%: under 3%, over half of it
    expect(badge(bounces(2, 50))).toBe("at_risk"); // 4% of exactly 50 sends
  });

  it("is only Watch above the threshold with fewer sends than the minimum", () => {
    expect(badge(bounces(2, 49))).toBe("watch"); // 4.1% of 49
    expect(badge(bounces(1, 1))).toBe("watch"); // 100% of 1
  });

  it("is Watch from half the threshold, Healthy below it", () => {
    expect(badge(bounces(3, 200))).toBe("watch"); // 1.5%
    expect(badge(bounces(3, 201))).toBe("healthy"); // 1.49%
    expect(badge(bounces(0, 0))).toBe("healthy");
  });

  it("follows the thresholds it is given", () => {
    const strict: BounceThresholds = { bounceRatePercent: 2, minSends: 20, windowDays: 7 };
    expect(badge(bounces(1, 50), strict)).toBe("at_risk"); // 2% of 50
    expect(badge(bounces(1, 60), strict)).toBe("watch"); // 1.67%: from half of 2%
    expect(badge(bounces(1, 20), strict)).toBe("at_risk"); // 5% of 20
    expect(badge(bounces(1, 19), strict)).toBe("watch"); // under 20 sends
    expect(badge(bounces(1, 101), strict)).toBe("healthy"); // 0.99% < 1%
  });

  it("names the rate, the counts and the window", () => {
    const v = senderHealth(bounces(4, 80), defaults);
    expect(v.reasons).toEqual(["Hard-bounce rate 5.0% (4 hard bounces in 80 sends, last 7 days)"]);
    expect(v.rule).toBe(
      "At risk when the hard-bounce rate reaches 3% of at least 50 sends in the last 7 days, " +
        "an SPF, DKIM or DMARC check of its domain fails, or 3 or more of its emails are found in spam in the last 7 days.",
    );
  });
});

describe("sender health: spam placements", () => {
  const spam = (n: number) => figures({ last7Days: { spamPlacements: n, senderWarnings: 0 } });
  it("is At risk from 3 in 7 days, Watch from 1", () => {
    expect(badge(spam(3))).toBe("at_risk");
    expect(badge(spam(2))).toBe("watch");
    expect(badge(spam(1))).toBe("watch");
    expect(badge(spam(0))).toBe("healthy");
    expect(senderHealth(spam(1), defaults).reasons).toEqual(["1 email found in spam in the last 7 days"]);
  });
});

describe("sender health: the domain's checks", () => {
  it("is At risk when a check fails, naming each failing one", () => {
    const v = senderHealth(figures({ domain: { ...passing, spf: "fail", dmarc: "fail", dkim: "warn" } }), defaults);
    expect(v.badge).toBe("at_risk");
    expect(v.reasons).toEqual(["SPF and DMARC of acme.test fail"]);
  });

  it("is Watch when a check only warns", () => {
    const v = senderHealth(figures({ domain: { ...passing, dmarc: "warn" } }), defaults);
    expect(v.badge).toBe("watch");
    expect(v.reasons).toEqual(["DMARC of acme.test warns"]);
  });

  it("does not hold a domain never checked against the sender", () => {
    expect(badge(figures({ domain: null }))).toBe("healthy");
  });
});

describe("sender health: sender warnings and the daily cap", () => {
  it("is Watch after any failure about the sender in 7 days", () => {
    const v = senderHealth(figures({ last7Days: { spamPlacements: 0, senderWarnings: 2 } }), defaults);
    expect(v.badge).toBe("watch");
    expect(v.reasons).toEqual(["2 emails refused for a reason about the sender in the last 7 days"]);
  });

  it("is Watch from 90% of the cap", () => {
    expect(badge(figures({ today: { sent: 45, cap: 50 } }))).toBe("watch");
    expect(badge(figures({ today: { sent: 44, cap: 50 } }))).toBe("healthy");
    expect(badge(figures({ today: { sent: 9, cap: 10 } }))).toBe("watch");
    expect(senderHealth(figures({ today: { sent: 46, cap: 50 } }), defaults).reasons).toEqual([
      "Today's sends at 92% of the daily cap (46 of 50)",
    ]);
    expect(badge(figures({ today: { sent: 0, cap: 0 } }))).toBe("healthy");
    expect(senderHealth(figures({ today: { sent: 50, cap: 50 } }), defaults).reasons).toEqual([
      "Today's sends at 100% of the daily cap (50 of 50)",
    ]);
  });
});

describe("sender health: the order of the levels", () => {
  it("is Paused whatever the figures, with the figure that paused it", () => {
    const v = senderHealth(
      figures({
        bounceWindow: { sends: 52, hardBounces: 3 },
        paused: { detail: "3 hard bounces in 52 sends (5.8%) in the last 7 days" },
      }),
      defaults,
    );
    expect(v.badge).toBe("paused");
    expect(senderHealthSummary(v)).toBe(
      "Paused: 3 hard bounces in 52 sends (5.8%) in the last 7 days. " +
        "Paused by bounce protection: the mailbox sends nothing, in any campaign, until you resume it, and its queued emails wait.",
    );
  });

  it("lists every At risk reason and leaves the Watch ones out", () => {
    const v = senderHealth(
      figures({
        bounceWindow: { sends: 50, hardBounces: 2 },
        last7Days: { spamPlacements: 4, senderWarnings: 5 },
        today: { sent: 50, cap: 50 },
        domain: { ...passing, dkim: "fail" },
      }),
      defaults,
    );
    expect(v.badge).toBe("at_risk");
    expect(v.reasons).toEqual([
      "Hard-bounce rate 4.0% (2 hard bounces in 50 sends, last 7 days)",
      "DKIM of acme.test fails",
      "4 emails found in spam in the last 7 days",
    ]);
  });

  it("says the whole rule when Healthy", () => {
    const v = senderHealth(figures(), defaults);
    expect(v).toMatchObject({ badge: "healthy", reasons: [] });
    expect(senderHealthSummary(v)).toBe(
      "Healthy while hard bounces stay under 1.5% in the last 7 days, no email found in spam or refused for a reason " +
        "about the sender in the last 7 days, no domain check failing or warning, and today's sends under 90% of the daily cap.",
    );
  });
});

describe("rates", () => {
  it("keeps one decimal", () => {
    expect(ratePercent(3, 100)).toBe(3);
    expect(ratePercent(2, 67)).toBe(3); // 2.985… rounds to 3.0 for display; the badge compares exactly
    expect(ratePercent(1, 3)).toBe(33.3);
    expect(ratePercent(0, 0)).toBe(0);
    expect(formatRate(ratePercent(3, 52))).toBe("5.8%");
  });
});
