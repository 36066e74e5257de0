// The header record the sync selects on, from a raw header section.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEncodedWords, parseHeaderBlock } from "./header-block.ts";

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

describe("decodeEncodedWords", () => {
  it("decodes B and Q words in their charset, joining adjacent words", () => {
    expect(decodeEncodedWords("=?UTF-8?Q?Onbestelbaar:_Hello?=")).toBe("Onbestelbaar: Hello");
    expect(decodeEncodedWords("=?utf-8?B?6YCA5L+h?= Hello")).toBe("退信 Hello");
    expect(decodeEncodedWords("=?ISO-8859-1?Q?N=E3o_entregue?=")).toBe("Não entregue");
    // "ã" (C3 A3) split between two words, and the space between them dropped.
    expect(decodeEncodedWords("=?UTF-8?Q?N=C3?= =?UTF-8?Q?=A3o?= foi")).toBe("Não foi");
    expect(decodeEncodedWords("=?gb2312?B?zcvQxQ==?=")).toBe("退信");
  });

  it("leaves plain text and malformed words as they are, and reads an unknown charset's bytes as mailparser does", () => {
    expect(decodeEncodedWords("Undelivered Mail")).toBe("Undelivered Mail");
    expect(decodeEncodedWords("a =?x-unknown?Q?abc?= b")).toBe("a abc b");
    expect(decodeEncodedWords("=?utf-8?Q?not closed")).toBe("=?utf-8?Q?not closed");
  });

  it("never throws, and keeps a header's bound, whatever the words hold", () => {
    const word = fc
      .tuple(
        fc.constantFrom("utf-8", "gb2312", "iso-8859-1", "x-unknown", "utf-16", ""),
        fc.constantFrom("B", "Q", "b", "x"),
        fc.string(),
      )
      .map(([charset, enc, text]) => `=?${charset}?${enc}?${text}?=`);
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.string()), { maxLength: 8 }), (parts) => {
        const out = decodeEncodedWords(parts.join(" "));
        expect(typeof out).toBe("string");
        expect(out).not.toContain("\u0000");
      }),
    );
  });
});
