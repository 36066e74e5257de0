// The syntax rules over a table of addresses servers accept and refuse,
// internationalised ones (RFC 6531/6532, IDN) included.
import { describe, expect, it } from "vitest";
import { checkEmailSyntax, type SyntaxProblem } from "./email-syntax.ts";

const valid = [
  "alice@example.com",
  "Alice@Example.COM",
  "a@b.co",
  "first.last@example.com",
  "first.middle.last@example.com",
  "user+tag@example.com",
  "user+tag+more@example.com",
  "user-name@example.com",
  "user_name@example.com",
  "x@sub.domain.example.com",
  "x@a-b.example.com",
  "x@a--b.example.com",
  "x@xn--bcher-kva.example",
  "1234567890@example.com",
  "o'reilly@example.ie",
  "!#$%&'*+/=?^_`{|}~-@example.org",
  "a{b}c@example.org",
  "user=value@example.net",
  "user%host@example.net",
  "_underscore@example.com",
  "-leadinghyphen@example.com",
  "trailinghyphen-@example.com",
  "x@123.example.com",
  "x@example.co.uk",
  "x@example.museum",
  "x@example.technology",
  "x@a.io",
  "x@1a.io",
  '"john doe"@example.com',
  '"john..doe"@example.com',
  '"with@at"@example.com',
  '"quoted\\"escape"@example.com',
  '""@example.com'.replace('""', '"a"'),
  "pelé@example.com",
  "用户@例子.广告",
  "अजय@डाटा.भारत",
  "квіточка@пошта.укр",
  "θσερ@εχαμπλε.ψομ",
  "Dörte@Sörensen.example.com",
  "коля@пример.рф",
  "χρήστης@παράδειγμα.ελ",
  "josé@correo.es",
  "用户@example.com",
  "user@bücher.de",
  "user@münchen.de",
  "Ølaf@blåbær.no",
  "ñandú@sudamérica.ar",
  "δοκιμή@παράδειγμα.δοκιμή",
  "我買@屋企.香港",
  "二ノ宮@黒川.日本",
  "medotcom@medotcom.com",
  `${"a".repeat(64)}@example.com`,
  `x@${"a".repeat(63)}.com`,
  `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`,
  "x@example.c0m",
  "x.y.z@example.com",
  "x@ex-ample.com",
  "a1@b2.c3d",
];

const invalid: [string, SyntaxProblem][] = [
  ["", "empty"],
  ["   ", "empty"],
  ["plainaddress", "missing_at"],
  ["example.com", "missing_at"],
  ["@example.com", "empty_local"],
  ["alice@", "empty_domain"],
  ["@", "empty_local"],
  ["alice@@example.com", "bad_local"],
  ["a@b@example.com", "bad_local"],
  [".alice@example.com", "bad_local"],
  ["alice.@example.com", "bad_local"],
  ["al..ice@example.com", "bad_local"],
  ["al ice@example.com", "bad_local"],
  ["alice @example.com", "bad_local"],
  ["alice@exa mple.com", "bad_domain"],
  ['"unclosed@example.com', "bad_local"],
  ['a"b"c@example.com', "bad_local"],
  ["a(b)c@example.com", "bad_local"],
  ["a,b@example.com", "bad_local"],
  ["a:b@example.com", "bad_local"],
  ["a;b@example.com", "bad_local"],
  ["a<b>@example.com", "bad_local"],
  ["a[b]@example.com", "bad_local"],
  ["a\\b@example.com", "bad_local"],
  ["Alice <alice@example.com>", "bad_local"],
  ["alice@example", "bad_domain"],
  ["alice@localhost", "bad_domain"],
  ["alice@.example.com", "bad_domain"],
  ["alice@example.com.", "bad_domain"],
  ["alice@example..com", "bad_domain"],
  ["alice@-example.com", "bad_domain"],
  ["alice@example-.com", "bad_domain"],
  ["alice@example.-com", "bad_domain"],
  ["alice@exa_mple.com", "bad_domain"],
  ["alice@example.com-", "bad_domain"],
  ["alice@[192.0.2.1]", "bad_domain"],
  ["alice@192.0.2.1", "bad_domain"],
  ["alice@example.123", "bad_domain"],
  ["alice@exam!ple.com", "bad_domain"],
  ["alice@exam*ple.com", "bad_domain"],
  ["alice@example.com/path", "bad_domain"],
  ["alice@ex,ample.com", "bad_domain"],
  ["alice@例子..广告", "bad_domain"],
  ["用户@例子", "bad_domain"],
  ["пошта@-пример.рф", "bad_domain"],
  [`x@${"a".repeat(64)}.com`, "bad_domain"],
  [`${"a".repeat(65)}@example.com`, "local_too_long"],
  // 33 characters, 66 octets of UTF-8.
  [`${"é".repeat(33)}@example.com`, "local_too_long"],
  [
    `a@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.com`,
    "domain_too_long",
  ],
  [`${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`, "too_long"],
  ["alice@ex\tample.com", "bad_domain"],
  ["ali\tce@example.com", "bad_local"],
  ["alice@exam\u0000ple.com", "bad_domain"],
];

describe("checkEmailSyntax", () => {
  it("has a table of at least 100 addresses", () => {
    expect(valid.length + invalid.length).toBeGreaterThanOrEqual(100);
  });

  it.each(valid)("accepts %s", (address) => {
    const check = checkEmailSyntax(address);
    expect(check).toMatchObject({ ok: true });
  });

  it.each(invalid)("refuses %j (%s)", (address, reason) => {
    expect(checkEmailSyntax(address)).toEqual({ ok: false, reason });
  });

  it("splits at the last @, lowercases the domain and keeps the local part's case", () => {
    expect(checkEmailSyntax("  Bob.Smith@Example.COM ")).toEqual({
      ok: true,
      local: "Bob.Smith",
      domain: "example.com",
    });
    expect(checkEmailSyntax('"a@b"@example.com')).toEqual({ ok: true, local: '"a@b"', domain: "example.com" });
  });
});
