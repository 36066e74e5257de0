import { describe, expect, it } from "vitest";
import { senderHealthWarnings } from "./sender-health-warnings.ts";

const passing = { spf: "pass", dkim: "pass", dmarc: "pass", checkedAt: "2026-03-04T00:00:00.000Z" } as const;
const health = (
  address: string,
  badge: "healthy" | "watch" | "at_risk" | "paused",
  o: {
    reasons?: string[];
    detail?: string;
    checks?: typeof passing | { spf: "fail"; dkim: "pass"; dmarc: "pass"; checkedAt: string };
  } = {},
) => ({
  address,
  badge,
  reasons: o.reasons ?? [],
  paused: badge === "paused" ? { since: "2026-03-04T00:00:00.000Z", detail: o.detail ?? null } : null,
  domain: { name: address.split("@")[1] ?? "", checks: o.checks ?? passing },
});

describe("senderHealthWarnings", () => {
  const list = [
    health("ok@acme.test", "healthy"),
    health("watch@acme.test", "watch", { reasons: ["DMARC of acme.test warns"] }),
    health("risky@acme.test", "at_risk", {
      reasons: ["Hard-bounce rate 5.7% (3 hard bounces in 53 sends, last 7 days)", "SPF of acme.test fails"],
    }),
    health("held@acme.test", "paused", {
      detail: "3 hard bounces in 52 sends (5.8%) in the last 7 days",
      checks: { ...passing, spf: "fail" },
    }),
  ];

  it("warns about At risk and Paused senders only, naming each and why, in the order chosen", () => {
    expect(
      senderHealthWarnings(["Held@acme.test", "ok@acme.test", "watch@acme.test", "risky@acme.test"], list),
    ).toEqual([
      "Held@acme.test is paused by bounce protection: 3 hard bounces in 52 sends (5.8%) in the last 7 days. " +
        "Its emails in this campaign wait until you resume it in Senders. SPF of acme.test fails.",
      "risky@acme.test is At risk: Hard-bounce rate 5.7% (3 hard bounces in 53 sends, last 7 days); SPF of acme.test fails. " +
        "Launching still sends from it.",
    ]);
  });

  it("says nothing of senders it has no health for, and names a sender once", () => {
    expect(senderHealthWarnings(["new@elsewhere.test"], list)).toEqual([]);
    expect(senderHealthWarnings(["risky@acme.test", "RISKY@acme.test"], list)).toHaveLength(1);
  });
});
