// The header record the sync selects on, from a raw header section.
import { describe, expect, it } from "vitest";
import { parseHeaderBlock } from "./header-block.ts";

describe("parseHeaderBlock", () => {
  it("lower-cases names, unfolds values, joins repeats and stops at the body", () => {
    const block = [
      "Return-Path: <>",
      "Received: from a by b",
      "Received: from c",
      "\tby d",
      "Message-ID: <x@y>",
      "References: <a@b>",
      "  <c@d>",
      "Subject:   Re: hello  ",
      "",
      "Body-Looking: line",
    ].join("\r\n");
    expect(parseHeaderBlock(Buffer.from(block))).toEqual({
      "return-path": "<>",
      received: "from a by b\nfrom c\tby d",
      "message-id": "<x@y>",
      references: "<a@b>  <c@d>",
      subject: "Re: hello",
    });
  });

  it("reads bare LF line ends and skips lines that are not headers", () => {
    expect(parseHeaderBlock("From nobody Mon Jan 1\nX-A: 1\n: empty name\n__proto__: polluted\nX-B:2\n")).toEqual({
      "x-a": "1",
      "x-b": "2",
    });
    expect(Object.getPrototypeOf(parseHeaderBlock("__proto__: x\n"))).toBe(Object.prototype);
  });
});
