import { describe, expect, it } from "vitest";
import { isStorableDate, isStorableInstant, isStorableUtcTimestamp } from "./storable-dates.ts";

describe("storable dates", () => {
  it("takes real days in the years 1 to 9999", () => {
    for (const day of ["0001-01-01", "2024-02-29", "2026-12-31", "9999-12-31"]) expect(isStorableDate(day)).toBe(true);
  });

  it("refuses days that do not exist, the year 0 and other shapes", () => {
    for (const day of [
      "0000-01-01",
      "2026-02-30",
      "2023-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-2-3",
      "+002026-01-01",
      "10000-01-01",
    ]) {
      expect(isStorableDate(day), day).toBe(false);
    }
  });

  it("takes UTC timestamps with up to microseconds, and refuses impossible ones", () => {
    expect(isStorableUtcTimestamp("2026-12-07T09:00:00.123456Z")).toBe(true);
    expect(isStorableUtcTimestamp("2026-12-07T09:00:00Z")).toBe(true);
    expect(isStorableUtcTimestamp("0001-01-01T00:00:00.000000Z")).toBe(true);
    for (const text of [
      "2026-02-30T00:00:00.000000Z",
      "0000-01-01T00:00:00.000000Z",
      "2026-01-01T24:00:00.000000Z",
      "2026-01-01T23:59:60.000000Z",
      "2026-01-01T23:60:00.000000Z",
      "2026-01-01T09:00:00.0000000Z",
      "2026-01-01T09:00:00+01:00",
      "2026-01-01 09:00:00Z",
    ]) {
      expect(isStorableUtcTimestamp(text), text).toBe(false);
    }
  });

  it("bounds instants to the years 1 to 9999", () => {
    expect(isStorableInstant(Date.parse("0001-01-01T00:00:00Z"))).toBe(true);
    expect(isStorableInstant(Date.parse("0000-12-31T23:59:59Z"))).toBe(false);
    expect(isStorableInstant(Date.parse("+010000-01-01T00:00:00Z"))).toBe(false);
    expect(isStorableInstant(Number.NaN)).toBe(false);
  });
});
