import { describe, expect, it } from "vitest";
import { dkimSelectorSchema } from "./dkim-keys.schemas.ts";
import { dkimDnsMessage, dkimDnsVerdict } from "./dns-check.ts";

// Stands in for the server's key decoding: whitespace-free, "bad" is not a key.
const keyOf = (p: string) => (p === "bad" || p === "" ? null : p.replace(/\s+/g, ""));

describe("dkimDnsVerdict", () => {
  it("matches the published key, whitespace and other tags aside", () => {
    expect(dkimDnsVerdict(["v=DKIM1; k=rsa; p=MIIB KEY"], "MIIBKEY", keyOf)).toBe("match");
    expect(dkimDnsVerdict(["v=spf1 -all", "p=MIIBKEY"], "MIIBKEY", keyOf)).toBe("match");
  });

  it("tells a different or unusable key from none at all", () => {
    expect(dkimDnsVerdict(["v=DKIM1; k=rsa; p=OTHER"], "MIIBKEY", keyOf)).toBe("different");
    expect(dkimDnsVerdict(["v=DKIM1; p=bad"], "MIIBKEY", keyOf)).toBe("different");
    expect(dkimDnsVerdict(["v=DKIM2; p=MIIBKEY"], "MIIBKEY", keyOf)).toBe("different");
    expect(dkimDnsVerdict([], "MIIBKEY", keyOf)).toBe("not_found");
    expect(dkimDnsVerdict(["v=spf1 -all"], "MIIBKEY", keyOf)).toBe("not_found");
    expect(dkimDnsVerdict(null, "MIIBKEY", keyOf)).toBe("lookup_failed");
  });

  it("names the host in every message", () => {
    for (const status of ["match", "different", "not_found", "lookup_failed"] as const) {
      expect(dkimDnsMessage(status, "cr._domainkey.acme.test")).toContain("cr._domainkey.acme.test");
    }
    expect(dkimDnsMessage("not_found", "h")).toMatch(/^Not found/);
  });
});

describe("dkimSelectorSchema", () => {
  it("takes a DNS label, lower-cased", () => {
    expect(dkimSelectorSchema.parse(" Coldreach-2026 ")).toBe("coldreach-2026");
    for (const bad of ["", "-a", "a-", "a.b", "a_b", "a b", "x".repeat(64)]) {
      expect(dkimSelectorSchema.safeParse(bad).success).toBe(false);
    }
  });
});
