import { describe, expect, it } from "vitest";
import { weekdays } from "../db-enums.ts";
import {
  isAllowedInstant,
  isSendingDay,
  nextAllowedInstant,
  nextDayWindowStart,
  type SendingRules,
} from "./sending-window.ts";

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

const weekdaysOnly: SendingRules = {
  timezone: "Europe/Berlin",
  sendTimeStart: "09:00",
  sendTimeEnd: "17:00",
  sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
};
const always: SendingRules = { timezone: "UTC", sendTimeStart: "00:00", sendTimeEnd: "23:59", sendingDays: weekdays };

describe("the sending window", () => {
  it("lets an instant inside the window through unchanged", () => {
    // Wednesday 2 December 2026, 10:15 in Berlin (CET, UTC+1).
    const inside = at("2026-12-02T09:15:00.123Z");
    expect(nextAllowedInstant(inside, weekdaysOnly)).toBe(inside);
    expect(isAllowedInstant(inside, weekdaysOnly)).toBe(true);
  });

  it("waits for the start of today's window", () => {
    expect(iso(nextAllowedInstant(at("2026-12-02T05:00:00Z"), weekdaysOnly))).toBe("2026-12-02T08:00:00.000Z");
  });

  it("moves work after the window to the next day's start", () => {
    expect(iso(nextAllowedInstant(at("2026-12-02T17:30:00Z"), weekdaysOnly))).toBe("2026-12-03T08:00:00.000Z");
  });

  it("keeps the whole end minute inside the window", () => {
    // 17:00:30 Berlin is inside a window ending 17:00; 17:01 is not.
    expect(isAllowedInstant(at("2026-12-02T16:00:30Z"), weekdaysOnly)).toBe(true);
    expect(isAllowedInstant(at("2026-12-02T16:01:00Z"), weekdaysOnly)).toBe(false);
  });

  it("skips days that are not sending days (a Friday evening waits for Monday)", () => {
    // Friday 4 December 2026, 18:00 Berlin.
    expect(iso(nextAllowedInstant(at("2026-12-04T17:00:00Z"), weekdaysOnly))).toBe("2026-12-07T08:00:00.000Z");
    // Saturday morning too.
    expect(iso(nextAllowedInstant(at("2026-12-05T09:00:00Z"), weekdaysOnly))).toBe("2026-12-07T08:00:00.000Z");
    expect(isSendingDay("2026-12-05", weekdaysOnly)).toBe(false);
  });

  it("judges the day in the user's timezone, not in UTC", () => {
    // 23:30 UTC on Friday is already Saturday 02:30 in Baghdad.
    const baghdad: SendingRules = { ...weekdaysOnly, timezone: "Asia/Baghdad", sendTimeStart: "00:00" };
    expect(iso(nextAllowedInstant(at("2026-12-04T23:30:00Z"), baghdad))).toBe("2026-12-06T21:00:00.000Z");
  });

  it("follows the zone's offset on DST change days", () => {
    // Saturday 28 March is CET (+1), Monday 30 March is CEST (+2).
    const everyDay: SendingRules = { ...weekdaysOnly, sendingDays: weekdays };
    expect(iso(nextAllowedInstant(at("2026-03-28T05:00:00Z"), everyDay))).toBe("2026-03-28T08:00:00.000Z");
    expect(iso(nextAllowedInstant(at("2026-03-29T05:00:00Z"), everyDay))).toBe("2026-03-29T07:00:00.000Z");
    // After Saturday's window: Sunday's 09:00 is already summer time.
    expect(iso(nextAllowedInstant(at("2026-03-28T17:00:00Z"), everyDay))).toBe("2026-03-29T07:00:00.000Z");
    // Autumn: Sunday 25 October 09:00 is CET again.
    expect(iso(nextAllowedInstant(at("2026-10-24T20:00:00Z"), everyDay))).toBe("2026-10-25T08:00:00.000Z");
  });

  it("starts a window that begins in the spring-forward gap right after the gap", () => {
    const night: SendingRules = {
      ...weekdaysOnly,
      sendTimeStart: "02:30",
      sendTimeEnd: "05:00",
      sendingDays: weekdays,
    };
    expect(iso(nextAllowedInstant(at("2026-03-28T23:00:00Z"), night))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("allows every instant with the default settings", () => {
    for (const t of ["2026-12-05T00:00:00Z", "2026-12-05T23:59:59Z", "2026-03-29T01:30:00Z"]) {
      expect(isAllowedInstant(at(t), always)).toBe(true);
    }
  });

  it("finds the next sending day's window start for a full day", () => {
    expect(iso(nextDayWindowStart(at("2026-12-02T09:15:00Z"), weekdaysOnly))).toBe("2026-12-03T08:00:00.000Z");
    expect(iso(nextDayWindowStart(at("2026-12-04T09:15:00Z"), weekdaysOnly))).toBe("2026-12-07T08:00:00.000Z");
    expect(iso(nextDayWindowStart(at("2026-12-02T12:00:00Z"), always))).toBe("2026-12-03T00:00:00.000Z");
  });

  it("refuses rules without any sending day instead of looping", () => {
    expect(() => nextAllowedInstant(at("2026-12-02T12:00:00Z"), { ...always, sendingDays: [] })).toThrow(/sending day/);
  });
});
