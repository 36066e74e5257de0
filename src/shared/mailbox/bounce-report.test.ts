// The bounce rules' parts; the corpus of real bounces is server/mailbox/corpus.test.ts's.
import { describe, expect, it } from "vitest";
import { classifyBounce, parseDeliveryStatus } from "./bounce-report.ts";

describe("parseDeliveryStatus", () => {
  it("reads the per-message fields and one block per recipient, unfolding continued lines", () => {
    const parsed = parseDeliveryStatus(
      "Reporting-MTA: dns; mx.test\r\n\r\nFinal-Recipient: rfc822; a@x.test\r\nAction: failed\r\nDiagnostic-Code: smtp; 550 5.1.1\r\n    user unknown\r\n\r\nFinal-Recipient: rfc822; b@x.test\r\nAction: delivered\r\n",
    );
    expect(parsed.message).toEqual({ "reporting-mta": "dns; mx.test" });
    expect(parsed.recipients).toEqual([
      { "final-recipient": "rfc822; a@x.test", action: "failed", "diagnostic-code": "smtp; 550 5.1.1 user unknown" },
      { "final-recipient": "rfc822; b@x.test", action: "delivered" },
    ]);
  });
});

describe("classifyBounce", () => {
  it("takes the enhanced status code first (the SMTP failure table)", () => {
    expect(classifyBounce("5.1.1", "550 Requested action not taken: mailbox unavailable")).toEqual({
      category: "invalid_address",
      reason: "user_unknown",
      hard: true,
      status: "5.1.1",
    });
  });
  it("then the diagnostic text when the code is generic", () => {
    expect(classifyBounce("5.7.1", "554 5.7.1 Message rejected as spam").category).toBe("spam");
  });
  it("makes 4.x.x soft", () => {
    expect(classifyBounce("4.2.0", "450 4.2.0 Mailbox temporarily unavailable").hard).toBe(false);
  });
  it("makes a full mailbox soft even under 5.2.2 or a 5.x.x over-quota text", () => {
    expect(classifyBounce("5.2.2", "552 5.2.2 Mailbox full").hard).toBe(false);
    expect(classifyBounce(null, "550 5.0.0 user is over quota").hard).toBe(false);
    expect(classifyBounce(null, "Das Postfach ist voll").hard).toBe(false);
  });
  it("makes a permanent text without a code hard, a temporary one soft", () => {
    expect(classifyBounce(null, "The email account that you tried to reach does not exist.")).toEqual({
      category: "invalid_address",
      reason: "user_unknown",
      hard: true,
      status: null,
    });
    expect(classifyBounce(null, "Temporary failure, try again later").hard).toBe(false);
  });
  it("makes a refusal about the sender soft: the send fails, the address is not condemned", () => {
    expect(classifyBounce("5.7.1", "550 5.7.1 Message rejected due to local policy")).toMatchObject({
      category: "rejected",
      reason: "policy",
      hard: false,
    });
    expect(
      classifyBounce("5.7.26", "550 5.7.26 Unauthenticated email is not accepted due to domain's DMARC policy"),
    ).toMatchObject({ category: "authentication", reason: "auth_dmarc", hard: false });
    expect(classifyBounce("5.7.1", "554 5.7.1 Client host [192.0.2.1] blocked using zen.spamhaus.org")).toMatchObject({
      category: "blocked",
      reason: "reputation",
      hard: false,
    });
  });
  it("makes a temporary failure the server gave up on expired, unless its last answer says more", () => {
    expect(classifyBounce("4.4.7", "")).toMatchObject({ category: "network", reason: "expired", hard: false });
    expect(
      classifyBounce("4.4.1", "X-Postfix; connect to mx.example.net[192.0.2.1]:25: Connection timed out"),
    ).toMatchObject({ category: "network", reason: "expired", hard: false });
    expect(classifyBounce(null, "retry timeout exceeded")).toMatchObject({ reason: "expired", hard: false });
    expect(classifyBounce("4.7.1", "450 4.7.1 Client host rejected: cannot find your reverse hostname")).toMatchObject({
      category: "blocked",
      reason: "reverse_dns",
      hard: false,
    });
  });
  it("makes a domain that does not exist hard (it counts toward the bounce rate)", () => {
    expect(
      classifyBounce("5.1.2", "Host or domain name not found. Name service error for name=nowhere.example"),
    ).toEqual({
      category: "domain_issue",
      reason: "domain_not_found",
      hard: true,
      status: "5.1.2",
    });
  });
  it("keeps a rate limit soft (it lifts with time)", () => {
    expect(classifyBounce("5.4.5", "550 5.4.5 Daily sending quota exceeded")).toMatchObject({
      category: "rate_limited",
      hard: false,
    });
  });
});
