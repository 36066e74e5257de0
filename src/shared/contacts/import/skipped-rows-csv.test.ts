import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv-parse.ts";
import { skippedRowsCsv } from "./skipped-rows-csv.ts";

describe("skippedRowsCsv", () => {
  it("writes row, column, reason and value, quoting commas and quotes and making formulas text", () => {
    const text = skippedRowsCsv([
      { row: 3, column: "First Name", reason: "First Name must be at most 200 characters.", value: 'a, "b"' },
      { row: 9, column: "Email", reason: "Enter a valid email address", value: "=HYPERLINK(1)" },
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(parseCsv(text.slice(1)).filter((r) => r.some((c) => c !== ""))).toEqual([
      ["row", "column", "reason", "value"],
      ["3", "First Name", "First Name must be at most 200 characters.", 'a, "b"'],
      ["9", "Email", "Enter a valid email address", "'=HYPERLINK(1)"],
    ]);
  });
});
