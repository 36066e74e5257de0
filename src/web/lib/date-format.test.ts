import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatDay, formatDayTime } from "./date-format.ts";

// Midnight, single-digit days and hours, noon, the last minute of a year, a leap day.
const dates = [
  new Date(2027, 2, 1, 0, 0),
  new Date(2027, 0, 9, 9, 5),
  new Date(2026, 10, 22, 12, 0),
  new Date(2026, 11, 31, 23, 59),
  new Date(2028, 1, 29, 13, 7),
];

describe("date-format", () => {
  it.each(dates.map((d) => [d.toString(), d]))("matches date-fns for %s", (_label, date) => {
    expect(formatDay(date)).toBe(format(date, "MMM d, yyyy"));
    expect(formatDayTime(date)).toBe(format(date, "MMM d, yyyy HH:mm"));
  });

  it("names every month as date-fns does", () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(2027, month, 15, 8, 30);
      expect(formatDay(date)).toBe(format(date, "MMM d, yyyy"));
    }
  });

  it("writes the month short, the day without padding and a 24-hour clock", () => {
    expect(formatDayTime(new Date(2027, 2, 1, 0, 5))).toBe("Mar 1, 2027 00:05");
  });
});
