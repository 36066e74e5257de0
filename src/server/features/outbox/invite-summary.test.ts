import { describe, expect, it } from "vitest";
import { inviteSummary } from "./invite-summary.ts";

const calendar = (...event: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", ...event, "END:VCALENDAR", ""].join("\r\n");

describe("inviteSummary", () => {
  it("reads an event given with DURATION, without a method, organizer or attendees", () => {
    const summary = inviteSummary(
      calendar("BEGIN:VEVENT", "UID:a", "DTSTART:20270301T100000Z", "DURATION:PT45M", "SUMMARY:Demo", "END:VEVENT"),
    );
    expect(summary).toEqual({
      title: "Demo",
      startsAt: "2027-03-01T10:00:00.000Z",
      endsAt: "2027-03-01T10:45:00.000Z",
      allDay: false,
      organizer: null,
      attendees: [],
      method: null,
    });
  });

  it("reads an all-day event by its date, and a cancellation's method", () => {
    const summary = inviteSummary(
      calendar(
        "METHOD:CANCEL",
        "BEGIN:VEVENT",
        "UID:b",
        "DTSTART;VALUE=DATE:20270302",
        "DTEND;VALUE=DATE:20270303",
        "ORGANIZER:mailto:owner@acme.test",
        "END:VEVENT",
      ),
    );
    expect(summary).toMatchObject({
      title: null,
      startsAt: "2027-03-02T00:00:00.000Z",
      endsAt: "2027-03-03T00:00:00.000Z",
      allDay: true,
      organizer: { email: "owner@acme.test", name: null },
      method: "CANCEL",
    });
  });

  it("leaves the end unknown when the event gives none", () => {
    const summary = inviteSummary(calendar("BEGIN:VEVENT", "UID:c", "DTSTART:20270301T100000Z", "END:VEVENT"));
    expect(summary?.endsAt).toBeNull();
  });

  it("is null for text that is not a calendar with an event", () => {
    expect(inviteSummary("not a calendar")).toBeNull();
    expect(inviteSummary(calendar())).toBeNull();
    expect(inviteSummary("")).toBeNull();
  });
});
