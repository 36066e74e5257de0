// Which zones are closed at an instant, and when each opens (no database).
import { describe, expect, it } from "vitest";
import { closedZones } from "./zone-windows.ts";

const rules = {
  timezone: "Europe/Berlin",
  sendTimeStart: "09:00",
  sendTimeEnd: "17:00",
  sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] as (
    | "monday"
    | "tuesday"
    | "wednesday"
    | "thursday"
    | "friday"
  )[],
};

describe("closedZones", () => {
  it("lists the zones outside their window with their next opening, and leaves open ones out", () => {
    // Monday 7 December 2026, 10:00 Berlin = 01:00 Los Angeles = 14:30 India = 06:00 at UTC−3.
    const now = new Date("2026-12-07T09:00:00.000Z");
    expect(closedZones(["Europe/Berlin", "America/Los_Angeles", "UTC+05:30", "Etc/GMT+3"], now, rules)).toEqual([
      { zone: "America/Los_Angeles", until: new Date("2026-12-07T17:00:00.000Z") },
      { zone: "Etc/GMT+3", until: new Date("2026-12-07T12:00:00.000Z") },
    ]);
  });

  it("applies the sending days on the zone's calendar: Friday evening in Berlin is already Saturday in Tokyo", () => {
    // Friday 11 December 2026, 16:00 Berlin = Saturday 00:00 Tokyo.
    const now = new Date("2026-12-11T15:00:00.000Z");
    expect(closedZones(["Europe/Berlin", "Asia/Tokyo"], now, rules)).toEqual([
      // Monday 09:00 Tokyo = Monday 00:00 UTC.
      { zone: "Asia/Tokyo", until: new Date("2026-12-14T00:00:00.000Z") },
    ]);
  });

  it("times a zone this runtime does not know in the user's zone instead of failing the claim", () => {
    const now = new Date("2026-12-07T18:00:00.000Z"); // 19:00 Berlin: closed
    expect(closedZones(["Mars/Olympus"], now, rules)).toEqual([
      { zone: "Mars/Olympus", until: new Date("2026-12-08T08:00:00.000Z") },
    ]);
  });
});
