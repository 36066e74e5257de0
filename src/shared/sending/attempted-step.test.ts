import { describe, expect, it } from "vitest";
import { maySendAgain } from "./attempted-step.ts";

describe("maySendAgain", () => {
  it("sends a step that was never attempted", () => {
    expect(maySendAgain(null)).toBe(true);
  });

  it("sends again after a known temporary failure", () => {
    expect(maySendAgain({ status: "pending", hasFailureCategory: true })).toBe(true);
  });

  it("never sends a step that was sent, failed, or whose last attempt is not known to have failed", () => {
    expect(maySendAgain({ status: "sent", hasFailureCategory: false })).toBe(false);
    expect(maySendAgain({ status: "failed", hasFailureCategory: true })).toBe(false);
    expect(maySendAgain({ status: "pending", hasFailureCategory: false })).toBe(false);
  });
});
