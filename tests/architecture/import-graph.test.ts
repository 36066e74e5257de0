// The folder structure as a rule (issue 29): the web's features never import
// each other in a loop, the server's engines and shared operations never
// reach up into the HTTP features, and the sending engine does not depend on
// the mailbox engine. Biome's noImportCycles guards single files; this guards
// folders.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const aliases: Record<string, string> = {
  "#server/": "src/server/",
  "#shared/": "src/shared/",
  "#web/": "src/web/",
  "#tests/": "tests/",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** The repository paths a file imports (relative and aliased specifiers; packages left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const spec = m[1]!.split("?")[0]!;
    const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
    if (alias) out.push(aliases[alias]! + spec.slice(alias.length));
    else if (spec.startsWith(".")) out.push(normalize(join(dirname(file), spec)));
  }
  return out;
}

/** Folder-to-folder imports under `base` (the first path segment below it). */
function folderEdges(base: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(base)) {
    const from = file.slice(base.length).split("/")[0]!;
    for (const target of importsOf(file)) {
      if (!target.startsWith(base)) continue;
      const to = target.slice(base.length).split("/")[0]!;
      if (to === from || !to || to.includes(".")) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Every cycle, each once, as "a → b → a". */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (start: string, node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) found.push([...path, start].join(" → "));
      else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return found;
}

describe("import graph", () => {
  it("the web's features import each other without a loop", () => {
    const edges = folderEdges("src/web/features/");
    expect(edges.size).toBeGreaterThan(5); // the walk sees the features
    expect(cycles(edges)).toEqual([]);
  });

  it("finds a loop when there is one", () => {
    const edges = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(cycles(edges)).toEqual(["a → b → c → a"]);
  });

  it.each(["sending", "mailbox", "webhooks", "domain", "db", "mail"])(
    "server/%s does not import the HTTP features",
    (folder) => {
      const upward = sourceFiles(`src/server/${folder}`).flatMap((file) =>
        importsOf(file)
          .filter((t) => t.startsWith("src/server/features/"))
          .map((t) => `${file} → ${t}`),
      );
      expect(upward).toEqual([]);
    },
  );

  it("the sending engine does not import the mailbox engine", () => {
    const found = sourceFiles("src/server/sending").flatMap((file) =>
      importsOf(file)
        .filter((t) => t.startsWith("src/server/mailbox/"))
        .map((t) => `${file} → ${t}`),
    );
    expect(found).toEqual([]);
  });
});
