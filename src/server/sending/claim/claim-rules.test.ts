// The claim's decisions that need no database: which claimed rows may be sent
// (splitByPriorRecord) and where the rows that did not fit today go
// (fullDayDeferrals). Which rows fit is allocateCapacity's, tested in
// #shared/sending/daily-capacity.test.ts.
import { describe, expect, it } from "vitest";
import { fullDayDeferrals } from "./capacity.ts";
import { type ClaimedRow, splitByPriorRecord } from "./claim-rows.ts";

const rules = {
  timezone: "UTC",
  sendTimeStart: "09:00",
  sendTimeEnd: "17:00",
  sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] as const,
};
const now = new Date("2026-12-07T10:00:00.000Z"); // a Monday
const today = "2026-12-07";

describe("splitByPriorRecord", () => {
  const row = (id: string, prior: ClaimedRow["prior_status"], category = false): ClaimedRow => ({
    id,
    send_id: `s-${id}`,
    message_id: `<${id}@x>`,
    prior_status: prior,
    prior_has_category: prior === null ? null : category,
  });

  it("sends rows never attempted and rows whose last attempt is known to have failed temporarily", () => {
    const { sendable, attempted } = splitByPriorRecord([
      row("new", null),
      row("retry", "pending", true),
      row("sent", "sent"),
      row("failed", "failed", true),
      row("in-doubt", "pending", false),
    ]);
    expect(sendable.map((r) => r.id)).toEqual(["new", "retry"]);
    expect(attempted.map((r) => r.id)).toEqual(["sent", "failed", "in-doubt"]);
  });
});

describe("fullDayDeferrals", () => {
  const capacity = {
    mailboxes: [
      { id: "a", daily_limit: 2, used: 2 },
      { id: "b", daily_limit: 5, used: 1 },
    ],
    userUsed: 3,
  };

  it("moves nothing when everything fit", () => {
    expect(
      fullDayDeferrals({
        now,
        rules: { ...rules, sendingDays: [...rules.sendingDays] },
        today,
        capacity,
        userLimit: 100,
        fit: [{ id: "1", mailboxId: "b" }],
        full: [],
      }),
    ).toEqual([]);
  });

  it("moves a full mailbox's rows to the next sending day's window", () => {
    const deferrals = fullDayDeferrals({
      now,
      rules: { ...rules, sendingDays: [...rules.sendingDays] },
      today,
      capacity,
      userLimit: 100,
      fit: [{ id: "1", mailboxId: "b" }],
      full: [{ id: "2", mailboxId: "a" }],
    });
    expect(deferrals).toEqual([{ mailboxId: "a", until: new Date("2026-12-08T09:00:00.000Z") }]);
  });

  it("moves every due row of the user when the user's own limit is used up", () => {
    const deferrals = fullDayDeferrals({
      now: new Date("2026-12-11T10:00:00.000Z"), // a Friday: the next sending day is Monday
      rules: { ...rules, sendingDays: [...rules.sendingDays] },
      today: "2026-12-11",
      capacity,
      userLimit: 4,
      fit: [{ id: "1", mailboxId: "b" }],
      full: [{ id: "2", mailboxId: "b" }],
    });
    expect(deferrals).toEqual([{ mailboxId: null, until: new Date("2026-12-14T09:00:00.000Z") }]);
  });
});
