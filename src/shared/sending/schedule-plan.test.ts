import { describe, expect, it } from "vitest";
import type { Weekday } from "../db-enums.ts";
import type { FollowUpTiming } from "./follow-up.ts";
import type { PacingRules } from "./pacing.ts";
import { launchContacts, planSchedule, planScheduleInSlices, senderDayCapacity } from "./schedule-plan.ts";
import type { SendingRules } from "./sending-window.ts";

const ALL_DAYS: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const rules: SendingRules = { timezone: "UTC", sendTimeStart: "08:00", sendTimeEnd: "17:59", sendingDays: ALL_DAYS };
// Monday 7 December 2026, before the window opens.
const START = new Date("2026-12-07T06:00:00Z");
const days = (n: number): FollowUpTiming => ({
  delayAmount: n,
  delayUnit: "days",
  scheduledDate: null,
  scheduledTime: null,
});
const none: PacingRules = { gapMinSeconds: 0, gapMaxSeconds: 0, hourlyLimit: null, ramp: null };
const sender = (id: string, dailyLimit: number, pacing: PacingRules | null = null) => ({ id, dailyLimit, pacing });
const plan = (o: Partial<Parameters<typeof planSchedule>[0]> & { n?: number; zones?: (string | null)[] }) => {
  const senders = o.senders ?? [sender("a", 10)];
  const zones = o.zones ?? Array.from({ length: o.n ?? 10 }, () => null);
  return planSchedule({
    start: START,
    rules,
    userDailyLimit: 1000,
    senders,
    contacts:
      o.contacts ??
      launchContacts(
        zones,
        senders.map((s) => s.id),
        START,
      ),
    steps: [days(0)],
    newContactsPerDay: null,
    ...o,
  });
};

describe("senderDayCapacity", () => {
  const tenHours = 10 * 3_600_000;
  it("is the daily limit without pacing", () => {
    expect(senderDayCapacity(sender("a", 40), "2026-12-07", tenHours)).toEqual({ n: 40, bound: "sender daily limits" });
  });
  it("is window / average gap + 1 with a gap, rounded down", () => {
    // 2–5 minutes: 3.5 on average; 600 / 3.5 = 171.4 → 171 + 1.
    const p = { ...none, gapMinSeconds: 120, gapMaxSeconds: 300 };
    expect(senderDayCapacity(sender("a", 500, p), "2026-12-07", tenHours)).toEqual({ n: 172, bound: "pacing" });
  });
  it("is the hourly limit times the window's hours", () => {
    const p = { ...none, hourlyLimit: 3 };
    expect(senderDayCapacity(sender("a", 500, p), "2026-12-07", tenHours).n).toBe(30);
  });
  it("follows the ramp by day, never above the daily limit", () => {
    const p = { ...none, ramp: { start: 10, step: 5, startedOn: "2026-12-07" } };
    expect(senderDayCapacity(sender("a", 18, p), "2026-12-07", tenHours)).toEqual({ n: 10, bound: "pacing" });
    expect(senderDayCapacity(sender("a", 18, p), "2026-12-08", tenHours).n).toBe(15);
    expect(senderDayCapacity(sender("a", 18, p), "2026-12-09", tenHours)).toEqual({
      n: 18,
      bound: "sender daily limits",
    });
  });
  it("takes off what was sent already today", () => {
    expect(senderDayCapacity(sender("a", 40), "2026-12-07", tenHours, 35).n).toBe(5);
  });
});

describe("planSchedule", () => {
  it("sends step 1 up to each sender's daily limit a day, and names the limit", () => {
    const p = plan({ n: 25, senders: [sender("a", 10), sender("b", 5)] });
    // Round-robin: 13 for a, 12 for b.
    expect(p.days.map((d) => [d.date, d.firstSteps, d.bySender])).toEqual([
      ["2026-12-07", 15, { a: 10, b: 5 }],
      ["2026-12-08", 8, { a: 3, b: 5 }],
      ["2026-12-09", 2, { b: 2 }],
    ]);
    expect(p.endDate).toBe("2026-12-09");
    expect(p.complete).toBe(true);
    expect(p.totalSends).toBe(25);
    expect(p.limits.map((l) => l.kind)).toEqual(["sender daily limits"]);
  });

  it("caps all senders together by the user's daily limit", () => {
    const p = plan({ n: 20, senders: [sender("a", 10), sender("b", 10)], userDailyLimit: 8 });
    expect(p.days.map((d) => d.firstSteps)).toEqual([8, 8, 4]);
    expect(p.limits[0]?.kind).toBe("your daily send limit");
  });

  it("skips the days that are not sending days", () => {
    const weekdays: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];
    // Friday 11 December: the next sends are on Monday 14th.
    const friday = new Date("2026-12-11T06:00:00Z");
    const senders = [sender("a", 5)];
    const p = plan({
      start: friday,
      rules: { ...rules, sendingDays: weekdays },
      senders,
      contacts: launchContacts(Array(8).fill(null), ["a"], friday),
    });
    expect(p.days.map((d) => [d.date, d.firstSteps])).toEqual([
      ["2026-12-11", 5],
      ["2026-12-14", 3],
    ]);
    expect(p.limits.map((l) => l.kind)).toContain("sending window");
  });

  it("sends follow-ups first when a day is short, and times them from the previous send", () => {
    // Step 2 one day after step 1; 10 a day: day 1 ten step-1, day 2 ten follow-ups, day 3 the rest of step 1.
    const p = plan({ n: 15, steps: [days(0), days(1)] });
    expect(p.days.map((d) => [d.date, d.firstSteps, d.followUps])).toEqual([
      ["2026-12-07", 10, 0],
      ["2026-12-08", 0, 10],
      ["2026-12-09", 5, 0],
      ["2026-12-10", 0, 5],
    ]);
  });

  it("holds step 1 to the campaign's new contacts per day, follow-ups not", () => {
    const p = plan({ n: 9, senders: [sender("a", 100)], steps: [days(0), days(1)], newContactsPerDay: 4 });
    expect(p.days.map((d) => [d.firstSteps, d.followUps])).toEqual([
      [4, 0],
      [4, 4],
      [1, 4],
      [0, 1],
    ]);
    expect(p.limits[0]?.kind).toBe("new contacts per day");
  });

  it("counts a paced sender's day as window / average gap + 1", () => {
    const p = plan({ n: 100, senders: [sender("a", 100, { ...none, gapMinSeconds: 1200, gapMaxSeconds: 1200 })] });
    // 08:00–18:00 with 20 minutes between sends: 31 a day.
    expect(p.days.map((d) => d.firstSteps)).toEqual([31, 31, 31, 7]);
    expect(p.limits[0]?.kind).toBe("pacing");
  });

  it("times a contact's window on its own clock and its day on the user's", () => {
    // 18:30 UTC: the user's window has closed, a Los Angeles contact's (10:30 there) is open.
    const lateStart = new Date("2026-12-07T18:30:00Z");
    const p = plan({
      start: lateStart,
      senders: [sender("a", 10)],
      contacts: launchContacts(["America/Los_Angeles", null], ["a"], lateStart),
    });
    expect(p.days.map((d) => [d.date, d.firstSteps])).toEqual([
      ["2026-12-07", 1],
      ["2026-12-08", 1],
    ]);
  });

  it("plans a running campaign from each contact's next step and due time", () => {
    const p = plan({
      senders: [sender("a", 10)],
      steps: [days(0), days(2), days(3)],
      contacts: [
        { zone: null, senderId: "a", nextStep: 2, dueAt: new Date("2026-12-09T09:00:00Z") },
        { zone: null, senderId: "a", nextStep: 1, dueAt: new Date("2026-12-07T09:00:00Z") },
      ],
    });
    expect(p.days.map((d) => [d.date, d.firstSteps, d.followUps])).toEqual([
      ["2026-12-07", 0, 1],
      ["2026-12-09", 0, 1],
      ["2026-12-10", 0, 1],
    ]);
  });

  it("puts follow-ups first among the rows one claim takes (due within the same minute)", () => {
    const p = plan({
      senders: [sender("a", 1)],
      steps: [days(0), days(1)],
      contacts: [
        { zone: null, senderId: "a", nextStep: 0, dueAt: new Date("2026-12-07T08:00:00.000Z") },
        { zone: null, senderId: "a", nextStep: 1, dueAt: new Date("2026-12-07T08:00:00.500Z") },
      ],
    });
    expect(p.days.map((d) => [d.date, d.firstSteps, d.followUps])).toEqual([
      ["2026-12-07", 0, 1],
      ["2026-12-08", 1, 0],
      ["2026-12-09", 0, 1],
    ]);
  });

  it("plans nothing without contacts, and stops at maxDays", () => {
    expect(plan({ n: 0 })).toMatchObject({ days: [], endDate: null, complete: true, totalSends: 0 });
    const p = plan({ n: 100, senders: [sender("a", 1)], maxDays: 5 });
    expect(p).toMatchObject({ complete: false, totalSends: 5 });
  });
});

describe("planScheduleInSlices", () => {
  it("gives the same plan as planSchedule, in slices that hand the event loop back", async () => {
    const input = {
      start: START,
      rules,
      userDailyLimit: 1000,
      senders: [sender("a", 7), sender("b", 5, { ...none, gapMinSeconds: 120, gapMaxSeconds: 300 })],
      contacts: launchContacts(
        Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? "Europe/Berlin" : null)),
        ["a", "b"],
        START,
      ),
      steps: [days(0), days(2), days(3)],
      newContactsPerDay: 9,
    };
    let turns = 0;
    const counting = setInterval(() => {
      turns += 1;
    }, 0);
    // A slice of 0 ms yields after every planned day.
    const sliced = await planScheduleInSlices(structuredClone(input), 0);
    clearInterval(counting);
    expect(sliced).toEqual(planSchedule(structuredClone(input)));
    expect(sliced.days.length).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(0);
  });
});
