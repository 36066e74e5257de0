import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abSettingsForm,
  abSettingsSchema,
  abVerdict,
  defaultAbSettings,
  isAbSettingsForm,
  normalCdf,
  parseAbSettingsForm,
  twoProportionTest,
} from "./ab-winner.ts";

describe("normalCdf", () => {
  it("matches the standard normal table", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(2.5)).toBeCloseTo(0.9937903, 6);
    expect(normalCdf(-1.645)).toBeCloseTo(0.0499849, 6);
  });

  // Within the approximation's error (about 1e-7): not exactly, on either side of 0.
  it("is symmetric and increasing", () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, d) => {
        expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 6);
        expect(normalCdf(x + d)).toBeGreaterThanOrEqual(normalCdf(x) - 1e-7);
      }),
    );
  });
});

describe("twoProportionTest", () => {
  it("gives the textbook z and p: 50 of 200 against 30 of 200", () => {
    // pooled 0.2, standard error sqrt(0.2 · 0.8 · (1/200 + 1/200)) = 0.04, z = 0.10 / 0.04 = 2.5.
    const { z, p } = twoProportionTest(50, 200, 30, 200);
    expect(z).toBeCloseTo(2.5, 9);
    expect(p).toBeCloseTo(0.0124193, 5);
  });

  it("gives the textbook z and p: 120 of 200 against 160 of 300", () => {
    // pooled 0.56, se = sqrt(0.56 · 0.44 · (1/200 + 1/300)) = 0.045314, z = 0.066667 / 0.045314 = 1.4712.
    const { z, p } = twoProportionTest(120, 200, 160, 300);
    expect(z).toBeCloseTo(1.4712, 3);
    expect(p).toBeCloseTo(0.1412, 3);
  });

  it("has nothing to test without sends or without any difference in kind", () => {
    expect(twoProportionTest(0, 0, 3, 10)).toEqual({ z: 0, p: 1 });
    expect(twoProportionTest(0, 50, 0, 50)).toEqual({ z: 0, p: 1 });
    expect(twoProportionTest(50, 50, 50, 50)).toEqual({ z: 0, p: 1 });
  });

  it("is symmetric in its two sides", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(500), (a, b, c, d) => {
        const n1 = a + b + 1;
        const n2 = c + d + 1;
        const one = twoProportionTest(a, n1, c, n2);
        const other = twoProportionTest(c, n2, a, n1);
        expect(one.p).toBeCloseTo(other.p, 9);
        expect(one.p).toBeGreaterThanOrEqual(0);
        expect(one.p).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("abVerdict", () => {
  const settings = { minSends: 50, confidence: 95 };

  it("waits for every variant to reach the minimum sends, naming the fewest", () => {
    expect(
      abVerdict(
        [
          { sent: 80, replied: 10 },
          { sent: 32, replied: 1 },
        ],
        settings,
      ),
    ).toEqual({ kind: "waiting", reason: "not enough sends yet: 32 of 50" });
  });

  it("says there is no significant difference yet, with p and the bound", () => {
    const verdict = abVerdict(
      [
        { sent: 200, replied: 120 },
        { sent: 300, replied: 160 },
      ],
      settings,
    );
    expect(verdict).toMatchObject({
      kind: "no_difference",
      reason: "no significant difference yet (p = 0.14, needs < 0.05)",
    });
  });

  it("names the winner with both reply rates and the confidence", () => {
    const verdict = abVerdict(
      [
        { sent: 200, replied: 13 },
        { sent: 200, replied: 24 },
      ],
      settings,
    );
    // 12.0% vs 6.5%: z = 1.904 (p = 0.057) is not significant at 95%…
    expect(verdict.kind).toBe("no_difference");
    // …while 50 of 200 against 30 of 200 (p = 0.012) is.
    expect(
      abVerdict(
        [
          { sent: 200, replied: 30 },
          { sent: 200, replied: 50 },
        ],
        settings,
      ),
    ).toMatchObject({ kind: "winner", winner: 1, reason: "Variant B wins: 25.0% vs 15.0% replies (95% confidence)" });
    expect(
      abVerdict(
        [
          { sent: 200, replied: 13 },
          { sent: 200, replied: 24 },
        ],
        { minSends: 50, confidence: 90 },
      ),
    ).toMatchObject({ kind: "winner", winner: 1, reason: "Variant B wins: 12.0% vs 6.5% replies (90% confidence)" });
  });

  it("wants the best to beat every other variant, not only the worst", () => {
    const verdict = abVerdict(
      [
        { sent: 200, replied: 30 },
        { sent: 200, replied: 50 },
        { sent: 200, replied: 45 },
      ],
      settings,
    );
    expect(verdict.kind).toBe("no_difference");
  });

  it("has nothing to say of a step with one variant", () => {
    expect(abVerdict([{ sent: 500, replied: 40 }], settings)).toEqual({ kind: "single", reason: null });
  });
});

describe("abSettingsSchema", () => {
  it("refuses what cannot be a minimum or a confidence, with the limit in the message", () => {
    const issue = (input: unknown) => abSettingsSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ autoWinner: true, minSends: 0, confidence: 95 })).toBe("Minimum sends must be at least 1");
    expect(issue({ autoWinner: true, minSends: 2.5, confidence: 95 })).toBe("Minimum sends must be a whole number");
    expect(issue({ autoWinner: true, minSends: 50, confidence: 100 })).toBe("Confidence must be between 80% and 99%");
    expect(issue({ autoWinner: true, minSends: 50, confidence: 95 })).toBeUndefined();
  });
});

describe("the settings as a form holds them", () => {
  it("start at the defaults, are checked by the API's rules, and a stored copy is kept only when well-formed", () => {
    const form = abSettingsForm(defaultAbSettings);
    expect(form).toEqual({ autoWinner: false, minSends: "50", confidence: "95" });
    expect(parseAbSettingsForm(form).data).toEqual(defaultAbSettings);
    expect(parseAbSettingsForm({ ...form, minSends: "" }).success).toBe(false);
    expect(parseAbSettingsForm({ ...form, minSends: "2.5" }).error?.issues[0]?.message).toBe(
      "Minimum sends must be a whole number",
    );
    expect(isAbSettingsForm(form)).toBe(true);
    for (const broken of [
      null,
      "x",
      { autoWinner: "yes", minSends: "1", confidence: "90" },
      { ...form, minSends: 5 },
    ]) {
      expect(isAbSettingsForm(broken)).toBe(false);
    }
  });
});
