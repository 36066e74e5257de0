import { describe, expect, it } from "vitest";
import { mimeStructure, parseHeaderBlock, parseParameterized } from "./mime-structure.ts";

const crlf = (lines: string[]) => lines.join("\r\n");

describe("parseHeaderBlock", () => {
  it("keeps every field in order, duplicates included, and unfolds folded lines", () => {
    const block = crlf([
      "Received: from a.test by b.test;",
      "\tMon, 1 Mar 2027 10:00:00 +0000",
      "Received: from c.test by a.test",
      "Subject: A long",
      "  subject",
      "X-Empty:",
    ]);
    expect(parseHeaderBlock(block)).toEqual([
      { name: "Received", value: "from a.test by b.test;\tMon, 1 Mar 2027 10:00:00 +0000" },
      { name: "Received", value: "from c.test by a.test" },
      { name: "Subject", value: "A long  subject" },
      { name: "X-Empty", value: "" },
    ]);
  });
});

describe("parseParameterized", () => {
  it("reads quoted, unquoted, RFC 2231 and continued parameters", () => {
    expect(parseParameterized('Text/Calendar; charset="utf-8"; METHOD=REQUEST')).toEqual({
      value: "text/calendar",
      params: { charset: "utf-8", method: "REQUEST" },
    });
    expect(parseParameterized("attachment; filename*=UTF-8''%C3%A9t%C3%A9.pdf").params.filename).toBe("été.pdf");
    expect(parseParameterized('attachment; filename*0="long "; filename*1="name.txt"').params.filename).toBe(
      "long name.txt",
    );
    expect(parseParameterized('inline; filename="semi;colon \\"q\\".txt"').params.filename).toBe('semi;colon "q".txt');
  });
});

describe("mimeStructure", () => {
  it("numbers nested parts like mailparser and reads each part's type, charset, encoding and file name", () => {
    const source = crlf([
      "From: a@example.com",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "This is the preamble.",
      "--outer",
      "Content-Type: multipart/alternative;",
      ' boundary="inner"',
      "",
      "--inner",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 7bit",
      "",
      "Hello",
      "--inner",
      "Content-Type: text/calendar; method=REQUEST",
      "",
      "BEGIN:VCALENDAR",
      "END:VCALENDAR",
      "--inner--",
      "--outer",
      "Content-Type: application/pdf; name=quote.pdf",
      "Content-Disposition: attachment",
      "Content-Transfer-Encoding: BASE64",
      "",
      "AAEC",
      "--outer",
      "",
      "A part without headers is text/plain.",
      "--outer--",
      "epilogue",
    ]);
    expect(mimeStructure(source)).toEqual([
      {
        partId: "",
        depth: 0,
        contentType: "multipart/mixed",
        charset: null,
        transferEncoding: null,
        disposition: null,
        filename: null,
      },
      {
        partId: "1",
        depth: 1,
        contentType: "multipart/alternative",
        charset: null,
        transferEncoding: null,
        disposition: null,
        filename: null,
      },
      {
        partId: "1.1",
        depth: 2,
        contentType: "text/plain",
        charset: "utf-8",
        transferEncoding: "7bit",
        disposition: null,
        filename: null,
      },
      {
        partId: "1.2",
        depth: 2,
        contentType: "text/calendar",
        charset: null,
        transferEncoding: null,
        disposition: null,
        filename: null,
      },
      {
        partId: "2",
        depth: 1,
        contentType: "application/pdf",
        charset: null,
        transferEncoding: "base64",
        disposition: "attachment",
        filename: "quote.pdf",
      },
      {
        partId: "3",
        depth: 1,
        contentType: "text/plain",
        charset: null,
        transferEncoding: null,
        disposition: null,
        filename: null,
      },
    ]);
  });

  it("treats a single-part message as one part and an attached message as a leaf", () => {
    expect(mimeStructure("Subject: x\n\nbody").map((p) => [p.partId, p.contentType])).toEqual([["", "text/plain"]]);
    const forwarded = crlf([
      "Content-Type: multipart/mixed; boundary=X",
      "",
      "--X",
      "Content-Type: message/rfc822",
      "",
      "Content-Type: multipart/mixed; boundary=Y",
      "",
      "--Y",
      "Content-Type: text/plain",
      "",
      "inner",
      "--Y--",
      "--X--",
    ]);
    expect(mimeStructure(forwarded).map((p) => [p.partId, p.contentType])).toEqual([
      ["", "multipart/mixed"],
      ["1", "message/rfc822"],
    ]);
  });

  it("survives broken input: no closing boundary, no boundary, endless nesting", () => {
    const unclosed = crlf([
      "Content-Type: multipart/mixed; boundary=X",
      "",
      "--X",
      "Content-Type: text/html",
      "",
      "<p>",
    ]);
    expect(mimeStructure(unclosed).map((p) => p.contentType)).toEqual(["multipart/mixed", "text/html"]);
    expect(mimeStructure("Content-Type: multipart/mixed\r\n\r\n--X\r\n").map((p) => p.partId)).toEqual([""]);
    let nested = "leaf";
    for (let i = 0; i < 100; i++)
      nested = crlf([`Content-Type: multipart/mixed; boundary=b${i}`, "", `--b${i}`, nested]);
    const parts = mimeStructure(nested);
    expect(parts.length).toBeLessThanOrEqual(33);
    expect(parts.at(-1)?.depth).toBe(32);
  });
});
