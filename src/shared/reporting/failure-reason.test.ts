import { describe, expect, it } from "vitest";
import { failureCategories } from "../db-enums.ts";
import { failureReason } from "./failure-reason.ts";

describe("failure reason", () => {
  it("is the breakdown's hint for the categories it shows", () => {
    expect(failureReason("invalid_address", null)).toBe("Wrong email format");
    expect(failureReason("blocked", null)).toBe("IP/domain blocked");
    expect(failureReason("authentication", null)).toBe("Credential issue");
  });
  it("has a hint for the categories the breakdown does not show", () => {
    expect(failureReason("domain_issue", null)).toBe("Domain or DNS problem");
    expect(failureReason("content_filtered", null)).toBe("Content refused");
    expect(failureReason("other", null)).toBe("Unexpected error");
  });
  it("says whether a bounce was hard or soft", () => {
    expect(failureReason("bounced", "hard")).toBe("Mailbox issues (hard bounce: the address was suppressed)");
    expect(failureReason("bounced", "soft")).toBe("Mailbox issues (soft bounce: it may work later)");
  });
  it("gives every category a distinct reason", () => {
    const reasons = failureCategories.map((c) => failureReason(c, null));
    expect(new Set(reasons).size).toBe(failureCategories.length);
  });
});
