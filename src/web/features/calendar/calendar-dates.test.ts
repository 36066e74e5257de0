import { describe, expect, it } from "vitest";
import { addMonths, dayOf, longDate, monthGrid, monthHeading, timeOfDay, todayIn } from "./calendar-dates.ts";

describe("calendar dates", () => {
  it("steps months across years", () => {
    expect(addMonths("2026-11", 1)).toBe("2026-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-03", -14)).toBe("2025-01");
  });

  it("lays a month out in Sunday-to-Saturday weeks, dimming the neighbours' days", () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGrid("2026-11");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: "2026-11-01", inMonth: true });
    expect(weeks[4]!.map((c) => c.date)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(weeks[4]!.map((c) => c.inMonth)).toEqual([true, true, false, false, false, false, false]);
    // February 2026: Sunday the 1st to Saturday the 28th, exactly four weeks.
    expect(monthGrid("2026-02")).toHaveLength(4);
    // August 2026 starts on a Saturday: six weeks, the first from 26 July.
    const august = monthGrid("2026-08");
    expect(august).toHaveLength(6);
    expect(august[0]![0]).toEqual({ date: "2026-07-26", inMonth: false });
    expect(august.flat().filter((c) => c.inMonth)).toHaveLength(31);
  });

  it("writes the spec's formats", () => {
    expect(monthHeading("2026-11")).toBe("November 2026");
    expect(longDate("2026-11-24")).toBe("Tuesday, November 24, 2026");
    expect(timeOfDay("2026-11-24T06:30:00.000Z", "Asia/Baghdad")).toBe("9:30 AM");
    expect(timeOfDay("2026-11-24T12:05:00.000Z", "UTC")).toBe("12:05 PM");
    expect(timeOfDay("2026-11-24T00:00:00.000Z", "UTC")).toBe("12:00 AM");
  });

  it("reads days in the user's zone, not the browser's", () => {
    expect(dayOf("2026-11-10T23:30:00.000Z", "Asia/Baghdad")).toBe("2026-11-11");
    expect(dayOf("2026-11-10T23:30:00.000Z", "America/New_York")).toBe("2026-11-10");
    expect(todayIn("Asia/Baghdad", new Date("2026-11-30T21:00:00Z"))).toBe("2026-12-01");
  });
});
