import { describe, expect, it } from "vitest";
import { addDays, localDate, wallClock, weekdayIndex, zonedInstant } from "./zoned-time.ts";

const at = (iso: string) => new Date(iso);

describe("wall clock in a zone", () => {
  it("reads the local date and time", () => {
    expect(wallClock(at("2026-06-01T21:30:15Z"), "Asia/Baghdad")).toEqual({
      year: 2026,
      month: 6,
      day: 2,
      hour: 0,
      minute: 30,
      second: 15,
    });
    expect(wallClock(at("2026-06-01T00:00:00Z"), "UTC").hour).toBe(0);
  });

  it("gives the calendar date of an instant in the zone (the daily counter key)", () => {
    expect(localDate(at("2026-06-01T22:30:00Z"), "UTC")).toBe("2026-06-01");
    expect(localDate(at("2026-06-01T22:30:00Z"), "Asia/Baghdad")).toBe("2026-06-02");
    expect(localDate(at("2026-06-02T03:00:00Z"), "America/Los_Angeles")).toBe("2026-06-01");
  });
});

describe("calendar dates", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("knows the weekday of a date", () => {
    expect(weekdayIndex("2026-11-22")).toBe(0); // Sunday
    expect(weekdayIndex("2026-11-27")).toBe(5); // Friday
  });
});

describe("local date and time → instant", () => {
  it("uses the zone's offset on that date (winter and summer)", () => {
    expect(zonedInstant("2026-01-15", "09:00", "Europe/Berlin").toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(zonedInstant("2026-07-15", "09:00", "Europe/Berlin").toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(zonedInstant("2026-07-15", "09:00", "Asia/Baghdad").toISOString()).toBe("2026-07-15T06:00:00.000Z");
  });

  it("moves a time that does not exist (clocks go forward) past the gap", () => {
    // Berlin, 29 March 2026: 02:00 CET jumps to 03:00 CEST.
    expect(zonedInstant("2026-03-29", "02:30", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClock(zonedInstant("2026-03-29", "02:30", "Europe/Berlin"), "Europe/Berlin").hour).toBe(3);
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("takes the first of a time that happens twice (clocks go back)", () => {
    // Berlin, 25 October 2026: 03:00 CEST falls back to 02:00 CET; 02:30 happens twice.
    expect(zonedInstant("2026-10-25", "02:30", "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedInstant("2026-10-25", "04:00", "Europe/Berlin").toISOString()).toBe("2026-10-25T03:00:00.000Z");
  });

  it("is exact around the transition itself", () => {
    expect(zonedInstant("2026-03-29", "01:59", "Europe/Berlin").toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(zonedInstant("2026-03-29", "03:00", "Europe/Berlin").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });
});

describe("wallClock with its per-minute offset cache", () => {
  // The reference: Intl asked directly for every instant, no cache.
  const reference = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      })
        .formatToParts(instant)
        .filter((p) => p.type !== "literal")
        .map((p) => [p.type, Number(p.value)]),
    );
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour,
      minute: parts.minute,
      second: parts.second,
    };
  };

  it.each([
    ["Europe/Berlin", "2026-03-29T00:58:00Z"], // spring forward at 01:00 UTC
    ["Europe/Berlin", "2026-10-25T00:58:00Z"], // fall back at 01:00 UTC
    ["America/New_York", "2026-03-08T06:58:00Z"],
    ["America/New_York", "2026-11-01T05:58:00Z"],
    ["Asia/Kathmandu", "2026-06-01T18:13:00Z"], // +05:45
    ["Australia/Lord_Howe", "2026-04-04T14:58:00Z"], // a 30-minute transition
    ["UTC", "2026-12-31T23:58:00Z"],
  ])("matches Intl second by second around %s %s", (timeZone, start) => {
    const from = new Date(start).getTime();
    // Every 7 seconds over four minutes, twice: the second pass is served from the cache.
    for (let pass = 0; pass < 2; pass++) {
      for (let t = from; t < from + 4 * 60_000; t += 7_000) {
        const instant = new Date(t + 123);
        expect(wallClock(instant, timeZone)).toEqual(reference(instant, timeZone));
      }
    }
  });
});
