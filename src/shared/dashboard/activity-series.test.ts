import { describe, expect, it } from "vitest";
import { activityTotals, activityWindow, addDays, fillActivity, utcDay } from "./activity-series.ts";

describe("activity window", () => {
  it("is the 30 UTC days ending with today, oldest first", () => {
    const w = activityWindow(new Date("2026-03-10T23:59:59.000Z"));
    expect(w.from).toBe("2026-02-09");
    expect(w.to).toBe("2026-03-10");
    expect(w.days).toHaveLength(30);
    expect(w.days[0]).toBe("2026-02-09");
    expect(w.days[29]).toBe("2026-03-10");
    expect(new Set(w.days).size).toBe(30);
  });
  it("uses the UTC day, not the machine's local day", () => {
    expect(utcDay(new Date("2026-01-01T00:30:00.000+02:00"))).toBe("2025-12-31");
  });
  it("crosses months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(activityWindow(new Date("2026-01-05T12:00:00Z"), 7).days).toEqual([
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
    ]);
  });
});

describe("fillActivity", () => {
  const days = ["2026-03-01", "2026-03-02", "2026-03-03"];
  it("zero-fills the days without a row and keeps the window's order", () => {
    const points = fillActivity(days, [
      { day: "2026-03-03", sent: 4, opened: 2, replied: 1 },
      { day: "2026-03-01", sent: 1, opened: 0, replied: 0 },
    ]);
    expect(points).toEqual([
      { day: "2026-03-01", sent: 1, opened: 0, replied: 0 },
      { day: "2026-03-02", sent: 0, opened: 0, replied: 0 },
      { day: "2026-03-03", sent: 4, opened: 2, replied: 1 },
    ]);
    expect(activityTotals(points)).toEqual({ sent: 5, opened: 2, replied: 1 });
  });
  it("ignores rows outside the window", () => {
    const points = fillActivity(days, [{ day: "2026-02-28", sent: 9, opened: 9, replied: 9 }]);
    expect(activityTotals(points)).toEqual({ sent: 0, opened: 0, replied: 0 });
  });
  it("has all zeros with no rows at all", () => {
    expect(fillActivity(days, []).every((p) => p.sent === 0 && p.opened === 0 && p.replied === 0)).toBe(true);
  });
});
