import { describe, expect, it } from "vitest";
import { failureCategories, failureReasons } from "../db-enums.ts";
import { failureReason, failureReasonSentences } from "./failure-reason.ts";

describe("failure reason without a classified reason (rows written before reasons)", () => {
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

describe("failure reason with a classified reason", () => {
  it("is a sentence a user can act on", () => {
    expect(failureReason("invalid_address", "hard", "user_unknown")).toBe(
      "The address does not exist (hard bounce: the address was suppressed)",
    );
    expect(failureReason("authentication", null, "auth_spf")).toBe(
      "SPF check failed at the receiver: publish or fix your SPF record",
    );
    expect(failureReason("blocked", "soft", "reputation")).toBe(
      "Rejected for the sender's reputation or a block list (soft bounce: it may work later)",
    );
    expect(failureReason("blocked", null, "reverse_dns")).toBe("Reverse DNS (PTR) missing for the sending IP");
  });
  it("falls back to the category's hint for a reason of other", () => {
    expect(failureReason("bounced", "soft", "other")).toBe("Mailbox issues (soft bounce: it may work later)");
  });
  it("gives every reason but other a distinct sentence", () => {
    const sentences = failureReasons.filter((r) => r !== "other").map((r) => failureReason("other", null, r));
    expect(new Set(sentences).size).toBe(failureReasons.length - 1);
    expect(Object.keys(failureReasonSentences)).toHaveLength(failureReasons.length - 1);
  });
});
