// What each entry route of the web build loads before it can show anything,
// read from Vite's manifest: the entry and every matched route's lazy module,
// with their static imports (not dynamic ones) and CSS. One list and one walk
// for the size budget (tests/budget/bundle-budget.test.ts) and the transfer
// benchmark (bench/transfer-size.ts).

export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/**
 * The modules each route's lazy() imports (keys of the manifest, relative to
 * src/web), outermost first, as nested in src/web/router.tsx: the entry, then
 * every matched route's own module. A key missing from the manifest is an
 * error, so a renamed screen cannot silently leave the budget.
 */
export const entryRoutes = {
  "/auth": ["index.html", "components/session-layout.tsx", "features/auth/auth-page.tsx"],
  "/schedule/:linkCode": ["index.html", "features/scheduling/booking-page.tsx"],
  "/": [
    "index.html",
    "components/session-layout.tsx",
    "components/query-layout.tsx",
    "features/auth/require-auth.tsx",
    "features/shell/app-shell.tsx",
    "features/dashboard/dashboard-page.tsx",
  ],
} as const;
export type EntryRoute = keyof typeof entryRoutes;

/** The files (paths under dist/web) a set of modules loads before it runs: their chunks and static imports, and CSS. */
export function firstLoad(manifest: Manifest, keys: readonly string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed or no longer lazy?)`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}
