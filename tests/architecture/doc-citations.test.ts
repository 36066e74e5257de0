// Citations in comments and docs point into the repository (issue 29): the
// product's rules are docs/product.md, the architecture docs/architecture.md.
// The product specification and the design note they were first written from
// live outside the repository, so a comment citing them sends a reader
// nowhere. This fails on such a citation, and on a "docs/product.md §N" or
// "docs/architecture.md §N" (or a link to one of their headings) that names a
// section the document does not have.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const self = relative(root, import.meta.filename);

/** Text files under the folders that hold code, tests, benchmarks and docs, plus the README. */
function files(): string[] {
  const out = ["README.md"];
  for (const dir of ["src", "tests", "scripts", "bench", "docs"]) {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
      if (!e.isFile() || !/\.(ts|tsx|mjs|js|md|sql|json|css|html)$/.test(e.name)) continue;
      const file = relative(root, join(e.parentPath, e.name));
      if (file.includes("node_modules") || file.includes("/migrations/meta/")) continue;
      out.push(file);
    }
  }
  return out.filter((f) => f !== self);
}

const texts = new Map(files().map((f) => [f, readFileSync(join(root, f), "utf8")]));

/** The citations of documents outside the repository. */
const external = [
  /\bspec(?:ification)?(?:'s)?\s+part\s+[12]\b/i,
  /\bpart\s+[12]\s+§/i,
  /\bspec(?:'s)?\s+§/i,
  /\bDESIGN(?:\.md)?\b/,
];

/** Line numbers (1-based) of `text` where `pattern` matches. */
function linesMatching(text: string, pattern: RegExp): number[] {
  return text.split("\n").flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

/** The numbered headings of a document ("## 9. …" → 9, "### 9.4 …" → 9.4), with their anchors. */
function sections(doc: string): { numbers: Set<string>; anchors: Set<string> } {
  const numbers = new Set<string>();
  const anchors = new Set<string>();
  for (const m of readFileSync(join(root, doc), "utf8").matchAll(/^#{1,6} (.+)$/gm)) {
    const heading = m[1]!.trim();
    const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(heading)?.[1];
    if (number) numbers.add(number);
    // GitHub's anchor: lower case, punctuation dropped, each space a hyphen.
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return { numbers, anchors };
}

const documents = {
  "product.md": sections("docs/product.md"),
  "architecture.md": sections("docs/architecture.md"),
} as const;

type Citation = { file: string; line: number; doc: keyof typeof documents; section: string };

/** Every "product.md §N" / "architecture.md §N" (also "§N, §M and §K" after one name). */
function citations(): Citation[] {
  const out: Citation[] = [];
  for (const [file, text] of texts) {
    text.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(/(product|architecture)\.md((?:\s*(?:,|and|;)?\s*§\d+(?:\.\d+)*)+)/g)) {
        for (const s of m[2]!.matchAll(/§(\d+(?:\.\d+)*)/g)) {
          out.push({ file, line: i + 1, doc: `${m[1]}.md` as keyof typeof documents, section: s[1]! });
        }
      }
    });
  }
  return out;
}

describe("citations of documents", () => {
  it("cites no document kept outside the repository (the product spec, DESIGN.md)", () => {
    const found = [...texts].flatMap(([file, text]) =>
      external.flatMap((pattern) => linesMatching(text, pattern).map((line) => `${file}:${line}`)),
    );
    expect(found).toEqual([]);
  });

  it("finds the citations it checks", () => {
    const all = citations();
    expect(all.filter((c) => c.doc === "product.md").length).toBeGreaterThan(100);
    expect(all.some((c) => c.doc === "architecture.md")).toBe(true);
  });

  it("names only sections that docs/product.md and docs/architecture.md have", () => {
    const missing = citations()
      .filter((c) => !documents[c.doc].numbers.has(c.section))
      .map((c) => `${c.file}:${c.line}: ${c.doc} §${c.section}`);
    expect(missing).toEqual([]);
  });

  it("links only to headings those documents have", () => {
    const missing: string[] = [];
    for (const [file, text] of texts) {
      if (!file.endsWith(".md")) continue;
      text.split("\n").forEach((line, i) => {
        for (const m of line.matchAll(/\]\((?:[./\w-]*\/)?(product|architecture)\.md#([^)\s]+)\)/g)) {
          const doc = `${m[1]}.md` as keyof typeof documents;
          if (!documents[doc].anchors.has(m[2]!)) missing.push(`${file}:${i + 1}: ${doc}#${m[2]}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it("reads the sections of docs/product.md", () => {
    const { numbers } = documents["product.md"];
    for (const n of ["1", "9", "9.4", "17.4", "19"]) expect(numbers.has(n)).toBe(true);
  });
});
