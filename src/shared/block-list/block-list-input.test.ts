import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRecord } from "../contacts/contacts-csv.ts";
import { blockListCsvHeader } from "./block-list.schemas.ts";
import { fileLines, firstCell, lineCount, numbered, planEntries, typedEntries } from "./block-list-input.ts";
import { skipLabel } from "./block-list-reasons.ts";

describe("firstCell", () => {
  it.each([
    ["ann@example.com", "ann@example.com"],
    ["ann@example.com,Ann,Acme", "ann@example.com"],
    ["ann@example.com;Ann", "ann@example.com"],
    ["ann@example.com\tAnn", "ann@example.com"],
    ['"ann@example.com",Ann', "ann@example.com"],
    ['"say ""hi""@example.com",x', 'say "hi"@example.com'],
    ['"a,b"c,d', "a,bc"],
    ['"unclosed, still one cell', "unclosed, still one cell"],
    ["", ""],
  ])("%j → %j", (line, cell) => {
    expect(firstCell(line)).toBe(cell);
  });
});

describe("fileLines", () => {
  it("numbers the lines as an editor does, whatever the line endings; a final line break adds none", () => {
    expect(fileLines("a@x.test\r\nb@x.test\nc@x.test\rd@x.test\n")).toEqual({
      lines: [
        { line: 1, input: "a@x.test" },
        { line: 2, input: "b@x.test" },
        { line: 3, input: "c@x.test" },
        { line: 4, input: "d@x.test" },
      ],
      header: false,
    });
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("")).toBe(0);
    expect(lineCount("\n")).toBe(1);
  });

  it("reads line 1 as a header when it is no entry and has no @ or dot", () => {
    for (const header of ["email", "Email Address", "domain", '"Address or domain"']) {
      expect(fileLines(`${header}\nann@x.test`)).toEqual({ lines: [{ line: 2, input: "ann@x.test" }], header: true });
    }
    // An entry, or something like one, on line 1 is a line like the others.
    expect(fileLines("x.test\nann@x.test").header).toBe(false);
    expect(fileLines("not an@address\n").header).toBe(false);
    expect(fileLines("\nann@x.test")).toEqual({
      lines: [
        { line: 1, input: "" },
        { line: 2, input: "ann@x.test" },
      ],
      header: false,
    });
  });

  it("reads back the export's own file: header, quoted cells and formula-looking text", () => {
    const file =
      "\uFEFF" +
      csvRecord(blockListCsvHeader) +
      csvRecord(["=cmd@x.test", "address", "Blocked by you", "2026-12-07T09:00:00.000Z"]) +
      csvRecord(["x.test", "domain", "Imported", "2026-12-07T09:00:00.000Z"]);
    const { lines, header } = fileLines(file);
    expect(header).toBe(true);
    expect(planEntries(lines)).toEqual({
      entries: [
        { line: 2, input: "'=cmd@x.test", entry: { kind: "address", value: "=cmd@x.test" } },
        { line: 3, input: "x.test", entry: { kind: "domain", value: "x.test" } },
      ],
      skipped: [],
    });
  });
});

describe("planEntries", () => {
  it("plans each value once and says why every other line is skipped", () => {
    const { lines } = fileLines(
      ["ann@x.test", "", "ANN@X.TEST", "@y.test", "y.test", "not-an-address@", "no_domain", "b@y.test"].join("\n"),
    );
    const plan = planEntries(lines);
    expect(plan.entries.map((e) => [e.line, e.entry.kind, e.entry.value])).toEqual([
      [1, "address", "ann@x.test"],
      [4, "domain", "y.test"],
      [8, "address", "b@y.test"],
    ]);
    expect(plan.skipped.map((s) => [s.line, s.reason, skipLabel(s)])).toEqual([
      [2, "empty", "Empty line"],
      [3, "duplicate", "Duplicate of line 1"],
      [5, "duplicate", "Duplicate of line 4"],
      [6, "invalid_address", "Invalid address"],
      [7, "invalid_domain", "Invalid domain"],
    ]);
  });

  it("quotes at most 100 characters of a skipped line", () => {
    const [skip] = planEntries([{ line: 1, input: "x".repeat(500) }]).skipped;
    expect(skip?.input).toHaveLength(100);
    expect(skip?.input.endsWith("…")).toBe(true);
  });

  it("the Add box: entries apart by line breaks, commas, semicolons or spaces", () => {
    expect(typedEntries(" ann@x.test, bee@x.test;\n\n@y.test  z.test ")).toEqual([
      "ann@x.test",
      "bee@x.test",
      "@y.test",
      "z.test",
    ]);
    expect(numbered(["a", "b"])).toEqual([
      { line: 1, input: "a" },
      { line: 2, input: "b" },
    ]);
  });

  it("never throws, and accounts for every line exactly once (property)", () => {
    const piece = fc.constantFrom(
      "ann@x.test",
      "@y.test",
      "y.test",
      '"',
      ",",
      ";",
      "\t",
      "\r\n",
      "\n",
      "\r",
      " ",
      "é",
      "@",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece, { maxLength: 40 }).map((p) => p.join("")),
        ),
        (text) => {
          const { lines, header } = fileLines(text);
          const plan = planEntries(lines);
          const accounted = [...plan.entries.map((e) => e.line), ...plan.skipped.map((s) => s.line)].sort(
            (a, b) => a - b,
          );
          expect(accounted).toEqual(lines.map((l) => l.line));
          expect(lines.length + (header ? 1 : 0)).toBe(lineCount(text.replace(/^\uFEFF/, "")));
          expect(new Set(plan.entries.map((e) => e.entry.value)).size).toBe(plan.entries.length);
        },
      ),
    );
  });
});
