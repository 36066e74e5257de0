// A Vite plugin: `import { X, Plus } from "lucide-react"` in the web app becomes
// one import per icon module ("lucide-react/icons/x"), the names taken from
// lucide-react's own index. The output is the same code; what changes is the
// module graph the chunking rule reads (scripts/web-chunks.ts): through the
// index, every icon was imported by every file that imports any icon, so no
// icon could be told apart from the others (docs/decisions/019).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** Export name → icon module, read from the index's `export { default as X, … } from './icons/x.mjs'` lines. */
function iconModules(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const pkg = dirname(require.resolve("lucide-react/package.json"));
  const index = readFileSync(join(pkg, "dist/esm/lucide-react.mjs"), "utf8");
  const map = new Map<string, string>();
  for (const m of index.matchAll(/^export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';$/gm)) {
    for (const spec of m[1]!.split(",")) {
      const name = spec.trim().match(/^default as (\w+)$/)?.[1];
      if (name) map.set(name, `lucide-react/icons/${m[2]}`);
    }
  }
  if (map.size < 1000) throw new Error(`lucide-react's index named only ${map.size} icons: its format changed`);
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

export function rewriteLucideImports(code: string, icons: Map<string, string>): string {
  return code.replace(IMPORT, (whole, list: string) => {
    const deep: string[] = [];
    const rest: string[] = [];
    for (const raw of list.split(",")) {
      const spec = raw.trim();
      if (!spec) continue;
      const m = spec.match(/^(\w+)(?:\s+as\s+(\w+))?$/);
      const module = m ? icons.get(m[1]!) : undefined;
      if (m && module) deep.push(`import ${m[2] ?? m[1]} from "${module}";`);
      else rest.push(spec);
    }
    if (deep.length === 0) return whole;
    return [...deep, ...(rest.length ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join(" ");
  });
}

export function lucideDeepImports(): Plugin {
  let icons: Map<string, string> | undefined;
  return {
    name: "coldreach:lucide-deep-imports",
    enforce: "pre",
    transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id) || !code.includes("lucide-react")) return null;
      icons ??= iconModules();
      const out = rewriteLucideImports(code, icons);
      return out === code ? null : { code: out, map: null };
    },
  };
}
