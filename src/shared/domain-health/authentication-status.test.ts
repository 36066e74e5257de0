import { describe, expect, it } from "vitest";
import { authenticationStatus } from "./authentication-status.ts";
import type { CheckId, CheckStatus } from "./domain-health.schemas.ts";

const c = (id: CheckId, status: CheckStatus) => ({ id, status });

describe("authenticationStatus", () => {
  it("takes the worst check of each group and leaves MX out", () => {
    expect(
      authenticationStatus([
        c("mx", "fail"),
        c("spf", "pass"),
        c("spf_all", "warn"),
        c("spf_lookups", "pass"),
        c("spf_sender", "pass"),
        c("dkim", "fail"),
        c("dmarc", "pass"),
        c("dmarc_policy", "pass"),
        c("dmarc_rua", "warn"),
      ]),
    ).toEqual({ spf: "warn", dkim: "fail", dmarc: "warn" });
  });

  it("fails a group when any of its checks fails, whatever the others say", () => {
    expect(
      authenticationStatus([c("spf", "pass"), c("spf_sender", "fail"), c("dkim", "pass"), c("dmarc", "pass")]),
    ).toEqual({ spf: "fail", dkim: "pass", dmarc: "pass" });
  });
});
