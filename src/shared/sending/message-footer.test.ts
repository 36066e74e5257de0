import { describe, expect, it } from "vitest";
import { appendFooterHtml, appendFooterText, listUnsubscribeHeaders, openPixelHtml } from "./message-footer.ts";

const footer = {
  signature: "Jane Smith\nAcme & Co",
  legalDisclaimer: "Acme Ltd, 1 Road, London",
  unsubscribeUrl: "https://app.test/u/abc.def",
  openPixelUrl: "https://app.test/t/o/abc.xyz.gif",
};

describe("listUnsubscribeHeaders", () => {
  it("offers the one-click URL and a mailto, per RFC 8058", () => {
    expect(listUnsubscribeHeaders("https://app.test/u/abc.def", "jane@acme.test")).toEqual({
      "List-Unsubscribe": "<https://app.test/u/abc.def>, <mailto:jane@acme.test?subject=unsubscribe>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("appendFooterHtml", () => {
  it("adds signature, disclaimer, unsubscribe link and, last, the pixel", () => {
    const html = appendFooterHtml("<p>Hi</p>", footer);
    expect(html).toContain("<div><p>Jane Smith<br>Acme &amp; Co</p></div>");
    expect(html).toContain("Acme Ltd, 1 Road, London");
    expect(html).toContain('<a href="https://app.test/u/abc.def">Unsubscribe</a>');
    expect(html.endsWith(openPixelHtml(footer.openPixelUrl))).toBe(true);
    expect(openPixelHtml(footer.openPixelUrl)).toBe(
      '<img src="https://app.test/t/o/abc.xyz.gif" width="1" height="1" alt="">',
    );
  });

  it("leaves out what is empty or off", () => {
    expect(appendFooterHtml("<p>Hi</p>", { signature: " ", legalDisclaimer: "" })).toBe("<p>Hi</p>");
  });
});

describe("appendFooterText", () => {
  it("separates the blocks with blank lines and shows the unsubscribe URL", () => {
    expect(appendFooterText("Hi Jane\n", footer)).toBe(
      "Hi Jane\n\nJane Smith\nAcme & Co\n\nAcme Ltd, 1 Road, London\n\nUnsubscribe: https://app.test/u/abc.def\n",
    );
    expect(appendFooterText("Hi", { signature: "", legalDisclaimer: "" })).toBe("Hi\n");
  });
});
