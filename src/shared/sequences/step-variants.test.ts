import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sequenceVariantProblem, stepTextForVariant, variantFor, variantLetter } from "./step-variants.ts";

describe("variantFor (the split)", () => {
  it("splits any run of contacts exactly evenly: counts differ by at most one", () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(3000), fc.integer({ min: 1, max: 5 }), (start, size, count) => {
        const counts = Array.from({ length: count }, () => 0);
        for (let rank = start; rank < start + size; rank++) counts[variantFor(rank, count)]! += 1;
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("gives 40 contacts and 2 variants 20 each, alternating in contact order", () => {
    const split = Array.from({ length: 40 }, (_, rank) => variantFor(rank, 2));
    expect(split.filter((v) => v === 0)).toHaveLength(20);
    expect(split.slice(0, 4)).toEqual([0, 1, 0, 1]);
  });

  it("is the same for the same contact every time, and the winner once there is one", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 5 }), (rank, count) => {
        expect(variantFor(rank, count)).toBe(variantFor(rank, count));
        expect(variantFor(rank, count, count - 1)).toBe(count - 1);
      }),
    );
  });

  it("ignores a winner the step no longer has", () => {
    expect(variantFor(3, 2, 4)).toBe(1);
    expect(variantFor(3, 1)).toBe(0);
  });
});

describe("stepTextForVariant", () => {
  const step = { subject: "Hello", body: "<p>Body A</p>", id: "s1" };
  const variants = [
    { subject: "Hi there", body: "<p>Body B</p>" },
    { subject: "Quick question", body: null },
  ];

  it("sends A's own text, another variant's subject and body, or its subject with the step's body", () => {
    expect(stepTextForVariant(step, variants, 0)).toBe(step);
    expect(stepTextForVariant(step, variants, null)).toBe(step);
    expect(stepTextForVariant(step, variants, 1)).toEqual({ ...step, subject: "Hi there", body: "<p>Body B</p>" });
    expect(stepTextForVariant(step, variants, 2)).toEqual({ ...step, subject: "Quick question" });
  });

  it("falls back to A for a variant removed after the row was queued", () => {
    expect(stepTextForVariant(step, variants, 4)).toBe(step);
  });
});

describe("sequenceVariantProblem", () => {
  it("names the step and the variant", () => {
    expect(
      sequenceVariantProblem([
        { variants: [] },
        {
          variants: [
            { subject: "ok", body: null },
            { subject: " ", body: null },
          ],
        },
      ]),
    ).toEqual({ stepIndex: 1, variantIndex: 1, field: "subject", message: "Step 2, variant C: a subject is required" });
    const big = "x".repeat(7_000_001);
    expect(sequenceVariantProblem([{ variants: [{ subject: "ok", body: big }] }])?.message).toBe(
      "Step 1, variant B: Step 1's message is 7.1 MB; a step can be at most 7 MB with its images.",
    );
    expect(sequenceVariantProblem([{}, { variants: [{ subject: "ok", body: "fine" }] }])).toBeNull();
  });

  it("letters variants from A", () => {
    expect([0, 1, 4].map(variantLetter)).toEqual(["A", "B", "E"]);
  });
});
