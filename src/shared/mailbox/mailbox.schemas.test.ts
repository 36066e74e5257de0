import { describe, expect, it } from "vitest";
import { classRuleText, markRepliedError, previewText, replyClassLabels } from "./mailbox.schemas.ts";

describe("previewText (spam content and replies as listed)", () => {
  it("keeps a short text whole, whitespace collapsed", () => {
    expect(previewText("  Hello\n\n  there\tfriend ")).toBe("Hello there friend");
  });
  it("cuts at 200 characters with an ellipsis", () => {
    const text = "x".repeat(250);
    expect(previewText(text)).toBe(`${"x".repeat(200)}…`);
    expect(previewText("y".repeat(200))).toBe("y".repeat(200));
    expect(previewText("y".repeat(201))).toBe(`${"y".repeat(200)}…`);
  });
});

describe("markRepliedError (Manual Reply Tracking)", () => {
  const id = "0b0c1c9e-2f43-4c8f-9a51-2a4d1f3e5b6c";
  it("asks for both fields first", () => {
    expect(markRepliedError({ contactEmail: "", campaignId: "" })).toBe("Please enter both email and campaign ID");
    expect(markRepliedError({ contactEmail: " ", campaignId: id })).toBe("Please enter both email and campaign ID");
    expect(markRepliedError({ contactEmail: "a@b.co", campaignId: "" })).toBe(
      "Please enter both email and campaign ID",
    );
  });
  it("then checks the email and the campaign id", () => {
    expect(markRepliedError({ contactEmail: "nope", campaignId: id })).toBe("Please enter a valid email address");
    expect(markRepliedError({ contactEmail: "a@b.co", campaignId: "12" })).toMatch(/^Please enter a valid campaign ID/);
  });
  it("accepts an address and a campaign id, with spaces around", () => {
    expect(markRepliedError({ contactEmail: " a@b.co ", campaignId: ` ${id.toUpperCase()} ` })).toBeNull();
  });
});

describe("Email Classification labels", () => {
  it("names every class as the issue does", () => {
    expect(Object.values(replyClassLabels)).toEqual([
      "Interested",
      "Not interested",
      "Meeting request",
      "Out of office",
      "Unsubscribe request",
      "Wrong person",
      "Bounce",
      "Other",
    ]);
  });
  it("says on hover which rule decided the class, and when the user set it", () => {
    expect(classRuleText({ classRule: "phrase: tell me more", classCorrected: false })).toBe(
      "Rule: phrase: tell me more",
    );
    expect(classRuleText({ classRule: " ", classCorrected: false })).toBe("No rule recorded");
    expect(classRuleText({ classRule: "phrase: not now", classCorrected: true })).toBe(
      "Set by you (the classifier's rule: phrase: not now)",
    );
    expect(classRuleText({ classRule: "", classCorrected: true })).toBe("Set by you");
  });
});
