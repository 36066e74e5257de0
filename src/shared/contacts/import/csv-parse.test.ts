import { describe, expect, it } from "vitest";
import { detectDelimiter, parseCsv } from "./csv-parse.ts";
import { ContactImportError } from "./import-error.ts";

describe("parseCsv", () => {
  it("splits records on CRLF, LF and CR, mixed in one file", () => {
    expect(parseCsv("a,b\r\n1,2\n3,4\r5,6")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("adds no record for a final line break", () => {
    expect(parseCsv("a\n1\n")).toEqual([["a"], ["1"]]);
    expect(parseCsv("a\r\n1\r\n")).toEqual([["a"], ["1"]]);
  });

  it("keeps blank lines as empty records (the import drops them)", () => {
    expect(parseCsv("a\n\n1\r\n\r\n2")).toEqual([["a"], [""], ["1"], [""], ["2"]]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'name,note\r\n"Doe, Jane","She said ""hi""\r\nand left"\n"",x';
    expect(parseCsv(text)).toEqual([
      ["name", "note"],
      ["Doe, Jane", 'She said "hi"\r\nand left'],
      ["", "x"],
    ]);
  });

  it("keeps text after a closing quote and quotes inside unquoted fields", () => {
    expect(parseCsv('"a"b,5" screen,x"y"')).toEqual([["ab", '5" screen', 'x"y"']]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv("a,,c,\n,,,")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
  });

  it("returns nothing for empty text", () => {
    expect(parseCsv("")).toEqual([]);
  });

  it("fails with 'Failed to read file' and the line for an unterminated quote", () => {
    const text = 'email,name\nj@x.io,"Jane\nk@x.io,Kim\nl@x.io,Lee';
    let error: unknown;
    try {
      parseCsv(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ContactImportError);
    expect((error as ContactImportError).toFailure()).toEqual({
      title: "Upload failed",
      message: "Failed to read file",
      detail: "A quoted value that starts on line 2 is never closed.",
    });
    expect(() => parseCsv('"')).toThrow("Failed to read file");
    expect(() => parseCsv('a,"b""')).toThrow("Failed to read file");
  });

  it("counts line breaks inside earlier quoted fields when reporting the line", () => {
    expect(() => parseCsv('a\n"x\ny"\n"open')).toThrow(ContactImportError);
    try {
      parseCsv('a\n"x\ny"\n"open');
    } catch (err) {
      expect((err as ContactImportError).detail).toBe("A quoted value that starts on line 4 is never closed.");
    }
  });

  it("reads a large file in one pass", () => {
    const line = '"Doe, J",j@example.com,"a ""quoted"" note"\n';
    const rows = parseCsv(`name,email,note\n${line.repeat(50_000)}`);
    expect(rows).toHaveLength(50_001);
    expect(rows[50_000]).toEqual(["Doe, J", "j@example.com", 'a "quoted" note']);
  });

  it("uses semicolons or tabs when the first line holds more of them than commas", () => {
    expect(detectDelimiter("email;name;company\nx")).toBe(";");
    expect(detectDelimiter("email\tname\tcompany,inc")).toBe("\t");
    expect(detectDelimiter("email,name")).toBe(",");
    expect(detectDelimiter("email")).toBe(",");
    expect(detectDelimiter('"a;b;c",d\n')).toBe(",");
    expect(parseCsv("email;name\nj@x.io;Jane, Doe")).toEqual([
      ["email", "name"],
      ["j@x.io", "Jane, Doe"],
    ]);
  });
});
