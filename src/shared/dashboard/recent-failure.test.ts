import { describe, expect, it } from "vitest";
import { failureCategories } from "../db-enums.ts";
import { buildSendErrorMessage } from "../sending/send-error-message.ts";
import { clip, ERROR_SUMMARY_MAX, errorSummary, failureCategoryLabel } from "./recent-failure.ts";

describe("failure category labels", () => {
  it("uses the breakdown's labels and names the three hidden categories", () => {
    expect(failureCategoryLabel("invalid_address")).toBe("Invalid Address");
    expect(failureCategoryLabel("authentication")).toBe("Auth Error");
    expect(failureCategoryLabel("domain_issue")).toBe("Domain Issue");
    expect(failureCategoryLabel("content_filtered")).toBe("Content Filtered");
    expect(failureCategoryLabel("other")).toBe("Unknown");
    expect(failureCategoryLabel(null)).toBe("Unknown");
    for (const c of failureCategories) expect(failureCategoryLabel(c)).not.toBe("");
  });
});

describe("error summary", () => {
  it("reads the error out of the send's error details", () => {
    const json = buildSendErrorMessage({
      error: "550 5.1.1 <ana@x.test>: Recipient address rejected: User unknown",
      recipient: "ana@x.test",
      sender: "me@acme.test",
      subject: "Hello",
      timestamp: new Date("2026-03-01T10:00:00Z"),
      category: "invalid_address",
    });
    expect(errorSummary(json)).toBe("550 5.1.1 <ana@x.test>: Recipient address rejected: User unknown");
  });
  it("shows raw text that is not the details JSON, on one line", () => {
    expect(errorSummary("Connection timed out\n  after 30s")).toBe("Connection timed out after 30s");
    expect(errorSummary('{"not":"details"}')).toBe('{"not":"details"}');
  });
  it("is null without a message", () => {
    expect(errorSummary(null)).toBeNull();
    expect(errorSummary("   ")).toBeNull();
  });
  it("shortens a long message", () => {
    const long = "x".repeat(500);
    const s = errorSummary(long)!;
    expect(s.length).toBe(ERROR_SUMMARY_MAX);
    expect(s.endsWith("…")).toBe(true);
    expect(clip("short")).toBe("short");
  });
});
