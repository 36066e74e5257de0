import { describe, expect, it } from "vitest";
import { contactTimeZoneChoices, parseTimeZone } from "./time-zone.ts";
import { countByZone, describeZoneCounts } from "./zone-counts.ts";

describe("countByZone", () => {
  it("counts contacts by the zone they will be stored with, largest first", () => {
    expect(countByZone(["America/New_York", "america/new_york", "+05:30", null, "", undefined, "UTC+05:30"])).toEqual([
      { zone: null, contacts: 3 },
      { zone: "America/New_York", contacts: 2 },
      { zone: "UTC+05:30", contacts: 2 },
    ]);
  });
});

describe("describeZoneCounts", () => {
  it("names each zone with its count and the user's zone for contacts without one", () => {
    const line = describeZoneCounts(
      [
        { zone: null, contacts: 300 },
        { zone: "America/New_York", contacts: 1200 },
        { zone: "Etc/GMT-5", contacts: 40 },
      ],
      "Europe/London",
    );
    expect(line).toBe("Time zones: America/New_York 1,200 · Your time zone (Europe/London) 300 · UTC+05:00 40");
  });

  it("says nothing when every contact follows the user's zone", () => {
    expect(describeZoneCounts([{ zone: null, contacts: 5 }], "UTC")).toBe("");
    expect(describeZoneCounts([], "UTC")).toBe("");
  });
});

describe("contactTimeZoneChoices", () => {
  it("offers the IANA zones and every offset, each in the form a contact stores it", () => {
    const choices = contactTimeZoneChoices(["Europe/Berlin"]);
    expect(choices).toContain("Europe/Berlin");
    expect(choices).toContain("Etc/GMT+12");
    expect(choices).toContain("Etc/GMT-14");
    expect(choices).toContain("UTC+05:30");
    expect(choices).not.toContain("Etc/GMT+0");
    for (const zone of choices) expect(parseTimeZone(zone)).toEqual({ ok: true, zone });
  });
});
