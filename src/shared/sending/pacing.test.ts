import { describe, expect, it } from "vitest";
import {
  capNewContacts,
  daysBetween,
  followUpsFirst,
  HOUR_MS,
  type MailboxPace,
  type PacingRules,
  paceCandidates,
  rampLimit,
  randomGapMs,
} from "./pacing.ts";

const NOW = new Date("2026-12-07T10:00:00.000Z");
const NEXT_DAY = new Date("2026-12-08T08:00:00.000Z");
const none: PacingRules = { gapMinSeconds: 0, gapMaxSeconds: 0, hourlyLimit: null, ramp: null };
const pace = (rules: Partial<PacingRules>, state: Partial<MailboxPace> = {}): MailboxPace => ({
  rules: { ...none, ...rules },
  nextSendAt: null,
  sentLastHour: 0,
  oldestInHour: null,
  sentToday: 0,
  ...state,
});
const rows = (mailbox: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${mailbox}-${i}`, mailbox }));
const run = (candidates: { id: string; mailbox: string }[], paces: Record<string, MailboxPace>, random = () => 0.5) =>
  paceCandidates(candidates, new Map(Object.entries(paces)), {
    now: NOW,
    today: "2026-12-07",
    nextDay: NEXT_DAY,
    random,
  });

describe("gap arithmetic", () => {
  it("draws a gap between the shortest and the longest wait", () => {
    const rules = { ...none, gapMinSeconds: 120, gapMaxSeconds: 300 };
    expect(randomGapMs(rules, () => 0)).toBe(120_000);
    expect(randomGapMs(rules, () => 0.999999)).toBe(300_000);
    expect(randomGapMs(rules, () => 0.5)).toBe(210_000);
  });

  it("sends one row per mailbox with a gap, and its other rows wait for the gap drawn now", () => {
    const out = run([...rows("a", 3), ...rows("b", 2)], { a: pace({ gapMinSeconds: 120, gapMaxSeconds: 300 }) });
    expect(out.go.map((r) => r.id)).toEqual(["a-0", "b-0", "b-1"]);
    const until = new Date(NOW.getTime() + 210_000);
    expect(out.held).toEqual(new Map([["a", until]]));
    expect(out.gapUntil).toEqual(new Map([["a", until]]));
  });

  it("holds a mailbox still in its gap until the gap ends", () => {
    const end = new Date(NOW.getTime() + 60_000);
    const out = run(rows("a", 2), { a: pace({ gapMinSeconds: 120, gapMaxSeconds: 300 }, { nextSendAt: end }) });
    expect(out.go).toEqual([]);
    expect(out.held.get("a")).toEqual(end);
    expect(out.gapUntil.size).toBe(0);
  });
});

describe("hourly limit", () => {
  it("lets the hour's remaining places go and holds the rest until the oldest send is an hour old", () => {
    const oldest = new Date(NOW.getTime() - 40 * 60_000);
    const out = run(rows("a", 5), { a: pace({ hourlyLimit: 10 }, { sentLastHour: 8, oldestInHour: oldest }) });
    expect(out.go).toHaveLength(2);
    expect(out.held.get("a")).toEqual(new Date(oldest.getTime() + HOUR_MS));
  });

  it("sends nothing from a mailbox at its hourly limit", () => {
    const oldest = new Date(NOW.getTime() - 10 * 60_000);
    const out = run(rows("a", 1), { a: pace({ hourlyLimit: 3 }, { sentLastHour: 3, oldestInHour: oldest }) });
    expect(out.go).toEqual([]);
    expect(out.held.get("a")).toEqual(new Date(oldest.getTime() + HOUR_MS));
  });
});

describe("ramp arithmetic", () => {
  const ramp = { start: 10, step: 5, startedOn: "2026-12-07" };
  it("starts at N and adds M a day", () => {
    expect(rampLimit(ramp, "2026-12-07")).toBe(10);
    expect(rampLimit(ramp, "2026-12-08")).toBe(15);
    expect(rampLimit(ramp, "2027-01-06")).toBe(10 + 5 * 30);
    // A clock set back counts as the first day, never below it.
    expect(rampLimit(ramp, "2026-12-01")).toBe(10);
  });

  it("counts calendar days across month and year ends", () => {
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2027-02-28", "2027-03-01")).toBe(1);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
  });

  it("holds a mailbox that used its ramp's allowance until the next day's window", () => {
    const out = run(rows("a", 4), { a: pace({ ramp }, { sentToday: 8 }) });
    expect(out.go).toHaveLength(2);
    expect(out.held.get("a")).toEqual(NEXT_DAY);
  });
});

describe("mailboxes without pacing", () => {
  it("are not limited", () => {
    const out = run(rows("a", 50), {});
    expect(out.go).toHaveLength(50);
    expect(out.held.size).toBe(0);
  });
});

describe("new contacts per day", () => {
  const due = [
    { id: "s1", campaignId: "c", firstStep: true },
    { id: "f1", campaignId: "c", firstStep: false },
    { id: "s2", campaignId: "c", firstStep: true },
    { id: "s3", campaignId: "c", firstStep: true },
    { id: "o1", campaignId: "other", firstStep: true },
  ];

  it("puts follow-ups first, each group in its order", () => {
    expect(followUpsFirst(due).map((r) => r.id)).toEqual(["f1", "s1", "s2", "s3", "o1"]);
  });

  it("lets a capped campaign start what is left of its day and never holds follow-ups", () => {
    const out = capNewContacts(followUpsFirst(due), new Map([["c", 1]]));
    expect(out.go.map((r) => r.id)).toEqual(["f1", "s1", "o1"]);
    expect(out.heldCampaigns).toEqual(new Set(["c"]));
  });

  it("starts nobody in a campaign whose day is used up", () => {
    const out = capNewContacts(due, new Map([["c", 0]]));
    expect(out.go.map((r) => r.id)).toEqual(["f1", "o1"]);
  });
});
