import { describe, expect, it } from "vitest";
import { effectiveZone, rulesForZone } from "./contact-zone.ts";
import { followUpDueAt } from "./follow-up.ts";
import { nextAllowedInstant } from "./sending-window.ts";

const rules = {
  timezone: "Europe/Berlin",
  sendTimeStart: "09:00",
  sendTimeEnd: "17:00",
  sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] as ("monday" | "friday")[],
};

describe("effectiveZone / rulesForZone", () => {
  it("uses the contact's zone when it has a usable one, else the user's", () => {
    expect(effectiveZone("America/New_York", "Europe/Berlin")).toBe("America/New_York");
    expect(effectiveZone("UTC+05:30", "Europe/Berlin")).toBe("UTC+05:30");
    expect(effectiveZone(null, "Europe/Berlin")).toBe("Europe/Berlin");
    expect(effectiveZone("Mars/Olympus", "Europe/Berlin")).toBe("Europe/Berlin");
    expect(rulesForZone(rules, null)).toBe(rules);
    expect(rulesForZone(rules, "Asia/Tokyo")).toEqual({ ...rules, timezone: "Asia/Tokyo" });
  });

  it("a follow-up 2 days later lands at the same time on the contact's clock, inside its window", () => {
    // Sent Monday 7 December 2026 at 10:00 in New York (15:00 UTC).
    const sent = new Date("2026-12-07T15:00:00.000Z");
    const zoned = rulesForZone(rules, "America/New_York");
    const due = nextAllowedInstant(
      followUpDueAt(
        sent,
        { delayAmount: 2, delayUnit: "days", scheduledDate: null, scheduledTime: null },
        zoned.timezone,
      ),
      zoned,
    );
    expect(due.toISOString()).toBe("2026-12-09T15:00:00.000Z");
    // A dated step at 09:00 is 09:00 New York time.
    const dated = followUpDueAt(
      sent,
      { delayAmount: 0, delayUnit: "days", scheduledDate: "2026-12-10", scheduledTime: "09:00" },
      zoned.timezone,
    );
    expect(dated.toISOString()).toBe("2026-12-10T14:00:00.000Z");
  });
});
