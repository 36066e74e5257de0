import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressKey, asciiDomain, entryMatches, matchCandidates, parseBlockEntry } from "./block-entry.ts";

describe("parseBlockEntry", () => {
  it.each([
    ["Ann@Example.com", { kind: "address", value: "ann@example.com" }],
    ["  ann@example.com  ", { kind: "address", value: "ann@example.com" }],
    ['"john doe"@example.com', { kind: "address", value: '"john doe"@example.com' }],
    ["ann@Bücher.Example", { kind: "address", value: "ann@xn--bcher-kva.example" }],
    ["example.com", { kind: "domain", value: "example.com" }],
    ["@Example.COM", { kind: "domain", value: "example.com" }],
    ["*@example.com", { kind: "domain", value: "example.com" }],
    ["mail.example.co.uk.", { kind: "domain", value: "mail.example.co.uk" }],
    ["bücher.example", { kind: "domain", value: "xn--bcher-kva.example" }],
    ["@xn--bcher-kva.example", { kind: "domain", value: "xn--bcher-kva.example" }],
    ["'=cmd@example.com", { kind: "address", value: "=cmd@example.com" }],
    ["'@example.com", { kind: "domain", value: "example.com" }],
  ])("reads %j", (input, entry) => {
    expect(parseBlockEntry(input)).toEqual({ ok: true, entry });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["'", "invalid_domain"],
    ["ann@", "invalid_address"],
    ["@ann@example.com", "invalid_domain"],
    ["ann@localhost", "invalid_address"],
    ["ann@[192.0.2.1]", "invalid_address"],
    ["ann..bee@example.com", "invalid_address"],
    ["mailto:ann@example.com", "invalid_address"],
    ["localhost", "invalid_domain"],
    ["http://example.com", "invalid_domain"],
    ["example.com/path", "invalid_domain"],
    ["example.com:25", "invalid_domain"],
    ["192.0.2.1", "invalid_domain"],
    ["exa mple.com", "invalid_domain"],
    ["-example.com", "invalid_domain"],
    ["example..com", "invalid_domain"],
    ["*.example.com", "invalid_domain"],
    [`${"a".repeat(64)}.com`, "invalid_domain"],
    ["@", "invalid_domain"],
  ])("refuses %j as %s", (input, reason) => {
    expect(parseBlockEntry(input)).toEqual({ ok: false, reason });
  });
});

describe("asciiDomain and addressKey", () => {
  it("give the stored form, or null", () => {
    expect(asciiDomain("ＥＸＡＭＰＬＥ.com")).toBe("example.com");
    expect(asciiDomain("例え.テスト")).toBe("xn--r8jz45g.xn--zckzah");
    expect(asciiDomain("0x7f.1")).toBeNull();
    expect(addressKey("Ann@例え.テスト")).toBe("ann@xn--r8jz45g.xn--zckzah");
    expect(addressKey("not an address")).toBeNull();
  });
});

describe("matching", () => {
  it("lists the address and each parent domain of two labels or more", () => {
    expect(matchCandidates("Ann@X.Mail.Example.com")).toEqual([
      "ann@x.mail.example.com",
      "x.mail.example.com",
      "mail.example.com",
      "example.com",
    ]);
    expect(matchCandidates("not an address")).toEqual([]);
  });

  it("a domain blocks its subdomains, not a name that merely ends like it", () => {
    const domain = { kind: "domain", value: "example.com" } as const;
    expect(entryMatches(domain, "a@example.com")).toBe(true);
    expect(entryMatches(domain, "a@mail.example.com")).toBe(true);
    expect(entryMatches(domain, "a@notexample.com")).toBe(false);
    expect(entryMatches(domain, "a@example.com.evil.test")).toBe(false);
    expect(entryMatches(domain, "example.com@other.test")).toBe(false);
    const address = { kind: "address", value: "a@example.com" } as const;
    expect(entryMatches(address, "A@EXAMPLE.COM")).toBe(true);
    expect(entryMatches(address, "b@example.com")).toBe(false);
    expect(entryMatches(address, "a@mail.example.com")).toBe(false);
  });

  // Letters, digits, inner hyphens; "ab--" is left out (reserved for IDNA labels such as xn--…).
  const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/).filter((l) => l.slice(2, 4) !== "--");
  const tld = fc.stringMatching(/^[a-z]{2,6}$/);
  const domainArb = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
    .map(([ls, t]) => [...ls, t].join("."));
  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,10}[a-z0-9]$/).filter((l) => !l.includes(".."));

  it("a blocked domain matches every address at it and at its subdomains, and no other (property)", () => {
    fc.assert(
      fc.property(domainArb, domainArb, fc.array(label, { maxLength: 2 }), local, (blocked, other, subs, user) => {
        const parsed = parseBlockEntry(`@${blocked}`);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const at = [...subs, blocked].join(".");
        expect(entryMatches(parsed.entry, `${user}@${at}`)).toBe(true);
        expect(entryMatches(parsed.entry, `${user.toUpperCase()}@${at.toUpperCase()}`)).toBe(true);
        const otherIsUnder = other === blocked || other.endsWith(`.${blocked}`);
        expect(entryMatches(parsed.entry, `${user}@${other}`)).toBe(otherIsUnder);
        // A name that ends with the blocked one's text but is not under it.
        expect(entryMatches(parsed.entry, `${user}@x${blocked}`)).toBe(false);
      }),
    );
  });

  it("a blocked address matches itself in any case and nothing else (property)", () => {
    fc.assert(
      fc.property(local, local, domainArb, (a, b, domain) => {
        const parsed = parseBlockEntry(`${a}@${domain}`);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(entryMatches(parsed.entry, `${a.toUpperCase()}@${domain}`)).toBe(true);
        expect(entryMatches(parsed.entry, `${b}@${domain}`)).toBe(a === b);
        expect(entryMatches(parsed.entry, `${a}@sub.${domain}`)).toBe(false);
      }),
    );
  });

  // Text made of the pieces entries are made of, so that many of them nearly parse.
  const entryLike = fc
    .array(fc.constantFrom("a", "Z", "0", "-", ".", "@", "*", "'", '"', " ", "ü", "例", "xn--", "=", ":", "/", "。"), {
      maxLength: 30,
    })
    .map((parts) => parts.join(""));

  it("never throws, whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 40 }), entryLike), (text) => {
        const parsed = parseBlockEntry(text);
        if (parsed.ok) {
          expect(parsed.entry.value).toBe(parsed.entry.value.trim());
          // What is stored reads back as itself.
          expect(
            parseBlockEntry(parsed.entry.kind === "domain" ? `@${parsed.entry.value}` : parsed.entry.value),
          ).toEqual(parsed);
        }
        matchCandidates(text);
      }),
    );
  });
});
