// The pure rules of domain health: SPF, DMARC and DKIM parsing, the lookup
// count, the verdicts and the records suggested to fix them.
import { describe, expect, it } from "vitest";
import { checkDkim, checkDmarc, checkMx, checkSpf, type DkimFacts, type SenderFacts, spfWith } from "./checks.ts";
import { providerOf } from "./providers.ts";
import { authorisesIps, countLookups, ipMatches, parseSpf, type SpfNode } from "./spf.ts";
import { parseTags } from "./tags.ts";

const node = (domain: string, record: string | null, children: SpfNode[] = [], addresses: string[] = []): SpfNode => ({
  domain,
  record,
  children,
  addresses,
});
const custom = (ip = "203.0.113.7"): SenderFacts => ({
  email: "me@acme.test",
  smtpHost: "mail.acme.test",
  smtpIps: [ip],
  provider: null,
});
const gmail: SenderFacts = { email: "me@acme.test", smtpHost: null, smtpIps: [], provider: providerOf(null, "gmail") };
const byId = <T extends { id: string }>(checks: T[], id: string) => checks.find((c) => c.id === id);

describe("SPF parsing", () => {
  it("reads mechanisms with their qualifiers and values, and modifiers", () => {
    const { terms, errors } = parseSpf(
      "v=spf1 include:_spf.google.com a mx:mx.acme.test/24 ip4:192.0.2.0/24 ip6:2001:db8::1 exists:%{i}.x.test -ptr ?all redirect=_spf.acme.test",
    );
    expect(errors).toEqual([]);
    expect(terms).toEqual([
      { kind: "mechanism", qualifier: "+", name: "include", value: "_spf.google.com" },
      { kind: "mechanism", qualifier: "+", name: "a", value: null },
      { kind: "mechanism", qualifier: "+", name: "mx", value: "mx.acme.test/24" },
      { kind: "mechanism", qualifier: "+", name: "ip4", value: "192.0.2.0/24" },
      { kind: "mechanism", qualifier: "+", name: "ip6", value: "2001:db8::1" },
      { kind: "mechanism", qualifier: "+", name: "exists", value: "%{i}.x.test" },
      { kind: "mechanism", qualifier: "-", name: "ptr", value: null },
      { kind: "mechanism", qualifier: "?", name: "all", value: null },
      { kind: "modifier", name: "redirect", value: "_spf.acme.test" },
    ]);
  });

  it("reports unknown terms and a missing version", () => {
    expect(parseSpf("v=spf1 includes:x.test ~all").errors).toEqual(['Unknown term "includes:x.test"']);
    expect(parseSpf("spf1 ~all").errors).toContain("The record does not start with v=spf1");
  });

  it("matches IPv4 ranges and exact IPv6 addresses", () => {
    expect(ipMatches("192.0.2.0/24", "192.0.2.200")).toBe(true);
    expect(ipMatches("192.0.2.0/24", "192.0.3.1")).toBe(false);
    expect(ipMatches("192.0.2.7", "192.0.2.7")).toBe(true);
    expect(ipMatches("0.0.0.0/0", "8.8.8.8")).toBe(true);
    expect(ipMatches("2001:db8::1", "2001:DB8::1")).toBe(true);
  });
});

describe("SPF lookup count", () => {
  it("counts include, a, mx, ptr, exists and redirect, recursively, but not ip4/ip6/all", () => {
    const tree = node("acme.test", "v=spf1 ip4:1.2.3.4 include:a.test a mx ptr exists:x.test ~all", [
      node("a.test", "v=spf1 include:b.test ip6:::1 -all", [node("b.test", "v=spf1 a mx -all")]),
    ]);
    expect(countLookups(tree)).toBe(5 + 1 + 2);
    expect(countLookups(node("r.test", "v=spf1 redirect=s.test", [node("s.test", "v=spf1 -all")]))).toBe(1);
  });
});

describe("SPF verdicts", () => {
  const spf = (txt: string[] | null, tree: SpfNode | null, senders: SenderFacts[] = [custom()]) =>
    checkSpf({ domain: "acme.test", txt, tree, senders });

  it("passes a single record that authorises the SMTP host's IP and ends ~all", () => {
    const record = "v=spf1 ip4:203.0.113.0/24 ~all";
    const checks = spf([record, "google-site-verification=x"], node("acme.test", record));
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ["spf", "pass"],
      ["spf_all", "pass"],
      ["spf_lookups", "pass"],
      ["spf_sender", "pass"],
    ]);
  });

  it("fails a missing record and suggests one with the SMTP host's address", () => {
    const [check] = spf(["other"], null);
    expect(check).toMatchObject({
      status: "fail",
      fix: { type: "TXT", host: "acme.test", value: "v=spf1 ip4:203.0.113.7 ~all" },
    });
    expect(spf([], null, [gmail])[0]?.fix?.value).toBe("v=spf1 include:_spf.google.com ~all");
  });

  it("fails two records and suggests them merged into one", () => {
    const [check] = spf(["v=spf1 include:_spf.google.com ~all", "v=spf1 ip4:203.0.113.7 -all"], null);
    expect(check?.status).toBe("fail");
    expect(check?.fix?.value).toBe("v=spf1 include:_spf.google.com ip4:203.0.113.7 -all");
  });

  it("fails +all, warns on ?all, passes ~all and -all", () => {
    const status = (all: string) => {
      const record = `v=spf1 ip4:203.0.113.7 ${all}`;
      return byId(spf([record], node("acme.test", record)), "spf_all");
    };
    expect(status("+all")).toMatchObject({ status: "fail", fix: { value: "v=spf1 ip4:203.0.113.7 ~all" } });
    expect(status("all")?.status).toBe("fail");
    expect(status("?all")?.status).toBe("warn");
    expect(status("~all")?.status).toBe("pass");
    expect(status("-all")?.status).toBe("pass");
  });

  it("fails more than 10 lookups", () => {
    const includes = Array.from({ length: 11 }, (_, i) => `i${i}.test`);
    const record = `v=spf1 ip4:203.0.113.7 ${includes.map((d) => `include:${d}`).join(" ")} ~all`;
    const tree = node(
      "acme.test",
      record,
      includes.map((d) => node(d, "v=spf1 -all")),
    );
    expect(byId(spf([record], tree), "spf_lookups")).toMatchObject({ status: "fail" });
    const ten = node(
      "acme.test",
      record,
      includes.slice(1).map((d) => node(d, "v=spf1 -all")),
    );
    ten.record = record.replace("include:i0.test ", "");
    expect(byId(spf([ten.record], ten), "spf_lookups")?.status).toBe("pass");
  });

  it("fails when no mechanism authorises the SMTP host, and adds one before the all", () => {
    const record = "v=spf1 ip4:198.51.100.1 -all";
    expect(byId(spf([record], node("acme.test", record)), "spf_sender")).toMatchObject({
      status: "fail",
      fix: { host: "acme.test", value: "v=spf1 ip4:198.51.100.1 ip4:203.0.113.7 -all" },
    });
  });

  it("authorises through a/mx addresses and nested includes, not through -ip4", () => {
    expect(authorisesIps(node("d", "v=spf1 a -all", [], ["203.0.113.7"]), ["203.0.113.7"])).toBe(true);
    expect(
      authorisesIps(node("d", "v=spf1 include:x -all", [node("x", "v=spf1 ip4:203.0.113.0/24 -all")]), ["203.0.113.7"]),
    ).toBe(true);
    expect(authorisesIps(node("d", "v=spf1 -ip4:203.0.113.7 ~all"), ["203.0.113.7"])).toBe(false);
  });

  it("accepts the provider's include for Gmail senders and says so; fails without it", () => {
    const good = "v=spf1 include:_spf.google.com ~all";
    const pass = byId(
      spf([good], node("acme.test", good, [node("_spf.google.com", "v=spf1 ~all")]), [gmail]),
      "spf_sender",
    );
    expect(pass?.status).toBe("pass");
    expect(pass?.message).toContain("include:_spf.google.com");
    const bad = "v=spf1 mx ~all";
    expect(byId(spf([bad], node("acme.test", bad), [gmail]), "spf_sender")?.fix?.value).toBe(
      "v=spf1 mx include:_spf.google.com ~all",
    );
  });

  it("warns when the sending server is unknown, and when DNS failed", () => {
    const record = "v=spf1 mx ~all";
    const unknown: SenderFacts = { email: "x@acme.test", smtpHost: "mail.acme.test", smtpIps: [], provider: null };
    expect(byId(spf([record], node("acme.test", record), [unknown]), "spf_sender")?.status).toBe("warn");
    expect(spf(null, null)).toEqual([
      expect.objectContaining({ id: "spf", status: "warn", message: expect.stringContaining("Could not be checked") }),
    ]);
  });

  it("builds records with spfWith", () => {
    expect(spfWith(null, ["mx"])).toBe("v=spf1 mx ~all");
    expect(spfWith("v=spf1 a +all", ["a"])).toBe("v=spf1 a ~all");
  });
});

describe("DMARC", () => {
  it("parses tags", () => {
    expect(Object.fromEntries(parseTags("v=DMARC1; p=reject; rua=mailto:a@b.test; pct=50"))).toEqual({
      v: "DMARC1",
      p: "reject",
      rua: "mailto:a@b.test",
      pct: "50",
    });
  });

  it("passes quarantine and reject with rua", () => {
    for (const p of ["quarantine", "reject"]) {
      const checks = checkDmarc("acme.test", [`v=DMARC1; p=${p}; rua=mailto:d@acme.test`]);
      expect(checks.map((c) => c.status)).toEqual(["pass", "pass", "pass"]);
    }
  });

  it("fails a missing record with the suggested one", () => {
    expect(checkDmarc("acme.test", ["v=spf1 -all"])).toEqual([
      expect.objectContaining({
        status: "fail",
        fix: { type: "TXT", host: "_dmarc.acme.test", value: "v=DMARC1; p=quarantine; rua=mailto:dmarc@acme.test" },
      }),
    ]);
  });

  it("warns on p=none and on a missing rua", () => {
    const checks = checkDmarc("acme.test", ["v=DMARC1; p=none; pct=100"]);
    expect(byId(checks, "dmarc_policy")).toMatchObject({
      status: "warn",
      fix: { value: "v=DMARC1; p=quarantine; rua=mailto:dmarc@acme.test; pct=100" },
    });
    expect(byId(checks, "dmarc_rua")).toMatchObject({
      status: "warn",
      fix: { value: "v=DMARC1; p=none; rua=mailto:dmarc@acme.test; pct=100" },
    });
  });

  it("fails two records or no policy; warns when DNS failed", () => {
    expect(checkDmarc("acme.test", ["v=DMARC1; p=reject", "v=DMARC1; p=none"])[0]?.status).toBe("fail");
    expect(checkDmarc("acme.test", ["v=DMARC1; rua=mailto:x@acme.test"])[0]?.status).toBe("fail");
    expect(checkDmarc("acme.test", null)[0]?.status).toBe("warn");
  });
});

describe("DKIM", () => {
  const facts = (patch: Partial<DkimFacts>): DkimFacts => ({
    domain: "acme.test",
    selectors: ["cr"],
    selectorKnown: true,
    found: null,
    lookupFailed: false,
    keyValid: null,
    signing: null,
    ...patch,
  });
  const signing = { selector: "cr", publicKey: "MIIBKEY", matches: null };

  it("passes a valid key, and a key that matches the signing key", () => {
    const found = { selector: "cr", record: "v=DKIM1; k=rsa; p=MIIB KEY" };
    expect(checkDkim(facts({ found, keyValid: true })).status).toBe("pass");
    expect(checkDkim(facts({ found, keyValid: true, signing: { ...signing, matches: true } })).status).toBe("pass");
  });

  it("fails a missing key when the app signs, with the record from the configured key", () => {
    expect(checkDkim(facts({ signing }))).toMatchObject({
      status: "fail",
      fix: { type: "TXT", host: "cr._domainkey.acme.test", value: "v=DKIM1; k=rsa; p=MIIBKEY" },
    });
  });

  it("fails a key that does not match, is invalid, empty or not DKIM1", () => {
    const found = (record: string) => ({ selector: "cr", record });
    expect(
      checkDkim(facts({ found: found("v=DKIM1; p=OTHER"), keyValid: true, signing: { ...signing, matches: false } })),
    ).toMatchObject({ status: "fail", fix: { value: "v=DKIM1; k=rsa; p=MIIBKEY" } });
    expect(checkDkim(facts({ found: found("v=DKIM1; p=bad"), keyValid: false })).status).toBe("fail");
    expect(checkDkim(facts({ found: found("v=DKIM1; p="), keyValid: false })).message).toContain("revoked");
    expect(checkDkim(facts({ found: found("v=DKIM2; p=x"), keyValid: true })).status).toBe("fail");
  });

  it("warns when no key is found at guessed selectors, with instructions", () => {
    const check = checkDkim(facts({ selectors: ["google", "selector1"], selectorKnown: false }));
    expect(check.status).toBe("warn");
    expect(check.fix).toBeUndefined();
    expect(check.message).toContain("google, selector1");
    expect(checkDkim(facts({ lookupFailed: true })).message).toContain("Could not be checked");
  });
});

describe("MX", () => {
  it("passes MX hosts, fails none or a null MX, warns on DNS failure", () => {
    expect(checkMx("acme.test", ["mx.acme.test"]).status).toBe("pass");
    expect(checkMx("acme.test", []).status).toBe("fail");
    expect(checkMx("acme.test", ["."]).message).toContain("null MX");
    expect(checkMx("acme.test", null).status).toBe("warn");
  });
});

describe("providers", () => {
  it("knows Gmail and Microsoft by SMTP host or provider", () => {
    expect(providerOf("smtp.gmail.com", "custom")?.spfInclude).toBe("_spf.google.com");
    expect(providerOf(null, "outlook")?.spfInclude).toBe("spf.protection.outlook.com");
    expect(providerOf("mail.acme.test", "gmail")).toBeNull();
  });
});
