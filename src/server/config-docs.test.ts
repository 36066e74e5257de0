// docs/configuration.md must not drift from config.ts. "Read" means a key of
// envSchema: loadConfig parses the environment through it, which keeps only
// its keys, and reads nothing else. "Documented" means named in the first
// column of a table of that file whose first header cell is "variable".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "./config.ts";

const docFile = join(import.meta.dirname, "../../docs/configuration.md");

type DocumentedRow = { names: string[]; defaultCell: string };

/** The cells of a Markdown table row ("| a | b |" → ["a", "b"]). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

/** The rows of every "variable" table: the names in backticks of the first cell, and the second cell. */
function documentedRows(markdown: string): DocumentedRow[] {
  const rows: DocumentedRow[] = [];
  /** Inside a table: whether it is a "variable" one; null outside tables. */
  let variableTable: boolean | null = null;
  for (const line of markdown.split("\n")) {
    if (!line.trimStart().startsWith("|")) {
      variableTable = null;
      continue;
    }
    const cells = cellsOf(line);
    if (variableTable === null) {
      variableTable = cells[0] === "variable";
      continue;
    }
    if (!variableTable || cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    const names = [...(cells[0] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    rows.push({ names, defaultCell: cells[1] ?? "" });
  }
  return rows;
}

const rows = documentedRows(readFileSync(docFile, "utf8"));
const documented = rows.flatMap((row) => row.names);
const read = Object.keys(envSchema.shape);

describe("docs/configuration.md", () => {
  it("documents every environment variable config.ts reads", () => {
    expect(read.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("documents no environment variable config.ts does not read", () => {
    expect(documented.filter((name) => !read.includes(name))).toEqual([]);
  });

  it("names each variable in one row, and every row names one", () => {
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
    expect(rows.filter((row) => row.names.length === 0)).toEqual([]);
  });

  it("gives each default config.ts has, as config.ts has it", () => {
    const defaults: Record<string, unknown> = envSchema.parse({});
    const wrong = rows.flatMap((row) =>
      row.names.flatMap((name) => {
        const value = defaults[name];
        // No default, or one worked out at start (HOST, PUBLIC_URL, APP_SECRET): the text says how.
        if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
        const expected = `\`${String(value)}\``;
        return row.defaultCell === expected ? [] : [{ name, documented: row.defaultCell, expected }];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
