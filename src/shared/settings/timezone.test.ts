import { describe, expect, it } from "vitest";
import { isValidTimeZone, listTimeZones } from "./timezone.ts";

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
