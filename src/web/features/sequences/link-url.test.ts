import { describe, expect, it } from "vitest";
import { normalizeLinkInput } from "./link-url.ts";

describe("normalizeLinkInput", () => {
  it.each([
    ["https://acme.test/a", "https://acme.test/a"],
    [" acme.test/pricing ", "https://acme.test/pricing"],
    ["jane@acme.test", "mailto:jane@acme.test"],
    ["mailto:jane@acme.test", "mailto:jane@acme.test"],
    ["{{website}}", "{{website}}"],
    ["{{ website }}", "{{ website }}"],
    ["javascript:alert(1)", null],
    ["data:text/html,x", null],
    ["/relative", null],
    ["two words", null],
    ["", null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeLinkInput(input)).toBe(expected);
  });
});
