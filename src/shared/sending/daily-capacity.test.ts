import { describe, expect, it } from "vitest";
import { allocateCapacity, type DailyLimit, nextSlotWithCapacity } from "./daily-capacity.ts";
import type { SendingRules } from "./sending-window.ts";

const at = (iso: string) => new Date(iso);
const rules: SendingRules = {
  timezone: "Asia/Baghdad",
  sendTimeStart: "09:00",
  sendTimeEnd: "17:00",
  sendingDays: ["sunday", "monday", "tuesday", "wednesday", "thursday"],
};
const used = (limit: number, counts: Record<string, number>): DailyLimit => ({
  limit,
  usedOn: (date) => counts[date] ?? 0,
});

describe("daily capacity", () => {
  it("keeps the slot when every limit has room today", () => {
    // Monday 7 December 2026, 10:00 in Baghdad.
    const slot = at("2026-12-07T07:00:00Z");
    expect(nextSlotWithCapacity(slot, rules, [used(50, { "2026-12-07": 49 }), used(10, {})])).toEqual(slot);
  });

  it("moves to the next sending day's window when a sender's day is full", () => {
    const slot = at("2026-12-07T07:00:00Z");
    expect(nextSlotWithCapacity(slot, rules, [used(50, { "2026-12-07": 50 })]).toISOString()).toBe(
      "2026-12-08T06:00:00.000Z",
    );
  });

  it("moves past several full days and the weekend when the user's limit is used up", () => {
    // Thursday full → Friday and Saturday are not sending days → Sunday, also full → Monday.
    const slot = at("2026-12-10T07:00:00Z");
    const user = used(100, { "2026-12-10": 100, "2026-12-13": 100 });
    expect(nextSlotWithCapacity(slot, rules, [used(50, {}), user]).toISOString()).toBe("2026-12-14T06:00:00.000Z");
  });

  it("counts the day in the user's timezone", () => {
    // 22:00 UTC Sunday is 01:00 Monday in Baghdad: Monday's count applies, and the window opens at 09:00.
    const slot = at("2026-12-06T22:00:00Z");
    expect(nextSlotWithCapacity(slot, rules, [used(5, { "2026-12-06": 5 })]).toISOString()).toBe(
      "2026-12-07T06:00:00.000Z",
    );
    expect(nextSlotWithCapacity(slot, rules, [used(5, { "2026-12-07": 5 })]).toISOString()).toBe(
      "2026-12-08T06:00:00.000Z",
    );
  });

  it("gives up on a limit that can never be met", () => {
    expect(() => nextSlotWithCapacity(at("2026-12-07T07:00:00Z"), rules, [used(0, {})])).toThrow(/capacity/);
  });
});

describe("allocating today's capacity to due rows", () => {
  const rows = [
    { id: "1", mailboxId: "a" },
    { id: "2", mailboxId: "a" },
    { id: "3", mailboxId: "b" },
    { id: "4", mailboxId: "a" },
    { id: "5", mailboxId: "b" },
  ];

  it("fits rows in order while their mailbox and the user have room", () => {
    const { fit, full } = allocateCapacity(
      rows,
      new Map([
        ["a", 2],
        ["b", 5],
      ]),
      10,
    );
    expect(fit.map((r) => r.id)).toEqual(["1", "2", "3", "5"]);
    expect(full.map((r) => r.id)).toEqual(["4"]);
  });

  it("stops at the user's limit", () => {
    const { fit, full } = allocateCapacity(
      rows,
      new Map([
        ["a", 9],
        ["b", 9],
      ]),
      3,
    );
    expect(fit.map((r) => r.id)).toEqual(["1", "2", "3"]);
    expect(full.map((r) => r.id)).toEqual(["4", "5"]);
  });

  it("does not spend the user's room on a row its mailbox refused", () => {
    const { fit } = allocateCapacity(
      rows,
      new Map([
        ["a", 0],
        ["b", 1],
      ]),
      1,
    );
    expect(fit.map((r) => r.id)).toEqual(["3"]);
  });

  it("treats an unknown mailbox and a negative remainder as full", () => {
    expect(allocateCapacity(rows, new Map(), 5).fit).toEqual([]);
    expect(allocateCapacity(rows, new Map([["a", 3]]), -2).fit).toEqual([]);
  });
});
