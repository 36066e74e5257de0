import { describe, expect, it } from "vitest";
import {
  allowanceOf,
  capNewContacts,
  daysBetween,
  followUpsFirst,
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
  sentToday: 0,
  ...state,
});
const at = { now: NOW, today: "2026-12-07", nextDay: NEXT_DAY, random: () => 0.5 };
const rows = (mailbox: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${mailbox}-${i}`, mailbox }));
const run = (candidates: { id: string; mailbox: string }[], paces: Record<string, MailboxPace>) =>
  paceCandidates(candidates, new Map(Object.entries(paces).map(([m, p]) => [m, allowanceOf(p, at)])));

describe("gap arithmetic", () => {
  it("draws a gap between the shortest and the longest wait", () => {
    const rules = { ...none, gapMinSeconds: 120, gapMaxSeconds: 300 };
    expect(randomGapMs(rules, () => 0)).toBe(120_000);
    expect(randomGapMs(rules, () => 0.999999)).toBe(300_000);
    expect(randomGapMs(rules, () => 0.5)).toBe(210_000);
  });

  it("sends one row per mailbox with a gap, and draws the gap that follows it", () => {
    const out = run([...rows("a", 3), ...rows("b", 2)], { a: pace({ gapMinSeconds: 120, gapMaxSeconds: 300 }) });
    expect(out.go.map((r) => r.id)).toEqual(["a-0", "b-0", "b-1"]);
    expect(out.gapUntil).toEqual(new Map([["a", new Date(NOW.getTime() + 210_000)]]));
  });

  it("sends nothing from a mailbox still in its gap", () => {
    const end = new Date(NOW.getTime() + 60_000);
    const p = pace({ gapMinSeconds: 120, gapMaxSeconds: 300 }, { nextSendAt: end });
    expect(allowanceOf(p, at)).toEqual({ n: 0, gap: null });
    expect(run(rows("a", 2), { a: p }).go).toEqual([]);
    // The gap over, it sends again.
    expect(allowanceOf(p, { ...at, now: end }).n).toBe(1);
  });

  it("holds across the campaign copies of one address", () => {
    const out = run([...rows("a", 2), ...rows("a", 2)], { a: pace({ gapMinSeconds: 60, gapMaxSeconds: 60 }) });
    expect(out.go).toHaveLength(1);
  });
});

describe("hourly limit", () => {
  it("lets the hour's remaining places go", () => {
    const out = run(rows("a", 5), { a: pace({ hourlyLimit: 10 }, { sentLastHour: 8 }) });
    expect(out.go).toHaveLength(2);
  });

  it("sends nothing from a mailbox at its hourly limit", () => {
    expect(allowanceOf(pace({ hourlyLimit: 3 }, { sentLastHour: 3 }), at)).toEqual({ n: 0, gap: null });
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

  it("lets what is left of the day's allowance go, then nothing", () => {
    expect(run(rows("a", 4), { a: pace({ ramp }, { sentToday: 8 }) }).go).toHaveLength(2);
    expect(allowanceOf(pace({ ramp }, { sentToday: 10 }), at).n).toBe(0);
    expect(allowanceOf(pace({ ramp }, { sentToday: 10 }), { ...at, today: "2026-12-08" }).n).toBe(5);
  });
});

describe("mailboxes without pacing", () => {
  it("are not limited", () => {
    expect(run(rows("a", 50), {}).go).toHaveLength(50);
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
