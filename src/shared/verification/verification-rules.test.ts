// Typo suggestions, the disposable and role lists, and the verdict table.
import { describe, expect, it } from "vitest";
import { isDisposableDomain } from "./disposable.ts";
import { isRoleAccount } from "./role-account.ts";
import { suggestTypo } from "./typo-suggestion.ts";
import { decideVerdict, type VerdictInput } from "./verdict.ts";

describe("suggestTypo", () => {
  it.each([
    ["bob@gmial.com", "bob@gmail.com"],
    ["bob@hotmial.com", "bob@hotmail.com"],
    ["bob@yaho.com", "bob@yahoo.com"],
    ["bob@gmail.con", "bob@gmail.com"],
    ["bob@outlok.com", "bob@outlook.com"],
  ])("%s → %s", (email, suggestion) => {
    expect(suggestTypo(email)).toBe(suggestion);
  });

  it.each([
    "bob@gmail.com",
    "bob@hotmail.com",
    "bob@acme-widgets.example",
    "bob@valid.test",
    "bob@acme.io",
    "bob@yopmail.com",
  ])("no suggestion for %s", (email) => {
    expect(suggestTypo(email)).toBeNull();
  });
});

describe("isDisposableDomain", () => {
  const list = new Set(["yopmail.com", "mailinator.com"]);
  const listed = (d: string) => list.has(d);
  it("matches a listed domain and its subdomains, whatever the case", () => {
    expect(isDisposableDomain("yopmail.com", listed)).toBe(true);
    expect(isDisposableDomain("YOPMAIL.com", listed)).toBe(true);
    expect(isDisposableDomain("x.mailinator.com", listed)).toBe(true);
  });
  it("does not match other domains nor a bare TLD", () => {
    expect(isDisposableDomain("gmail.com", listed)).toBe(false);
    expect(isDisposableDomain("notyopmail.com", listed)).toBe(false);
    expect(isDisposableDomain("com", (d) => d === "com")).toBe(false);
  });
});

describe("isRoleAccount", () => {
  it.each([
    "info",
    "Sales",
    "support",
    "admin",
    "noreply",
    "no-reply",
    "postmaster",
    "abuse",
    "hr",
    "careers",
    "info+x",
  ])("%s is a role", (local) => expect(isRoleAccount(local)).toBe(true));
  it.each(["alice", "john.smith", "informatics", "salesforce-bob"])("%s is a person", (local) =>
    expect(isRoleAccount(local)).toBe(false),
  );
});

describe("decideVerdict", () => {
  const base: VerdictInput = { syntaxOk: true, suggestedCorrection: null, disposable: false, role: false };
  it.each<[string, Partial<VerdictInput>, string, boolean, boolean, string[]]>([
    ["bad syntax", { syntaxOk: false }, "invalid", false, false, ["invalid_syntax"]],
    ["disposable", { disposable: true }, "disposable", true, false, ["disposable"]],
    ["null MX", { domain: "null_mx" }, "invalid", false, false, ["null_mx"]],
    ["no mail host", { domain: "no_mail_host" }, "invalid", false, false, ["no_mail_host"]],
    ["DNS timeout", { domain: "dns_timeout" }, "unknown", false, false, ["dns_timeout"]],
    ["SERVFAIL", { domain: "dns_error" }, "unknown", false, false, ["dns_error"]],
    ["MX, no probe", { domain: "mx", mailbox: "skipped" }, "valid", true, true, ["smtp_probe_skipped"]],
    ["A fallback, accepted", { domain: "a_fallback", mailbox: "accepted" }, "valid", true, true, ["no_mx_a_fallback"]],
    ["accepted", { domain: "mx", mailbox: "accepted" }, "valid", true, true, []],
    ["rejected", { domain: "mx", mailbox: "rejected" }, "invalid", false, false, ["mailbox_rejected"]],
    ["catch-all", { domain: "mx", mailbox: "catchall" }, "catchall", true, false, ["catch_all"]],
    ["4xx", { domain: "mx", mailbox: "unknown" }, "unknown", true, false, ["smtp_unknown"]],
    [
      "role with typo",
      { role: true, suggestedCorrection: "info@gmail.com", domain: "mx", mailbox: "accepted" },
      "valid",
      true,
      true,
      ["typo_suggested", "role_account"],
    ],
  ])("%s", (_name, input, result, isValid, isDeliverable, flags) => {
    expect(decideVerdict({ ...base, ...input })).toEqual({ result, isValid, isDeliverable, flags });
  });
});
