// Whatever a server says, the classifier answers without throwing, with a
// reason the failure panel can explain and a category that reason allows; and
// a hard bounce is always an address that can never take mail.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { failureCategories, failureReasons } from "../db-enums.ts";
import { classifyBounce } from "../mailbox/bounce-report.ts";
import { bounceRateReasons } from "./bounce-protection-rules.ts";
import { addressReasons, categoryFallbackReasons, isConsistent, reasonCategories } from "./failure-reason-category.ts";
import { classifySmtpFailure } from "./smtp-failure-category.ts";

/** Words that steer the classifier, so that random replies reach its many branches. */
const words = [
  "user unknown",
  "mailbox full",
  "over quota",
  "disabled",
  "spamhaus",
  "blocked",
  "spam",
  "SPF",
  "DKIM",
  "DMARC",
  "reverse hostname",
  "PTR",
  "rate limit",
  "too many",
  "message too large",
  "virus",
  "relay access denied",
  "policy",
  "domain not found",
  "sender address rejected",
  "greylisted",
  "connection timed out",
  "retry timeout exceeded",
  "syntax",
  "password",
  "Boite du destinataire pleine",
  "用户不存在",
];
const replyCode = fc.constantFrom(421, 450, 451, 452, 454, 500, 530, 535, 550, 551, 552, 553, 554, 556, 559);
const enhancedCode = fc
  .tuple(fc.constantFrom("2", "4", "5"), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 999 }))
  .map(([c, s, d]) => `${c}.${s}.${d}`);
const reply = fc
  .tuple(
    fc.option(replyCode, { nil: undefined }),
    fc.option(enhancedCode, { nil: undefined }),
    fc.array(fc.oneof(fc.constantFrom(...words), fc.string()), { maxLength: 6 }),
  )
  .map(([code, enhanced, parts]) => [code, enhanced, ...parts].filter((p) => p !== undefined).join(" "));

describe("the reason table", () => {
  it("files every reason under categories that exist", () => {
    for (const reason of failureReasons) {
      for (const category of reasonCategories[reason]) expect(failureCategories).toContain(category);
    }
  });

  it("counts only address reasons toward the bounce rate", () => {
    for (const reason of bounceRateReasons) expect(addressReasons.has(reason)).toBe(true);
  });

  it("falls back to a reason for every category", () => {
    for (const category of failureCategories) expect(failureReasons).toContain(categoryFallbackReasons[category]);
  });
});

describe("classifying arbitrary replies (property)", () => {
  it("never throws, and gives a reason its category allows", () => {
    fc.assert(
      fc.property(
        fc.record({
          code: fc.option(fc.constantFrom("EENVELOPE", "EAUTH", "ECONNECTION", "ETIMEDOUT", "EDNS", "EMESSAGE"), {
            nil: undefined,
          }),
          responseCode: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
          response: fc.option(fc.oneof(reply, fc.string()), { nil: undefined }),
          message: fc.option(fc.oneof(reply, fc.string()), { nil: undefined }),
        }),
        (failure) => {
          const result = classifySmtpFailure(failure);
          expect(failureReasons).toContain(result.reason);
          expect(isConsistent(result.reason, result.category)).toBe(true);
          // A rate limit lifts with time: it never fails a send for good.
          if (result.reason === "rate_limited") expect(result.permanent).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads any bounce diagnostic without throwing; hard only for an address that can never take mail", () => {
    fc.assert(
      fc.property(fc.option(enhancedCode, { nil: null }), fc.oneof(reply, fc.string()), (status, diagnostic) => {
        const result = classifyBounce(status, diagnostic);
        expect(isConsistent(result.reason, result.category)).toBe(true);
        if (result.hard) expect(addressReasons.has(result.reason)).toBe(true);
        if (result.reason === "mailbox_full") expect(result.hard).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
