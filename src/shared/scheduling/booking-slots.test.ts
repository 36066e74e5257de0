import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Weekday, weekdays } from "../db-enums.ts";
import { localDate, minutesOfDay, wallClock, weekdayOf } from "../zoned-time.ts";
import {
  freeSlots,
  gridSlots,
  type Interval,
  isBookableDate,
  isBookableDay,
  isBookableStart,
  isCalendarDate,
  lastBookableDate,
  type SlotRules,
} from "./booking-slots.ts";

const rules = (patch: Partial<SlotRules> = {}): SlotRules => ({
  durationMinutes: 30,
  availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  availableTimeStart: "09:00",
  availableTimeEnd: "17:00",
  timezone: "Asia/Baghdad",
  // The other rules are tested against dates years after `longAgo`: no horizon or notice in the way
  // unless a test sets one (the link's own defaults are 60 days and 2 hours).
  bookingHorizonDays: 100_000,
  minimumNoticeHours: 0,
  ...patch,
});

const everyDay: Weekday[] = [...weekdays];
/** Long before every date below: nothing is past. */
const longAgo = new Date("2020-01-01T00:00:00Z");
const times = (slots: { time: string }[]) => slots.map((s) => s.time);
const instants = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());
const busy = (start: string, end: string): Interval => ({ start: new Date(start), end: new Date(end) });

// 2026-12-07 is a Monday; Baghdad is UTC+3 all year.
const MONDAY = "2026-12-07";

describe("the grid of a date", () => {
  it("steps by the duration from the start, the last slot ending by the end (end exclusive)", () => {
    const slots = freeSlots(rules(), MONDAY, { now: longAgo });
    expect(slots).toHaveLength(16);
    expect(slots[0]?.time).toBe("09:00");
    expect(slots.at(-1)?.time).toBe("16:30");
    expect(slots.at(-1)?.endsAt.toISOString()).toBe("2026-12-07T14:00:00.000Z"); // 17:00 +03:00
    expect(times(slots)).not.toContain("17:00");
  });

  it("leaves the remainder of a window the duration does not divide unused", () => {
    expect(times(freeSlots(rules({ durationMinutes: 45 }), MONDAY, { now: longAgo }))).toEqual([
      "09:00",
      "09:45",
      "10:30",
      "11:15",
      "12:00",
      "12:45",
      "13:30",
      "14:15",
      "15:00",
      "15:45",
    ]);
    // 16:30 + 45 would end at 17:15: the last slot is 15:45, ending 16:30.
    const ninety = freeSlots(rules({ durationMinutes: 90, availableTimeEnd: "12:00" }), MONDAY, { now: longAgo });
    expect(times(ninety)).toEqual(["09:00", "10:30"]);
    expect(freeSlots(rules({ durationMinutes: 120, availableTimeEnd: "10:59" }), MONDAY, { now: longAgo })).toEqual([]);
  });

  it("gives instants in the link's zone", () => {
    const [first] = freeSlots(rules(), MONDAY, { now: longAgo });
    expect(first?.startsAt.toISOString()).toBe("2026-12-07T06:00:00.000Z");
    const [utc] = freeSlots(rules({ timezone: "UTC" }), MONDAY, { now: longAgo });
    expect(utc?.startsAt.toISOString()).toBe("2026-12-07T09:00:00.000Z");
  });
});

describe("weekdays and dates", () => {
  it("offers only the available weekdays (the date's own weekday)", () => {
    expect(weekdayOf("2026-12-05")).toBe("saturday");
    expect(freeSlots(rules(), "2026-12-05", { now: longAgo })).toEqual([]);
    expect(freeSlots(rules(), "2026-12-06", { now: longAgo })).toEqual([]);
    expect(freeSlots(rules({ availableDays: ["saturday"] }), "2026-12-05", { now: longAgo })).toHaveLength(16);
    expect(freeSlots(rules({ availableDays: ["saturday"] }), MONDAY, { now: longAgo })).toEqual([]);
  });

  it("allows, given the link's today, only dates from today on and on the link's days", () => {
    const days = ["monday", "wednesday"] as const;
    expect(weekdayOf("2026-12-07")).toBe("monday");
    const range = { today: "2026-12-07", lastDate: "2027-02-05" };
    expect(isBookableDay("2026-12-07", range, days)).toBe(true);
    expect(isBookableDay("2026-12-08", range, days)).toBe(false);
    expect(isBookableDay("2026-12-09", range, days)).toBe(true);
    expect(isBookableDay("2026-11-30", range, days)).toBe(false);
    // The horizon's last date is in, the next available day after it is not.
    expect(isBookableDay("2027-02-03", range, days)).toBe(true);
    expect(isBookableDay("2027-02-08", range, days)).toBe(false);
    expect(isBookableDay("9999-12-31", range, [...weekdays])).toBe(false);
  });

  it("refuses dates before today in the link's zone, and dates that do not exist", () => {
    // 22:00 UTC on Dec 7 is already Dec 8 in Baghdad.
    const now = new Date("2026-12-07T22:00:00Z");
    expect(isBookableDate(rules(), "2026-12-07", now)).toBe(false);
    expect(isBookableDate(rules(), "2026-12-08", now)).toBe(true);
    expect(isBookableDate(rules({ timezone: "UTC" }), "2026-12-07", now)).toBe(true);
    expect(isBookableDate(rules(), "2026-12-04", now)).toBe(false);
    expect(isBookableDate(rules(), "2027-02-30", now)).toBe(false);
    expect(isBookableDate(rules(), "2027-1-4", now)).toBe(false);
    expect(isCalendarDate("0099-01-05")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(freeSlots(rules(), "not-a-date", { now })).toEqual([]);
  });
});

describe("today's past times", () => {
  it("offers only slots that start after now", () => {
    // 11:10 in Baghdad.
    const slots = freeSlots(rules(), MONDAY, { now: new Date("2026-12-07T08:10:00Z") });
    expect(slots[0]?.time).toBe("11:30");
    expect(slots).toHaveLength(11);
  });

  it("does not offer the slot starting at this very instant", () => {
    const slots = freeSlots(rules(), MONDAY, { now: new Date("2026-12-07T08:30:00Z") }); // 11:30 there
    expect(slots[0]?.time).toBe("12:00");
  });

  it("offers nothing once the window's last slot has started", () => {
    expect(freeSlots(rules(), MONDAY, { now: new Date("2026-12-07T13:30:00Z") })).toEqual([]);
  });
});

describe("the owner's other meetings", () => {
  it("hides slots overlapping a busy interval, keeps those that only touch it", () => {
    // 10:00–10:30 Baghdad.
    const touching = freeSlots(rules(), MONDAY, {
      now: longAgo,
      busy: [busy("2026-12-07T07:00Z", "2026-12-07T07:30Z")],
    });
    expect(times(touching)).toContain("09:30");
    expect(times(touching)).not.toContain("10:00");
    expect(times(touching)).toContain("10:30");
    // 10:15–10:45, from another link with another grid: both 10:00 and 10:30 overlap it.
    const across = freeSlots(rules(), MONDAY, { now: longAgo, busy: [busy("2026-12-07T07:15Z", "2026-12-07T07:45Z")] });
    expect(times(across)).not.toContain("10:00");
    expect(times(across)).not.toContain("10:30");
    expect(across).toHaveLength(14);
  });

  it("hides every slot a long meeting covers, and ignores meetings of other days", () => {
    const allMorning = busy("2026-12-07T05:00Z", "2026-12-07T09:00Z"); // 08:00–12:00 there
    const yesterday = busy("2026-12-06T06:00Z", "2026-12-06T14:00Z");
    const slots = freeSlots(rules(), MONDAY, { now: longAgo, busy: [allMorning, yesterday] });
    expect(slots[0]?.time).toBe("12:00");
  });
});

describe("a DST zone on its transition days versus +03:00", () => {
  const newYork = (patch: Partial<SlotRules> = {}) =>
    rules({ timezone: "America/New_York", availableDays: everyDay, ...patch });

  it("spring forward (2026-03-08): times in the skipped hour are not offered", () => {
    const slots = freeSlots(newYork({ availableTimeStart: "00:00", availableTimeEnd: "04:00" }), "2026-03-08", {
      now: longAgo,
    });
    expect(times(slots)).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30"]);
    expect(instants(slots)).toEqual([
      "2026-03-08T05:00:00.000Z",
      "2026-03-08T05:30:00.000Z",
      "2026-03-08T06:00:00.000Z",
      "2026-03-08T06:30:00.000Z",
      "2026-03-08T07:00:00.000Z", // 03:00 EDT, the instant after 01:59:59 EST
      "2026-03-08T07:30:00.000Z",
    ]);
    // Same window in Baghdad: every half hour exists.
    const baghdad = freeSlots(
      rules({ availableDays: everyDay, availableTimeStart: "00:00", availableTimeEnd: "04:00" }),
      "2026-03-08",
      { now: longAgo },
    );
    expect(baghdad).toHaveLength(8);
  });

  it("spring forward: a slot must end, in real time, by the window's end", () => {
    // 01:00–03:00 × 60: 01:00 EST ends exactly when clocks show 03:00; 02:00 does not exist.
    const hour = freeSlots(
      newYork({ durationMinutes: 60, availableTimeStart: "01:00", availableTimeEnd: "03:00" }),
      "2026-03-08",
      {
        now: longAgo,
      },
    );
    expect(times(hour)).toEqual(["01:00"]);
    expect(hour[0]?.endsAt.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    // 01:30 EST + 60 minutes is 03:30 EDT, past a 03:00 end.
    const late = freeSlots(
      newYork({ durationMinutes: 60, availableTimeStart: "01:30", availableTimeEnd: "03:00" }),
      "2026-03-08",
      {
        now: longAgo,
      },
    );
    expect(late).toEqual([]);
    // The same windows in Baghdad: two hours hold two one-hour slots, 01:30–03:00 one.
    expect(
      times(
        freeSlots(
          rules({
            availableDays: everyDay,
            durationMinutes: 60,
            availableTimeStart: "01:00",
            availableTimeEnd: "03:00",
          }),
          "2026-03-08",
          { now: longAgo },
        ),
      ),
    ).toEqual(["01:00", "02:00"]);
    expect(
      times(
        freeSlots(
          rules({
            availableDays: everyDay,
            durationMinutes: 60,
            availableTimeStart: "01:30",
            availableTimeEnd: "03:00",
          }),
          "2026-03-08",
          { now: longAgo },
        ),
      ),
    ).toEqual(["01:30"]);
  });

  it("fall back (2026-11-01): a repeated time is offered once, at its first instant", () => {
    const slots = freeSlots(
      newYork({ availableTimeStart: "00:00", availableTimeEnd: "03:00", durationMinutes: 60 }),
      "2026-11-01",
      {
        now: longAgo,
      },
    );
    expect(times(slots)).toEqual(["00:00", "01:00", "02:00"]);
    expect(instants(slots)).toEqual([
      "2026-11-01T04:00:00.000Z", // 00:00 EDT
      "2026-11-01T05:00:00.000Z", // the first 01:00 (EDT); 06:00Z is the second (EST), not offered
      "2026-11-01T07:00:00.000Z", // 02:00 EST
    ]);
    const halves = freeSlots(newYork({ availableTimeStart: "01:00", availableTimeEnd: "02:00" }), "2026-11-01", {
      now: longAgo,
    });
    expect(instants(halves)).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T05:30:00.000Z"]);
    // Baghdad, the same date and window: plain hours at +03:00.
    const baghdad = freeSlots(
      rules({ availableDays: everyDay, availableTimeStart: "00:00", availableTimeEnd: "03:00", durationMinutes: 60 }),
      "2026-11-01",
      { now: longAgo },
    );
    expect(instants(baghdad)).toEqual([
      "2026-10-31T21:00:00.000Z",
      "2026-10-31T22:00:00.000Z",
      "2026-10-31T23:00:00.000Z",
    ]);
  });

  it("keeps an ordinary day of the DST zone ordinary", () => {
    expect(gridSlots(newYork(), "2026-07-06")).toHaveLength(16);
    expect(gridSlots(newYork(), "2026-07-06")[0]?.startsAt.toISOString()).toBe("2026-07-06T13:00:00.000Z");
  });
});

describe("property: whatever the link, date, clock and meetings", () => {
  const zones = [
    "Asia/Baghdad",
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe", // 30-minute DST shift
    "America/Santiago", // DST at midnight
    "Asia/Kolkata",
    "UTC",
  ];
  // The whole of 2026 and 2027, both transition days of every zone above included.
  const dayMs = 86_400_000;
  const base = Date.UTC(2026, 0, 1);
  const anyDate = fc.integer({ min: 0, max: 729 }).map((d) => new Date(base + d * dayMs).toISOString().slice(0, 10));
  // Transition days of the zones above, so that random runs meet them often.
  const transitionDays = fc.constantFrom(
    "2026-03-08",
    "2026-11-01",
    "2026-03-29",
    "2026-10-25",
    "2026-04-05",
    "2026-10-04",
    "2026-04-04",
    "2026-09-05",
    "2026-09-06",
  );
  const dateArb = fc.oneof(anyDate, transitionDays);
  const rulesArb = fc
    .record({
      duration: fc.integer({ min: 1, max: 16 }).map((n) => n * 15),
      start: fc.integer({ min: 0, max: 1439 }),
      length: fc.integer({ min: 1, max: 1439 }),
      days: fc.subarray([...weekdays], { minLength: 1 }),
      timezone: fc.constantFrom(...zones),
    })
    .map(
      ({ duration, start, length, days, timezone }): SlotRules => ({
        durationMinutes: duration,
        availableDays: days,
        availableTimeStart: `${String(Math.floor(start / 60)).padStart(2, "0")}:${String(start % 60).padStart(2, "0")}`,
        availableTimeEnd: (() => {
          const end = Math.min(1439, start + length);
          return `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
        })(),
        timezone,
        bookingHorizonDays: 100_000,
        minimumNoticeHours: 0,
      }),
    );
  const instantArb = fc.integer({ min: base - 2 * dayMs, max: base + 732 * dayMs }).map((t) => new Date(t));
  const busyArb = fc.array(
    fc.record({ start: instantArb, minutes: fc.integer({ min: 1, max: 600 }) }).map(({ start, minutes }) => ({
      start,
      end: new Date(start.getTime() + minutes * 60_000),
    })),
    { maxLength: 6 },
  );

  it("every slot lies in the window, on the grid, never overlaps busy, never past", () => {
    fc.assert(
      fc.property(rulesArb, dateArb, instantArb, busyArb, (r, date, now, busyIntervals) => {
        const slots = freeSlots(r, date, { now, busy: busyIntervals });
        if (slots.length > 0) expect(isBookableDate(r, date, now)).toBe(true);
        const start = minutesOfDay(r.availableTimeStart);
        const end = minutesOfDay(r.availableTimeEnd);
        const seen = new Set<string>();
        for (const slot of slots) {
          const m = minutesOfDay(slot.time);
          // On the grid, inside the window.
          expect(m).toBeGreaterThanOrEqual(start);
          expect((m - start) % r.durationMinutes).toBe(0);
          expect(m + r.durationMinutes).toBeLessThanOrEqual(end);
          // The instant shows that date and time on the link's wall clock.
          const w = wallClock(slot.startsAt, r.timezone);
          expect(localDate(slot.startsAt, r.timezone)).toBe(date);
          expect(w.hour * 60 + w.minute).toBe(m);
          // It lasts the duration, and ends by the window's end on the wall clock.
          expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(r.durationMinutes * 60_000);
          expect(localDate(new Date(slot.endsAt.getTime() - 1), r.timezone)).toBe(date);
          // Never past, never overlapping a busy interval.
          expect(slot.startsAt.getTime()).toBeGreaterThan(now.getTime());
          for (const b of busyIntervals) {
            const overlap = slot.startsAt < b.end && b.start < slot.endsAt;
            expect(overlap).toBe(false);
          }
          // Each wall time once.
          expect(seen.has(slot.time)).toBe(false);
          seen.add(slot.time);
        }
        // Ascending instants.
        for (let i = 1; i < slots.length; i++) {
          expect(slots[i]!.startsAt.getTime()).toBeGreaterThan(slots[i - 1]!.startsAt.getTime());
        }
      }),
      { numRuns: 500 },
    );
  });

  it("in a zone without DST, the grid of an available day holds floor(window / duration) slots", () => {
    const fixed = rulesArb.map((r) => ({ ...r, timezone: "Asia/Baghdad" }));
    fc.assert(
      fc.property(fixed, dateArb, (r, date) => {
        const window = minutesOfDay(r.availableTimeEnd) - minutesOfDay(r.availableTimeStart);
        const slots = freeSlots({ ...r, availableDays: [...weekdays] }, date, { now: longAgo });
        expect(slots).toHaveLength(Math.max(0, Math.floor(window / r.durationMinutes)));
      }),
      { numRuns: 300 },
    );
  });

  it("with a horizon and a notice: no slot after the last date, none sooner than the notice", () => {
    const bounded = fc.record({
      r: rulesArb,
      horizon: fc.integer({ min: 1, max: 365 }),
      notice: fc.integer({ min: 0, max: 720 }),
    });
    fc.assert(
      fc.property(bounded, dateArb, instantArb, ({ r, horizon, notice }, date, now) => {
        const rules = { ...r, bookingHorizonDays: horizon, minimumNoticeHours: notice };
        const slots = freeSlots(rules, date, { now });
        const last = lastBookableDate(rules, now);
        if (slots.length > 0) expect(date <= last && date >= localDate(now, r.timezone)).toBe(true);
        for (const slot of slots) {
          expect(slot.startsAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + notice * 3_600_000);
        }
        // Without the two rules the same slots are there, and the rest are exactly those the rules remove.
        const unbounded = freeSlots(r, date, { now });
        expect(unbounded.filter((s) => date <= last && isBookableStart(rules, s.startsAt, now))).toEqual(slots);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the booking horizon and the minimum notice", () => {
  // Monday 2026-12-07 10:00 in Baghdad.
  const now = new Date("2026-12-07T07:00:00Z");
  const linkRules = rules({ bookingHorizonDays: 60, minimumNoticeHours: 2, availableDays: [...weekdays] });

  it("offers dates up to today + the horizon in the link's zone, and none after", () => {
    expect(lastBookableDate(linkRules, now)).toBe("2027-02-05");
    expect(isBookableDate(linkRules, "2027-02-05", now)).toBe(true);
    expect(freeSlots(linkRules, "2027-02-05", { now })).toHaveLength(16);
    expect(isBookableDate(linkRules, "2027-02-06", now)).toBe(false);
    expect(freeSlots(linkRules, "2027-02-06", { now })).toEqual([]);
    expect(isBookableDate(linkRules, "9999-12-31", now)).toBe(false);
    // The last date follows the link's today: 22:00 UTC is already Dec 8 in Baghdad.
    expect(lastBookableDate(linkRules, new Date("2026-12-07T22:00:00Z"))).toBe("2027-02-06");
    expect(lastBookableDate({ ...linkRules, bookingHorizonDays: 1 }, now)).toBe("2026-12-08");
  });

  it("leaves out the slots starting sooner than the notice; one starting exactly then is offered", () => {
    // 10:00 now, 2 hours' notice: 12:00 is the first.
    expect(times(freeSlots(linkRules, MONDAY, { now }))[0]).toBe("12:00");
    expect(isBookableStart(linkRules, new Date("2026-12-07T09:00:00Z"), now)).toBe(true);
    expect(isBookableStart(linkRules, new Date("2026-12-07T08:59:59Z"), now)).toBe(false);
    // A notice longer than a day reaches into the next dates.
    const twoDays = { ...linkRules, minimumNoticeHours: 48 };
    expect(freeSlots(twoDays, "2026-12-08", { now })).toEqual([]);
    expect(times(freeSlots(twoDays, "2026-12-09", { now }))[0]).toBe("10:00");
    // No notice: anything not started.
    expect(times(freeSlots({ ...linkRules, minimumNoticeHours: 0 }, MONDAY, { now }))[0]).toBe("10:30");
  });
});
