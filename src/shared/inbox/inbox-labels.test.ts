import { describe, expect, it } from "vitest";
import {
  campaignLabel,
  contactName,
  failureCategoryLabel,
  groupTitle,
  repliedCount,
  senderLabel,
} from "./inbox-labels.ts";
import { inboxMessageText } from "./message-text.ts";

describe("inbox labels", () => {
  it("names a contact from the parts that are set", () => {
    expect(contactName("Lee", "Park")).toBe("Lee Park");
    expect(contactName("Lee", null)).toBe("Lee");
    expect(contactName(" ", "Park")).toBe("Park");
    expect(contactName(null, "")).toBeNull();
  });
  it("titles a group by name, else the address; direct sends to an unknown address are Unknown Contact", () => {
    expect(groupTitle({ contactId: "c1", name: "Lee Park", email: "lee@x.io" })).toBe("Lee Park");
    expect(groupTitle({ contactId: "c1", name: null, email: "lee@x.io" })).toBe("lee@x.io");
    expect(groupTitle({ contactId: null, name: null, email: "lee@x.io" })).toBe("Unknown Contact");
    expect(groupTitle({ contactId: null, name: "Lee Park", email: "lee@x.io" })).toBe("Lee Park");
  });
  it("uses the spec's placeholders for a missing campaign or sender", () => {
    expect(campaignLabel(null)).toBe("Unknown Campaign");
    expect(campaignLabel(" ")).toBe("Unknown Campaign");
    expect(campaignLabel("Q1 outreach")).toBe("Q1 outreach");
    expect(senderLabel(null)).toBe("Unknown Sender");
    expect(senderLabel("")).toBe("Unknown Sender");
    expect(senderLabel("me@acme.test")).toBe("me@acme.test");
  });
  it("counts replies; a contact marked replied without a recorded reply counts one", () => {
    expect(repliedCount(0, null)).toBe(0);
    expect(repliedCount(0, "2026-11-20T10:00:00.000Z")).toBe(1);
    expect(repliedCount(3, "2026-11-20T10:00:00.000Z")).toBe(3);
    expect(repliedCount(2, null)).toBe(2);
  });
});

describe("failureCategoryLabel", () => {
  it("uses the failure panel's labels, and names the categories it does not show", () => {
    expect(failureCategoryLabel("invalid_address")).toBe("Invalid Address");
    expect(failureCategoryLabel("authentication")).toBe("Auth Error");
    expect(failureCategoryLabel("domain_issue")).toBe("Domain Issue");
    expect(failureCategoryLabel("content_filtered")).toBe("Content Filtered");
    expect(failureCategoryLabel("other")).toBe("Other");
  });
});

describe("inboxMessageText", () => {
  it("turns a campaign's HTML into text and keeps a direct message's text", () => {
    expect(inboxMessageText("<p>Hi Lee,</p><p>Would <b>Tuesday</b> work?</p>", true)).toBe(
      "Hi Lee,\n\nWould Tuesday work?",
    );
    expect(inboxMessageText("Hi <Lee>,\r\nTuesday?\n", false)).toBe("Hi <Lee>,\nTuesday?");
  });
});
