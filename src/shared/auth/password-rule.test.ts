import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages, passwordProblem } from "./password-rule.ts";

describe("passwordProblem", () => {
  it("asks for a password when there is none", () => {
    expect(passwordProblem("")).toBe(passwordMessages.required);
  });
  it("refuses one shorter than the minimum and accepts the minimum", () => {
    expect(passwordProblem("a".repeat(PASSWORD_MIN_LENGTH - 1))).toBe("Password must be at least 8 characters.");
    expect(passwordProblem("a".repeat(PASSWORD_MIN_LENGTH))).toBeNull();
  });
  it("refuses one longer than the maximum and accepts the maximum", () => {
    expect(passwordProblem("a".repeat(PASSWORD_MAX_LENGTH + 1))).toBe("Password must be at most 128 characters.");
    expect(passwordProblem("a".repeat(PASSWORD_MAX_LENGTH))).toBeNull();
  });
});
