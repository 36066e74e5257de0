import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDays,
  formatLongDate,
  formatMonth,
  monthWeeks,
  nextBookableDate,
  shiftMonth,
  timeZoneLabel,
  visitorLocalTime,
  zoneShortName,
} from "./schedule-format.ts";

describe("formatClock", () => {
  it("reads a 24-hour time in the 12-hour English format", () => {
    expect(["00:00", "00:30", "09:05", "12:00", "12:45", "13:00", "17:00", "23:59"].map(formatClock)).toEqual([
      "12:00 AM",
      "12:30 AM",
      "9:05 AM",
      "12:00 PM",
      "12:45 PM",
      "1:00 PM",
      "5:00 PM",
      "11:59 PM",
    ]);
  });
});

describe("formatDays", () => {
  it("names a run of three or more days by its ends, and lists the rest in week order", () => {
    expect(formatDays(["friday", "monday", "wednesday", "tuesday", "thursday"])).toBe("Monday to Friday");
    expect(formatDays(["sunday", "saturday", "friday"])).toBe("Friday to Sunday");
    expect(formatDays(["friday", "monday", "wednesday"])).toBe("Monday, Wednesday and Friday");
    expect(formatDays(["tuesday", "monday"])).toBe("Monday and Tuesday");
    expect(formatDays(["sunday"])).toBe("Sunday");
    expect(formatDays(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])).toBe(
      "Every day",
    );
  });
});

describe("zone names", () => {
  it("names a zone by its offset at the instant, across a DST change", () => {
    expect(zoneShortName("Asia/Baghdad", new Date("2026-12-07T06:00:00Z"))).toBe("GMT+3");
    expect(zoneShortName("Europe/Berlin", new Date("2026-03-28T12:00:00Z"))).toBe("GMT+1");
    expect(zoneShortName("Europe/Berlin", new Date("2026-03-29T12:00:00Z"))).toBe("GMT+2");
    expect(zoneShortName("America/St_Johns", new Date("2026-01-15T12:00:00Z"))).toBe("GMT-3:30");
  });

  it("labels the timezone options with their offset", () => {
    const now = new Date("2026-01-15T12:00:00Z");
    expect(["UTC", "Asia/Baghdad", "Asia/Kolkata"].map((zone) => timeZoneLabel(zone, now))).toEqual([
      "UTC (GMT+00:00)",
      "Asia/Baghdad (GMT+03:00)",
      "Asia/Kolkata (GMT+05:30)",
    ]);
  });
});

describe("visitorLocalTime", () => {
  const nineInBaghdad = "2026-12-07T06:00:00.000Z";

  it("is null when the visitor's clock reads the same as the link's", () => {
    expect(visitorLocalTime(nineInBaghdad, "Asia/Baghdad", "Asia/Baghdad")).toBeNull();
    // Another zone with the same offset at that instant reads the same time.
    expect(visitorLocalTime(nineInBaghdad, "Asia/Baghdad", "Europe/Moscow")).toBeNull();
  });

  it("gives the visitor's time and zone when it differs", () => {
    expect(visitorLocalTime(nineInBaghdad, "Asia/Baghdad", "Europe/Berlin")).toEqual({
      time: "7:00 AM",
      zone: "GMT+1",
    });
    expect(visitorLocalTime(nineInBaghdad, "Asia/Baghdad", "Asia/Kolkata")).toEqual({
      time: "11:30 AM",
      zone: "GMT+5:30",
    });
  });

  it("adds the weekday when the visitor's date is another one", () => {
    // 9:00 Monday in Baghdad is 22:00 Sunday in Los Angeles.
    expect(visitorLocalTime(nineInBaghdad, "Asia/Baghdad", "America/Los_Angeles")).toEqual({
      time: "Sun 10:00 PM",
      zone: "GMT-8",
    });
  });
});

describe("month grid", () => {
  it("lays a month out Sunday to Saturday with empty cells around it", () => {
    // December 2026 starts on a Tuesday and has 31 days.
    const weeks = monthWeeks("2026-12");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"]);
    expect(weeks[4]).toEqual(["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null]);
    for (const week of weeks) expect(week).toHaveLength(7);
    // February 2026 starts on a Sunday: exactly four weeks.
    expect(monthWeeks("2026-02").flat()).toHaveLength(28);
  });

  it("moves between months across a year end", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(formatMonth("2026-12")).toBe("December 2026");
    expect(formatLongDate("2026-12-07")).toBe("Monday, December 7, 2026");
  });

  it("finds the next date on the link's days", () => {
    const days = ["monday", "wednesday"] as const;
    expect(nextBookableDate("2026-12-10", days)).toBe("2026-12-14");
    expect(nextBookableDate("2026-12-10", [])).toBeNull();
    // Not past the horizon's last date.
    expect(nextBookableDate("2026-12-10", days, "2026-12-14")).toBe("2026-12-14");
    expect(nextBookableDate("2026-12-10", days, "2026-12-13")).toBeNull();
  });
});
