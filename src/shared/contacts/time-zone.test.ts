import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTimeZones } from "../settings/timezone.ts";
import { localDate, wallClock, zonedInstant } from "../zoned-time.ts";
import { parseTimeZone, TIME_ZONE_MAX_LENGTH, timeZoneLabel } from "./time-zone.ts";

const zoneOf = (raw: string) => {
  const r = parseTimeZone(raw);
  if (!r.ok) throw new Error(r.message);
  return r.zone;
};

/** Every zone function of zoned-time runs on it without throwing, and round-trips a wall clock. */
function zonedTimeAccepts(zone: string): void {
  const instant = new Date(Date.UTC(2026, 5, 15, 12, 0));
  const date = localDate(instant, zone);
  const w = wallClock(instant, zone);
  const back = zonedInstant(date, `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`, zone);
  expect(back.getTime()).toBe(instant.getTime());
}

describe("parseTimeZone", () => {
  it("keeps IANA names in Intl's canonical spelling, whatever their case", () => {
    expect(zoneOf("America/New_York")).toBe("America/New_York");
    expect(zoneOf("  europe/berlin ")).toBe("Europe/Berlin");
    expect(zoneOf("utc")).toBe("UTC");
    expect(zoneOf("GMT")).toBe("UTC");
    expect(zoneOf("Etc/UTC")).toBe("UTC");
  });

  it("turns whole-hour offsets into Etc/GMT zones, sign inverted as IANA spells them", () => {
    expect(zoneOf("+05:00")).toBe("Etc/GMT-5");
    expect(zoneOf("UTC-3")).toBe("Etc/GMT+3");
    expect(zoneOf("GMT+1")).toBe("Etc/GMT-1");
    expect(zoneOf("UTC\u22123")).toBe("Etc/GMT+3");
    expect(zoneOf("+0")).toBe("UTC");
    expect(zoneOf("+14")).toBe("Etc/GMT-14");
    expect(zoneOf("-12:00")).toBe("Etc/GMT+12");
  });

  it("keeps other offsets as UTC±HH:MM", () => {
    expect(zoneOf("+05:30")).toBe("UTC+05:30");
    expect(zoneOf("+0545")).toBe("UTC+05:45");
    expect(zoneOf("UTC -9:30")).toBe("UTC-09:30");
    expect(zoneOf("UTC+05:30")).toBe("UTC+05:30");
  });

  it("reads an empty value as no zone (the user's applies)", () => {
    expect(parseTimeZone("")).toEqual({ ok: true, zone: null });
    expect(parseTimeZone("   ")).toEqual({ ok: true, zone: null });
    expect(parseTimeZone(null)).toEqual({ ok: true, zone: null });
  });

  it("refuses names and offsets that are not zones, saying what is expected", () => {
    for (const bad of ["Mars/Olympus", "garbage", "+15", "-13:00", "+05:75", "UTC+", "5"]) {
      const r = parseTimeZone(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toContain("UTC+05:30");
    }
    const long = parseTimeZone("A".repeat(TIME_ZONE_MAX_LENGTH + 1));
    expect(long).toEqual({ ok: false, message: `Time zone must be at most ${TIME_ZONE_MAX_LENGTH} characters.` });
  });

  it("a +05:30 contact is at 09:00 when UTC shows 03:30", () => {
    const zone = zoneOf("+05:30")!;
    expect(zonedInstant("2026-06-15", "09:00", zone).toISOString()).toBe("2026-06-15T03:30:00.000Z");
    expect(wallClock(new Date("2026-06-15T20:00:00Z"), zone)).toMatchObject({ day: 16, hour: 1, minute: 30 });
    const whole = zoneOf("UTC-3")!;
    expect(zonedInstant("2026-06-15", "09:00", whole).toISOString()).toBe("2026-06-15T12:00:00.000Z");
  });

  it("labels Etc/GMT zones as the offset a person wrote", () => {
    expect(timeZoneLabel("Etc/GMT-5")).toBe("UTC+05:00");
    expect(timeZoneLabel("Etc/GMT+3")).toBe("UTC-03:00");
    expect(timeZoneLabel("UTC+05:30")).toBe("UTC+05:30");
    expect(timeZoneLabel("Europe/Berlin")).toBe("Europe/Berlin");
  });

  it("every zone the Settings list offers is accepted as itself", () => {
    for (const zone of listTimeZones()) {
      const r = parseTimeZone(zone);
      expect(r.ok, zone).toBe(true);
    }
  });

  it("property: any accepted input normalises to a zone zoned-time accepts, and parsing never throws", () => {
    const offsetText = fc
      .tuple(
        fc.constantFrom("", "UTC", "GMT", "utc ", "gmt"),
        fc.constantFrom("+", "-", "\u2212"),
        fc.integer({ min: 0, max: 16 }),
        fc.option(fc.integer({ min: 0, max: 70 })),
        fc.constantFrom(":", ""),
      )
      .map(([p, s, h, m, sep]) => `${p}${s}${h}${m === null ? "" : `${sep}${String(m).padStart(2, "0")}`}`);
    const hostile = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.constantFrom("../../etc/passwd", "America/New_York\u0000", "Etc/GMT+99", "UTC+99:99", "__proto__", "Z"),
      fc.constantFrom(...listTimeZones()),
      offsetText,
    );
    fc.assert(
      fc.property(hostile, (raw) => {
        const r = parseTimeZone(raw);
        if (r.ok && r.zone !== null) {
          zonedTimeAccepts(r.zone);
          // Normalising is idempotent: the stored form parses to itself.
          expect(parseTimeZone(r.zone)).toEqual(r);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("current IANA names that ICU links to old ones", () => {
  it("keeps the name as typed (Asia/Kolkata, not Asia/Calcutta)", () => {
    expect(parseTimeZone("Asia/Kolkata")).toEqual({ ok: true, zone: "Asia/Kolkata" });
    expect(parseTimeZone("Europe/Kyiv")).toEqual({ ok: true, zone: "Europe/Kyiv" });
    expect(parseTimeZone("america/new_york")).toEqual({ ok: true, zone: "America/New_York" });
  });
});
