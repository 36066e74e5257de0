import { describe, expect, it } from "vitest";
import { readTemplateSequence, toTemplateData } from "./template-data.ts";

const step = {
  subject: "Hi {{firstName}}",
  body: "Hello",
  bodyFormat: "text" as const,
  delayAmount: 0,
  delayUnit: "days" as const,
  scheduledDate: null,
  scheduledTime: null,
};

describe("readTemplateSequence", () => {
  it("reads what toTemplateData stored", () => {
    expect(readTemplateSequence(toTemplateData([step, { ...step, delayAmount: 3 }]))).toEqual([
      step,
      { ...step, delayAmount: 3 },
    ]);
  });

  it("keeps every step's A/B variants, a variant without a body of its own as null", () => {
    const variants = [
      { subject: "Quick question", body: null },
      { subject: "Hey {{firstName}}", body: "Own body" },
    ];
    expect(readTemplateSequence(toTemplateData([{ ...step, variants }, step]))).toEqual([{ ...step, variants }, step]);
    // A blank own body is the step's body; a damaged list reads as none, the steps still usable.
    expect(readTemplateSequence({ sequence: [{ ...step, variants: [{ subject: "B", body: " " }] }] })).toEqual([
      { ...step, variants: [{ subject: "B", body: null }] },
    ]);
    expect(readTemplateSequence({ sequence: [{ ...step, variants: "x" }] })).toEqual([step]);
  });

  it.each([
    ["null", null],
    ["a string", "oops"],
    ["no sequence", { steps: [] }],
    ["a sequence that is not a list", { sequence: "x" }],
    ["a step without a body", { sequence: [{ subject: "s" }] }],
    ["a step that is not an object", { sequence: [step, 42] }],
  ])("reads %s as an empty sequence", (_label, data) => {
    expect(readTemplateSequence(data)).toEqual([]);
  });

  it("fills fields older data lacks: delay, unit, format (HTML detected), schedule", () => {
    expect(
      readTemplateSequence({
        sequence: [
          { id: "old-1", subject: "A", body: "<p>Hi</p>", delay: "2", delayUnit: "weeks" },
          { subject: "B", body: "Plain", scheduledDate: "2030-05-01", scheduledTime: "25:99" },
          { subject: "C", body: "x", scheduledDate: null, scheduledTime: "10:00" },
        ],
      }),
    ).toEqual([
      { ...step, subject: "A", body: "<p>Hi</p>", bodyFormat: "html", delayAmount: 2 },
      { ...step, subject: "B", body: "Plain", scheduledDate: "2030-05-01" },
      { ...step, subject: "C", body: "x" },
    ]);
  });
});
