import { describe, expect, it } from "vitest";
import {
  emptyDraftStep,
  followUpDraftStep,
  fromSequenceInput,
  isValidDraftStep,
  toSequenceInput,
} from "./sequence-draft.ts";

const step = (patch: Partial<ReturnType<typeof emptyDraftStep>>) => ({
  ...emptyDraftStep("x"),
  subject: "S",
  body: "B",
  ...patch,
});

describe("followUpDraftStep", () => {
  it("waits 2 days after the previous email, where a blank first step has no delay", () => {
    expect(followUpDraftStep("f")).toEqual({ ...emptyDraftStep("f"), delay: 2, delayUnit: "days" });
    expect(emptyDraftStep("f").delay).toBe(0);
  });
});

describe("toSequenceInput", () => {
  it("gives the first step no delay or date, and a dated follow-up 09:00 by default", () => {
    const input = toSequenceInput([
      step({ id: "a", delay: 3, scheduledDate: "2030-01-01", scheduledTime: "10:00" }),
      step({ id: "b", delay: 2, delayUnit: "hours" }),
      step({ id: "c", delay: 5, scheduledDate: "2030-02-01", scheduledTime: null }),
      step({ id: "d", scheduledDate: "", scheduledTime: "08:00" }),
    ]);
    expect(input).toEqual([
      {
        subject: "S",
        body: "B",
        bodyFormat: "text",
        delayAmount: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
        sendAs: null,
        trackClicks: null,
      },
      {
        subject: "S",
        body: "B",
        bodyFormat: "text",
        delayAmount: 2,
        delayUnit: "hours",
        scheduledDate: null,
        scheduledTime: null,
        sendAs: null,
        trackClicks: null,
      },
      {
        subject: "S",
        body: "B",
        bodyFormat: "text",
        delayAmount: 0,
        delayUnit: "days",
        scheduledDate: "2030-02-01",
        scheduledTime: "09:00",
        sendAs: null,
        trackClicks: null,
      },
      {
        subject: "S",
        body: "B",
        bodyFormat: "text",
        delayAmount: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
        sendAs: null,
        trackClicks: null,
      },
    ]);
  });
});

describe("a step's Send as", () => {
  it("goes to the API and back; absent (a draft saved before the option) is the campaign's", () => {
    const { id: _id, ...legacy } = step({ id: "old" });
    delete (legacy as { sendAs?: unknown }).sendAs;
    const input = toSequenceInput([step({ id: "a", sendAs: "plain_text" }), { id: "b", ...legacy }]);
    expect(input.map((s) => s.sendAs)).toEqual(["plain_text", null]);
    expect(fromSequenceInput(input, () => "n").map((s) => s.sendAs)).toEqual(["plain_text", null]);
  });
});

describe("a step's Track clicks", () => {
  it("goes to the API and back; absent (a draft saved before the option) is the campaign's", () => {
    const { id: _id, ...legacy } = step({ id: "old" });
    delete (legacy as { trackClicks?: unknown }).trackClicks;
    const input = toSequenceInput([
      step({ id: "a", trackClicks: true }),
      step({ id: "b", trackClicks: false }),
      { id: "c", ...legacy },
    ]);
    expect(input.map((s) => s.trackClicks)).toEqual([true, false, null]);
    expect(fromSequenceInput(input, () => "n").map((s) => s.trackClicks)).toEqual([true, false, null]);
  });
});

describe("fromSequenceInput", () => {
  it("gives every step a new id and maps delayAmount to delay", () => {
    let n = 0;
    const steps = fromSequenceInput(
      [
        {
          subject: "A",
          body: "<p>a</p>",
          bodyFormat: "html",
          delayAmount: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
        {
          subject: "B",
          body: "b",
          bodyFormat: "text",
          delayAmount: 4,
          delayUnit: "minutes",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
      () => `id-${++n}`,
    );
    expect(steps.map((s) => [s.id, s.delay, s.delayUnit, s.bodyFormat])).toEqual([
      ["id-1", 0, "days", "html"],
      ["id-2", 4, "minutes", "text"],
    ]);
  });
});

describe("isValidDraftStep", () => {
  it("accepts a well-formed step and rejects broken data", () => {
    expect(isValidDraftStep(step({}))).toBe(true);
    expect(isValidDraftStep(null)).toBe(false);
    expect(isValidDraftStep({ ...step({}), subject: 3 })).toBe(false);
    expect(isValidDraftStep({ ...step({}), delayUnit: "weeks" })).toBe(false);
  });
});
