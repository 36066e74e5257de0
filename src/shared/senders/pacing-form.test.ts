import { describe, expect, it } from "vitest";
import { formToPacing, pacingSummary, pacingToForm } from "./pacing-form.ts";

describe("the pacing form", () => {
  it("shows the recommended 2–5 minutes for a mailbox without pacing", () => {
    expect(pacingToForm(undefined)).toEqual({
      gapMinMinutes: "2",
      gapMaxMinutes: "5",
      hourlyLimit: "",
      ramp: false,
      rampStart: "10",
      rampStep: "5",
    });
  });

  it("turns minutes into the API's seconds", () => {
    const out = formToPacing({ ...pacingToForm(undefined), hourlyLimit: "20", ramp: true });
    expect(out).toEqual({
      ok: true,
      input: { gapMinSeconds: 120, gapMaxSeconds: 300, hourlyLimit: 20, ramp: { start: 10, step: 5 } },
    });
  });

  it("names each wrong field", () => {
    const out = formToPacing({ ...pacingToForm(undefined), hourlyLimit: "0", rampStart: "x", ramp: true });
    expect(out).toEqual({
      ok: false,
      errors: { hourlyLimit: "Hourly limit must be between 1 and 500", rampStart: "Ramp start must be a number" },
    });
    expect(formToPacing({ ...pacingToForm(undefined), gapMinMinutes: "6" })).toEqual({
      ok: false,
      errors: { gapMaxMinutes: "The longest wait must be at least the shortest" },
    });
    const far = formToPacing({ ...pacingToForm(undefined), gapMaxMinutes: "2000" });
    expect(far).toMatchObject({
      ok: false,
      errors: { gapMaxMinutes: "Longest wait must be between 0 and 1,440 minutes" },
    });
  });

  it("sums a mailbox's pacing up in a line", () => {
    expect(pacingSummary(undefined)).toBe("No pacing: sends as fast as its daily limit allows");
    expect(
      pacingSummary({
        email: "a@b.c",
        gapMinSeconds: 120,
        gapMaxSeconds: 300,
        hourlyLimit: 20,
        ramp: { start: 10, step: 5, startedOn: "2026-12-01", today: 15 },
        nextSendAt: null,
      }),
    ).toBe("2–5 min between sends · at most 20 an hour · ramp: 15 today (10, +5 a day)");
  });
});
