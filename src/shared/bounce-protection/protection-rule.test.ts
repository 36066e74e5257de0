import { describe, expect, it } from "vitest";
import {
  mailboxThresholds,
  percentText,
  protectionDefaults,
  protectionVerdict,
  reachesPercent,
  ruleSentence,
} from "./protection-rule.ts";

const none = { sends: 0, hardBounces: 0, spamMarks: 0, unsubscribes: 0 };
const t = protectionDefaults;

describe("the defaults", () => {
  it("are 3% of 50 sends over 7 days, 3 spam marks at 0.3%, 5% unsubscribes", () => {
    expect(t).toEqual({
      bounceRatePercent: 3,
      minSends: 50,
      windowDays: 7,
      spamMin: 3,
      spamRatePercent: 0.3,
      unsubscribeRatePercent: 5,
    });
  });
});

describe("reachesPercent", () => {
  it("is exact at the boundary, in whole numbers", () => {
    expect(reachesPercent(3, 100, 3)).toBe(true);
    expect(reachesPercent(3, 101, 3)).toBe(false);
    // 0.3 × 1,000 is 300.00000000000006 in floating point: the rule must not miss it.
    expect(reachesPercent(3, 1000, 0.3)).toBe(true);
    expect(reachesPercent(3, 1001, 0.3)).toBe(false);
    expect(reachesPercent(7, 700, 1)).toBe(true);
  });
  it("is false with nothing counted or nothing sent", () => {
    expect(reachesPercent(0, 10, 3)).toBe(false);
    expect(reachesPercent(1, 0, 3)).toBe(false);
  });
});

describe("percentText", () => {
  it("gives one decimal, two under 1%, rounded from whole numbers", () => {
    expect(percentText(3, 52)).toBe("5.8");
    expect(percentText(3, 60)).toBe("5.0");
    expect(percentText(23, 2000)).toBe("1.2");
    expect(percentText(3, 1200)).toBe("0.25");
  });
});

describe("protectionVerdict: the bounce rate", () => {
  it("pauses at 3% of at least 50 sends, with the figure in words", () => {
    expect(protectionVerdict({ ...none, sends: 52, hardBounces: 3 }, t)).toEqual({
      reason: "bounce_rate",
      detail: "3 hard bounces in 52 sends (5.8%) in the last 7 days",
    });
    expect(protectionVerdict({ ...none, sends: 100, hardBounces: 3 }, t)?.reason).toBe("bounce_rate");
  });
  it("does not pause below the rate", () => {
    expect(protectionVerdict({ ...none, sends: 101, hardBounces: 3 }, t)).toBeNull();
  });
  it("does not pause before the minimum sends, whatever the rate", () => {
    expect(protectionVerdict({ ...none, sends: 49, hardBounces: 20 }, t)).toBeNull();
    expect(protectionVerdict({ ...none, sends: 50, hardBounces: 2 }, t)?.detail).toBe(
      "2 hard bounces in 50 sends (4.0%) in the last 7 days",
    );
  });
  it("says one bounce, one send and one day in the singular", () => {
    const loose = { ...t, minSends: 1, windowDays: 1, bounceRatePercent: 100 };
    expect(protectionVerdict({ ...none, sends: 1, hardBounces: 1 }, loose)?.detail).toBe(
      "1 hard bounce in 1 send (100.0%) in the last 1 day",
    );
  });
});

describe("protectionVerdict: spam", () => {
  it("pauses at 3 emails marked as spam that are at least 0.3% of the sends", () => {
    expect(protectionVerdict({ ...none, sends: 1000, spamMarks: 3 }, t)).toEqual({
      reason: "spam_complaints",
      detail: "3 emails marked as spam in 1,000 sends (0.30%) in the last 7 days",
    });
    // Few sends: three complaints are a large share, and no minimum of sends applies.
    expect(protectionVerdict({ ...none, sends: 10, spamMarks: 3 }, t)?.reason).toBe("spam_complaints");
  });
  it("does not pause under 3, or under 0.3%", () => {
    expect(protectionVerdict({ ...none, sends: 10, spamMarks: 2 }, t)).toBeNull();
    expect(protectionVerdict({ ...none, sends: 1001, spamMarks: 3 }, t)).toBeNull();
  });
});

describe("protectionVerdict: unsubscribes", () => {
  it("pauses at 5% of at least 50 sends", () => {
    expect(protectionVerdict({ ...none, sends: 60, unsubscribes: 3 }, t)).toEqual({
      reason: "unsubscribes",
      detail: "3 unsubscribes in 60 sends (5.0%) in the last 7 days",
    });
    expect(protectionVerdict({ ...none, sends: 61, unsubscribes: 3 }, t)).toBeNull();
    expect(protectionVerdict({ ...none, sends: 40, unsubscribes: 10 }, t)).toBeNull();
  });
});

describe("protectionVerdict: order", () => {
  it("names the bounce rate first, then spam, then unsubscribes", () => {
    const all = { sends: 60, hardBounces: 3, spamMarks: 3, unsubscribes: 3 };
    expect(protectionVerdict(all, t)?.reason).toBe("bounce_rate");
    expect(protectionVerdict({ ...all, hardBounces: 0 }, t)?.reason).toBe("spam_complaints");
    expect(protectionVerdict({ ...all, hardBounces: 0, spamMarks: 0 }, t)?.reason).toBe("unsubscribes");
  });
});

describe("mailboxThresholds", () => {
  it("takes the mailbox's own rate and minimum, the user's otherwise", () => {
    expect(mailboxThresholds(t, { bounceRatePercent: 2, minSends: 20 })).toEqual({
      ...t,
      bounceRatePercent: 2,
      minSends: 20,
    });
    expect(mailboxThresholds(t, { bounceRatePercent: null, minSends: null })).toEqual(t);
  });
  it("Woodpecker's 2% after 20 sends: nothing before 20 sends, 1 in 50 pauses, 1 in 51 does not", () => {
    const own = mailboxThresholds(t, { bounceRatePercent: 2, minSends: 20 });
    expect(protectionVerdict({ ...none, sends: 19, hardBounces: 5 }, own)).toBeNull();
    expect(protectionVerdict({ ...none, sends: 20, hardBounces: 1 }, own)?.reason).toBe("bounce_rate");
    expect(protectionVerdict({ ...none, sends: 50, hardBounces: 1 }, own)?.reason).toBe("bounce_rate");
    expect(protectionVerdict({ ...none, sends: 51, hardBounces: 1 }, own)).toBeNull();
  });
});

describe("ruleSentence", () => {
  it("states the rule with the figures", () => {
    expect(ruleSentence(t)).toBe(
      "A sender or a campaign is paused when, over the last 7 days, hard bounces reach 3% of at least 50 sends; " +
        "at least 3 emails are marked as spam and that is at least 0.3% of its sends; or unsubscribes reach 5% of at least 50 sends.",
    );
  });
});
