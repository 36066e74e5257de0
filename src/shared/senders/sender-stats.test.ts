import { describe, expect, it } from "vitest";
import {
  dailyLimitPercent,
  isActiveSender,
  senderActivityFigures,
  senderAddressKey,
  senderOpenRate,
  senderStatsWindow,
  senderSuccessRate,
  utcDay,
} from "./sender-stats.ts";

describe("sender rates", () => {
  it("success rate is sent / (sent + failed), rounded to a whole percent", () => {
    expect(senderSuccessRate({ sent: 3, failed: 1 })).toBe(75);
    expect(senderSuccessRate({ sent: 2, failed: 1 })).toBe(67);
    expect(senderSuccessRate({ sent: 1, failed: 2 })).toBe(33);
  });
  it("success rate is 100 before anything was attempted, 0 when everything failed", () => {
    expect(senderSuccessRate({ sent: 0, failed: 0 })).toBe(100);
    expect(senderSuccessRate({ sent: 0, failed: 5 })).toBe(0);
  });
  it("open rate is opened / sent, 0 when nothing was sent", () => {
    expect(senderOpenRate({ sent: 4, opened: 1 })).toBe(25);
    expect(senderOpenRate({ sent: 0, opened: 0 })).toBe(0);
    // Opened without sent (an open counted on a day the send was not): no division by zero.
    expect(senderOpenRate({ sent: 0, opened: 2 })).toBe(0);
    expect(senderOpenRate({ sent: 3, opened: 2 })).toBe(67);
  });
  it("figures carry the counts and both rates", () => {
    expect(senderActivityFigures({ sent: 8, failed: 2, opened: 3 })).toEqual({
      sent: 8,
      failed: 2,
      opened: 3,
      successRate: 80,
      openRate: 38,
    });
    expect(senderActivityFigures({ sent: 0, failed: 0, opened: 0 })).toEqual({
      sent: 0,
      failed: 0,
      opened: 0,
      successRate: 100,
      openRate: 0,
    });
  });
});

describe("daily limit percent", () => {
  it("is today's sent over the daily limit, capped at 100", () => {
    expect(dailyLimitPercent(0, 50)).toBe(0);
    expect(dailyLimitPercent(25, 50)).toBe(50);
    expect(dailyLimitPercent(1, 3)).toBe(33);
    expect(dailyLimitPercent(50, 50)).toBe(100);
    expect(dailyLimitPercent(75, 50)).toBe(100);
  });
  it("is 0 with no limit to divide by", () => {
    expect(dailyLimitPercent(5, 0)).toBe(0);
  });
});

describe("active senders and addresses", () => {
  it("a sender is active once it has sent one email", () => {
    expect(isActiveSender(0)).toBe(false);
    expect(isActiveSender(1)).toBe(true);
  });
  it("addresses match case-insensitively", () => {
    expect(senderAddressKey("  Sales@Acme.TEST ")).toBe("sales@acme.test");
  });
});

describe("stats window", () => {
  it("today, the last 7 days and the last 30 days, in UTC days, today included", () => {
    const w = senderStatsWindow(new Date("2026-03-05T10:30:00Z"));
    expect(w.today).toBe("2026-03-05");
    expect(w.from).toEqual({ today: "2026-03-05", last7Days: "2026-02-27", lastMonth: "2026-02-04" });
    expect(w.dayStart.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(w.dayEnd.toISOString()).toBe("2026-03-06T00:00:00.000Z");
  });
  it("uses the UTC day, whatever the local time zone says", () => {
    // 23:30 UTC is already tomorrow east of Greenwich; the counters say today.
    expect(utcDay(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
    expect(senderStatsWindow(new Date("2027-01-01T00:00:00Z")).from.last7Days).toBe("2026-12-26");
  });
});
