import { describe, expect, it } from "vitest";
import { formToProtection, protectionToForm } from "./sender-protection-form.ts";

describe("the sender's Bounce protection dialog", () => {
  it("shows its own figures, and empty fields for the user's settings", () => {
    expect(protectionToForm({ bounceRatePercent: 2.5, minSends: 20 })).toEqual({
      bounceRatePercent: "2.5",
      minSends: "20",
    });
    expect(protectionToForm(undefined)).toEqual({ bounceRatePercent: "", minSends: "" });
  });
  it("sends empty fields as null and numbers as typed (a decimal comma too)", () => {
    expect(formToProtection("jane@acme.test", { bounceRatePercent: "2,5", minSends: "" })).toEqual({
      ok: true,
      input: { email: "jane@acme.test", bounceRatePercent: 2.5, minSends: null },
    });
  });
  it("names each wrong field with its limit", () => {
    expect(formToProtection("jane@acme.test", { bounceRatePercent: "abc", minSends: "0" })).toEqual({
      ok: false,
      errors: {
        bounceRatePercent: "Hard-bounce rate must be a number",
        minSends: "Minimum sends must be between 1 and 100,000",
      },
    });
  });
});
