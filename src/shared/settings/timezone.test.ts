import { describe, expect, it } from "vitest";
import { currentZoneName, isValidTimeZone, listTimeZones } from "./timezone.ts";

describe("time zones", () => {
  it("recognises IANA names and rejects others", () => {
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Asia/Baghdad")).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Nowhere/Special")).toBe(false);
  });

  it("lists UTC first, once", () => {
    const zones = listTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones.filter((z) => z === "UTC")).toHaveLength(1);
    expect(zones).toContain("Europe/Berlin");
  });
});

describe("current zone names", () => {
  it("gives the current name of a zone listed under an old one, and every current name is a zone the runtime accepts", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Berlin")).toBeUndefined();
    const listed = new Set(listTimeZones());
    for (const zone of listed) {
      const current = currentZoneName(zone);
      if (current) expect(isValidTimeZone(current), `${zone} → ${current}`).toBe(true);
    }
  });
});
