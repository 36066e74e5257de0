// The size budget (issue 15): what each entry route downloads before it can
// show anything, computed from the build manifest and gzipped as a server
// would send it. A size is deterministic, so this is a test, not a timing.
// `npm test` builds the web app first (scripts/test.ts); run alone without a
// build in dist/web it is skipped and says why.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type EntryRoute, entryRoutes, firstLoad, type Manifest } from "../../scripts/first-load.ts";

const distDir = join(import.meta.dirname, "../../dist/web");
const manifestPath = join(distDir, ".vite/manifest.json");
const built = existsSync(manifestPath);

const routes = entryRoutes;
type RoutePath = EntryRoute;

const KB = 1024;

/**
 * The targets, JS gzipped, met by every entry route (docs/decisions/011
 * and 014 say how: what no first paint needs loads after it; /auth and the
 * booking page load neither TanStack Query nor tailwind-merge, and /auth has
 * its own small auth client and tabs).
 */
const jsTarget: Record<RoutePath, number> = {
  "/auth": 120 * KB,
  "/schedule/:linkCode": 120 * KB,
  "/": 170 * KB,
};

/** Enforced JS budget per route, gzipped: the targets. */
const jsBudget: Record<RoutePath, number> = jsTarget;

/**
 * Libraries no entry route may load before it shows: each found by a string
 * only its minified code has, and which must be in the build (so a rename
 * cannot make the check pass vacuously). sonner loads with the first toast
 * (src/web/lib/toast.ts) and the Toaster after first paint; zod loads with the
 * first screen that builds a schema (the booking page checks its form without).
 */
const notBeforeFirstPaint = { sonner: "data-sonner-toaster", zod: "$ZodObject" } as const;

/**
 * Libraries of the signed-in app that the pages before it do not load at all
 * (found the same way, and the dashboard must load them): TanStack Query on
 * /auth and the booking page (their requests are plain fetches,
 * lib/use-request.ts; the QueryClient is in the query layout), tailwind-merge on
 * /auth and the booking page (their cn() joins classes without merging,
 * lib/cn.ts; the query layout installs merging for the signed-in app).
 */
const signedInOnly = {
  "TanStack Query": { mark: "QueryClientProvider", absentFrom: ["/auth", "/schedule/:linkCode"] },
  "tailwind-merge": { mark: '"scroll-px"', absentFrom: ["/auth", "/schedule/:linkCode"] },
} as const satisfies Record<string, { mark: string; absentFrom: readonly RoutePath[] }>;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}
const rawSize = (file: string) => readFileSync(join(distDir, file)).length;
/** What is sent for `file` to a browser accepting Brotli: the build's .br copy, or the file itself where compressing did not pay. */
const brotliCopySize = (file: string) => {
  const copy = join(distDir, `${file}.br`);
  return existsSync(copy) ? readFileSync(copy).length : rawSize(file);
};
const readText = (file: string) => readFileSync(join(distDir, file), "utf8");
const sum = (files: Set<string>, size: (file: string) => number) => [...files].reduce((n, f) => n + size(f), 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe.skipIf(!built)("bundle size budget", () => {
  const manifest: Manifest = built ? JSON.parse(readFileSync(manifestPath, "utf8")) : {};
  // A skipped suite's body still runs while tests are collected: without a build there is nothing to read.
  const loads = (
    built ? Object.fromEntries(Object.entries(routes).map(([path, keys]) => [path, firstLoad(manifest, keys)])) : {}
  ) as Record<RoutePath, ReturnType<typeof firstLoad>>;

  it("prints what each entry route loads first", () => {
    const rows = Object.entries(loads).map(([route, { js, css }]) => ({
      route,
      chunks: js.size,
      "JS raw": kb(sum(js, rawSize)),
      "JS gzip": kb(sum(js, gzipSize)),
      "JS budget": kb(jsBudget[route as RoutePath]),
      "JS target": kb(jsTarget[route as RoutePath]),
      "CSS gzip": kb(sum(css, gzipSize)),
      // What the server sends a browser that accepts Brotli: the build's own .br copies (issue 18).
      "JS+CSS sent (br)": kb(sum(new Set([...js, ...css]), brotliCopySize)),
    }));
    console.log("\nFirst load per entry route (static imports of the entry and the route's lazy modules):");
    console.table(rows);
    expect(rows).toHaveLength(3);
    expect(
      existsSync(join(distDir, `${manifest["index.html"]!.file}.br`)),
      "the build's Brotli copy of the entry",
    ).toBe(true);
  });

  it.each(Object.keys(routes) as RoutePath[])("keeps %s within its JS budget", (route) => {
    const size = sum(loads[route].js, gzipSize);
    expect(size, `${route} loads ${kb(size)} of JS gzipped, budget ${kb(jsBudget[route])}`).toBeLessThanOrEqual(
      jsBudget[route],
    );
  });

  // Each script is a request (six at a time over HTTP/1.1) and a <link
  // rel=modulepreload> the router inserts: the dashboard loaded 58 before its
  // shared modules were grouped (scripts/web-chunks.ts), /auth 23 (now 18 and 14).
  it.each([
    ["/auth", 16],
    ["/schedule/:linkCode", 20],
    ["/", 22],
  ] as const)("loads %s in at most %i scripts", (route, most) => {
    expect(loads[route].js.size).toBeLessThanOrEqual(most);
  });

  it("loads each route's screen as a lazy chunk, not in the entry", () => {
    for (const keys of Object.values(routes)) {
      for (const key of keys.slice(1)) expect(manifest[key]?.isDynamicEntry, key).toBe(true);
    }
  });

  it.each(Object.keys(notBeforeFirstPaint) as (keyof typeof notBeforeFirstPaint)[])(
    "loads %s after the first paint, on every entry route",
    (library) => {
      const mark = notBeforeFirstPaint[library];
      const files = Object.values(manifest).map((chunk) => chunk.file);
      const carrying = new Set(files.filter((file) => file.endsWith(".js") && readText(file).includes(mark)));
      expect(carrying.size, `a chunk with ${library} (${mark})`).toBeGreaterThan(0);
      for (const [route, { js }] of Object.entries(loads)) {
        expect(
          [...js].filter((file) => carrying.has(file)),
          `${route} loads ${library} first`,
        ).toEqual([]);
      }
    },
  );

  it("keeps the signed-in app out of /auth and the public booking page", () => {
    const signedInApp = [
      "features/dashboard/dashboard-page.tsx",
      "features/shell/app-shell.tsx",
      "features/auth/require-auth.tsx",
    ].map((key) => manifest[key]!.file);
    for (const route of ["/auth", "/schedule/:linkCode"] as const) {
      for (const file of signedInApp) expect(loads[route].js, `${route} loads ${file}`).not.toContain(file);
    }
    // A booking visitor has no account: neither the session layout nor the
    // auth client it brings; and neither page loads the signed-in app's API
    // client. They are found by chunk name (the auth client is in the session's
    // chunk, the API client in the app's: scripts/web-chunks.ts), and must
    // exist, so a change in chunking cannot make this pass vacuously.
    expect(loads["/schedule/:linkCode"].js).not.toContain(manifest["components/session-layout.tsx"]!.file);
    const shared = (name: string) => {
      const chunk = Object.values(manifest).find((c) => c.name === name && !c.isEntry && !c.isDynamicEntry);
      expect(chunk, `a shared chunk named ${name}`).toBeDefined();
      return chunk!.file;
    };
    expect(loads["/auth"].js).toContain(shared("session"));
    expect(loads["/schedule/:linkCode"].js, "the booking page loads the auth client").not.toContain(shared("session"));
    expect(readText(shared("session"))).toContain("/get-session");
    expect(loads["/"].js).toContain(shared("app"));
    expect(readText(shared("app"))).toContain("QueryClient");
    for (const route of ["/auth", "/schedule/:linkCode"] as const) {
      expect(loads[route].js, `${route} loads the API client`).not.toContain(shared("app"));
      expect(loads[route].js, `${route} loads the query layout`).not.toContain(
        manifest["components/query-layout.tsx"]!.file,
      );
    }
  });

  it.each(Object.keys(signedInOnly) as (keyof typeof signedInOnly)[])(
    "keeps %s out of the pages before the signed-in app",
    (library) => {
      const { mark, absentFrom } = signedInOnly[library];
      const files = Object.values(manifest).map((chunk) => chunk.file);
      const carrying = new Set(files.filter((file) => file.endsWith(".js") && readText(file).includes(mark)));
      expect(carrying.size, `a chunk with ${library} (${mark})`).toBeGreaterThan(0);
      expect(
        [...loads["/"].js].some((file) => carrying.has(file)),
        `the dashboard loads ${library}`,
      ).toBe(true);
      for (const route of absentFrom) {
        expect(
          [...loads[route].js].filter((file) => carrying.has(file)),
          `${route} loads ${library}`,
        ).toEqual([]);
      }
    },
  );
});

describe.skipIf(built)("bundle size budget (no build)", () => {
  it.skipIf(process.env.REQUIRE_WEB_BUILD === "1")(
    `skipped: ${manifestPath} is missing; run \`npx vite build\``,
    () => {
      expect(built).toBe(false);
    },
  );
  it.runIf(process.env.REQUIRE_WEB_BUILD === "1")("needs the web build (REQUIRE_WEB_BUILD=1)", () => {
    expect.fail(`${manifestPath} is missing: npm test builds the web app before the unit tests`);
  });
});
