import { describe, expect, it } from "vitest";
import { type FollowUpTiming, followUpDueAt } from "./follow-up.ts";

const at = (iso: string) => new Date(iso);
const delay = (delayAmount: number, delayUnit: FollowUpTiming["delayUnit"]): FollowUpTiming => ({
  delayAmount,
  delayUnit,
  scheduledDate: null,
  scheduledTime: null,
});

describe("follow-up due time", () => {
  it("counts days as calendar days at the same wall-clock time, across a DST change", () => {
    // Friday 27 March 2026 09:00 CET → Monday 30 March 09:00 CEST.
    expect(followUpDueAt(at("2026-03-27T08:00:00Z"), delay(3, "days"), "Europe/Berlin").toISOString()).toBe(
      "2026-03-30T07:00:00.000Z",
    );
    // The same 3 days in UTC are exactly 72 hours.
    expect(followUpDueAt(at("2026-03-27T08:00:00Z"), delay(3, "days"), "UTC").toISOString()).toBe(
      "2026-03-30T08:00:00.000Z",
    );
  });

  it("counts hours and minutes as elapsed time", () => {
    expect(followUpDueAt(at("2026-03-28T11:00:00Z"), delay(24, "hours"), "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T11:00:00.000Z",
    );
    expect(followUpDueAt(at("2026-03-28T11:00:00Z"), delay(90, "minutes"), "Europe/Berlin").toISOString()).toBe(
      "2026-03-28T12:30:00.000Z",
    );
  });

  it("is due at the previous send itself with no delay", () => {
    const sent = at("2026-05-05T10:11:12.345Z");
    expect(followUpDueAt(sent, delay(0, "days"), "Asia/Baghdad").getTime()).toBe(sent.getTime());
  });

  it("uses a step's fixed date and time in the user's timezone", () => {
    const step: FollowUpTiming = { ...delay(5, "days"), scheduledDate: "2026-06-10", scheduledTime: "14:30" };
    expect(followUpDueAt(at("2026-06-01T08:00:00Z"), step, "Asia/Baghdad").toISOString()).toBe(
      "2026-06-10T11:30:00.000Z",
    );
  });

  it("sends a dated step at 09:00 when it has no time", () => {
    const step: FollowUpTiming = { ...delay(0, "days"), scheduledDate: "2026-06-10", scheduledTime: null };
    expect(followUpDueAt(at("2026-06-01T08:00:00Z"), step, "Europe/Berlin").toISOString()).toBe(
      "2026-06-10T07:00:00.000Z",
    );
  });

  it("is due at once when the fixed date passed before the previous step went out", () => {
    const sent = at("2026-06-12T08:00:00Z");
    const step: FollowUpTiming = { ...delay(0, "days"), scheduledDate: "2026-06-10", scheduledTime: "09:00" };
    expect(followUpDueAt(sent, step, "UTC")).toBe(sent);
  });
});
