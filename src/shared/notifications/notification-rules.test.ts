import { describe, expect, it } from "vitest";
import { moreOpensLine, replyExcerpt, retryDelaySeconds } from "./notification-rules.ts";

describe("retryDelaySeconds", () => {
  it("doubles from a minute and stops at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect(retryDelaySeconds(0)).toBe(60);
    expect(retryDelaySeconds(40)).toBe(3600);
  });
});

describe("replyExcerpt", () => {
  it("trims, folds runs of blank lines and keeps line breaks", () => {
    expect(replyExcerpt("\r\n  Sounds good.\r\n\r\n\r\n\r\nCall me Tuesday.  \r\n\n")).toBe(
      "Sounds good.\n\nCall me Tuesday.",
    );
  });

  it("cuts a long reply at the limit with an ellipsis", () => {
    const cut = replyExcerpt(`${"word ".repeat(100)}`, 21);
    expect(cut).toBe("word word word word…");
    expect(cut.length).toBeLessThanOrEqual(21);
    expect(replyExcerpt("short", 21)).toBe("short");
  });
});

describe("moreOpensLine", () => {
  it("names what the digest leaves out", () => {
    expect(moreOpensLine(20, 20)).toBeNull();
    expect(moreOpensLine(21, 20)).toBe("and 1 more open");
    expect(moreOpensLine(45, 20)).toBe("and 25 more opens");
  });
});
