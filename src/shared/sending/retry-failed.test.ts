import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bounceTypes, failureCategories, scheduledEmailStatuses } from "../db-enums.ts";
import { skippedSummary } from "./retry-failed.schemas.ts";
import { type FailedSendFacts, isRetryable, retrySkipReason } from "./retry-failed.ts";

const facts = (f: Partial<FailedSendFacts> = {}): FailedSendFacts => ({
  category: "network",
  bounceType: null,
  queueStatus: "failed",
  contactStopped: false,
  suppressed: false,
  senderRemoved: false,
  ...f,
});

describe("isRetryable", () => {
  it.each([
    ["rate_limited", null, true],
    ["network", null, true],
    ["authentication", null, true],
    ["other", null, true],
    ["bounced", "soft", true],
    ["bounced", "hard", false],
    ["invalid_address", "hard", false],
    ["invalid_address", null, false],
    ["bounced", null, false],
    ["rejected", null, false],
    ["blocked", null, false],
    ["spam", null, false],
    ["content_filtered", null, false],
    ["domain_issue", null, false],
    // A bounce about the sender is soft (the address is not condemned) but would fail the same way again.
    ["rejected", "soft", false],
    ["blocked", "soft", false],
    ["spam", "soft", false],
    ["authentication", "soft", true],
    ["network", "soft", true],
    [null, null, false],
  ] as const)("%s (%s bounce) → %s", (category, bounceType, expected) => {
    expect(isRetryable({ category, bounceType })).toBe(expected);
  });

  it("never retries a hard bounce, whatever its category", () => {
    fc.assert(
      fc.property(fc.constantFrom(...failureCategories, null), (category) => {
        expect(isRetryable({ category, bounceType: "hard" })).toBe(false);
      }),
    );
  });
});

describe("retrySkipReason", () => {
  it("queues a retryable failure whose contact, address, step and sender are all still there", () => {
    expect(retrySkipReason(facts())).toBeNull();
    expect(retrySkipReason(facts({ category: "bounced", bounceType: "soft" }))).toBeNull();
  });

  it("names why the others are not queued", () => {
    expect(retrySkipReason(facts({ queueStatus: "unknown" }))).toBe("delivery_unknown");
    expect(retrySkipReason(facts({ category: "invalid_address", bounceType: "hard" }))).toBe("not_retryable");
    expect(retrySkipReason(facts({ suppressed: true }))).toBe("suppressed");
    expect(retrySkipReason(facts({ contactStopped: true }))).toBe("contact_stopped");
    expect(retrySkipReason(facts({ queueStatus: null }))).toBe("removed");
    expect(retrySkipReason(facts({ category: "bounced", bounceType: "soft", queueStatus: "sent" }))).toBe(
      "bounced_after_delivery",
    );
    expect(retrySkipReason(facts({ senderRemoved: true }))).toBe("sender_removed");
  });

  it("queues nothing that is not retryable, suppressed, stopped, or not a final failure in the queue", () => {
    const anyFacts = fc.record({
      category: fc.constantFrom(...failureCategories, null),
      bounceType: fc.constantFrom(...bounceTypes, null),
      queueStatus: fc.constantFrom(...scheduledEmailStatuses, null),
      contactStopped: fc.boolean(),
      suppressed: fc.boolean(),
      senderRemoved: fc.boolean(),
    });
    fc.assert(
      fc.property(anyFacts, (f) => {
        if (retrySkipReason(f) !== null) return;
        expect(isRetryable(f)).toBe(true);
        expect(f).toMatchObject({
          queueStatus: "failed",
          suppressed: false,
          contactStopped: false,
          senderRemoved: false,
        });
      }),
    );
  });
});

describe("skippedSummary", () => {
  it("lists the reasons in words", () => {
    expect(
      skippedSummary([
        { reason: "not_retryable", count: 2 },
        { reason: "suppressed", count: 1 },
      ]),
    ).toBe("2 not worth retrying (hard bounce, invalid address, refusal or block), 1 suppressed address");
  });
});
