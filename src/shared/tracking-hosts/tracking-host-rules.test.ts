import { describe, expect, it } from "vitest";
import {
  cnameVerdict,
  TRACKING_HOST_FRESH_DAYS,
  trackingHostInUse,
  trackingHostMessage,
  trackingHostProblem,
} from "./tracking-host-rules.ts";

const at = { domain: "acme.test", publicHost: "app.coldreach.test" };

describe("trackingHostProblem", () => {
  it("takes a subdomain of the sender domain, any case, with or without the root dot", () => {
    for (const host of ["track.acme.test", "Links.Mail.ACME.test.", "t-1.acme.test", `${"a".repeat(63)}.acme.test`]) {
      expect(trackingHostProblem(host, at), host).toBeNull();
    }
  });

  it("refuses addresses, the app's own host, other domains, bad labels and over-long names", () => {
    const cases: [string, RegExp][] = [
      ["", /Enter a host name/],
      ["203.0.113.7", /not an IP address/],
      ["[2001:db8::1]", /not an IP address/],
      ["2001:db8::1", /not an IP address/],
      ["app.coldreach.test", /app's own address/],
      ["acme.test", /subdomain of acme.test/],
      ["track.other.test", /subdomain of acme.test/],
      ["trackacme.test", /subdomain of acme.test/],
      ["-track.acme.test", /letters, digits and dashes/],
      ["track-.acme.test", /letters, digits and dashes/],
      ["tr_ack.acme.test", /letters, digits and dashes/],
      ["track..acme.test", /letters, digits and dashes/],
      ["https://track.acme.test", /letters, digits and dashes/],
      [`${"a".repeat(64)}.acme.test`, /letters, digits and dashes/],
      [`${"abcdefghi.".repeat(25)}acme.test`, /at most 253 characters/],
    ];
    for (const [host, message] of cases) expect(trackingHostProblem(host, at), host).toMatch(message);
  });

  it("refuses the public host even when it is a subdomain of the sender domain", () => {
    expect(trackingHostProblem("app.acme.test", { domain: "acme.test", publicHost: "APP.acme.test" })).toMatch(
      /app's own address/,
    );
  });
});

describe("cnameVerdict", () => {
  it("passes a CNAME to the public host, whatever its case or root dot", () => {
    expect(cnameVerdict(["App.Coldreach.test."], "app.coldreach.test")).toEqual({
      status: "pass",
      cname: "app.coldreach.test",
    });
  });

  it("tells a missing record, another target and a failed lookup apart", () => {
    expect(cnameVerdict([], "app.coldreach.test")).toEqual({ status: "not_found", cname: null });
    expect(cnameVerdict(["elsewhere.test"], "app.coldreach.test")).toEqual({
      status: "wrong_target",
      cname: "elsewhere.test",
    });
    expect(cnameVerdict(null, "app.coldreach.test")).toEqual({ status: "lookup_failed", cname: null });
  });
});

describe("trackingHostMessage", () => {
  it("names the host in every message, and the wrong target when there is one", () => {
    for (const status of ["pending", "pass", "not_found", "wrong_target", "lookup_failed"] as const) {
      const message = trackingHostMessage(status, { host: "track.acme.test", publicHost: "app.test", cname: null });
      expect(message, status).toContain("track.acme.test");
    }
    expect(
      trackingHostMessage("wrong_target", { host: "t.acme.test", publicHost: "app.test", cname: "old.test" }),
    ).toContain("old.test");
  });
});

describe("trackingHostInUse", () => {
  const now = new Date("2026-12-10T12:00:00Z");
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

  it("uses a host that passed within the freshness window, through failed lookups", () => {
    expect(trackingHostInUse({ checkStatus: "pass", verifiedAt: daysAgo(0) }, now)).toBe(true);
    expect(trackingHostInUse({ checkStatus: "pass", verifiedAt: daysAgo(TRACKING_HOST_FRESH_DAYS) }, now)).toBe(true);
    expect(trackingHostInUse({ checkStatus: "lookup_failed", verifiedAt: daysAgo(3) }, now)).toBe(true);
  });

  it("stops using it when it never passed, went stale, or the record is gone or changed", () => {
    expect(trackingHostInUse({ checkStatus: "pending", verifiedAt: null }, now)).toBe(false);
    expect(trackingHostInUse({ checkStatus: "pass", verifiedAt: daysAgo(TRACKING_HOST_FRESH_DAYS + 0.01) }, now)).toBe(
      false,
    );
    expect(trackingHostInUse({ checkStatus: "not_found", verifiedAt: daysAgo(1) }, now)).toBe(false);
    expect(trackingHostInUse({ checkStatus: "wrong_target", verifiedAt: daysAgo(1) }, now)).toBe(false);
  });
});
