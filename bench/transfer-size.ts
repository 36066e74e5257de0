// The bytes each entry route's first load sends (issue 18): the HTML, the
// scripts it loads before it can run (the entry and the route's chunks with
// their static imports, from Vite's manifest) and their CSS, requested from
// the server's static-file handler as a browser would, with Brotli, with gzip
// and with no Accept-Encoding. Bodies only (headers are a few hundred bytes a
// file). Needs `npx vite build`.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { entryRoutes, firstLoad, type Manifest } from "../scripts/first-load.ts";
import { serveSpa } from "../src/server/http/static-files.ts";

const codings = { br: "br", gzip: "gzip", raw: undefined } as const;
type Coding = keyof typeof codings;

export type TransferRow = { route: string; files: number } & Record<Coding, number>;

/** The page and the files it loads before it runs, as URL paths. */
function firstLoadFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const { js, css } = firstLoad(manifest, keys);
  return ["/", ...[...js, ...css].map((file) => `/${file}`)];
}

export async function runTransferBench(o: { distDir: string }): Promise<TransferRow[]> {
  const manifestPath = join(o.distDir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`no build in ${o.distDir}: run \`npx vite build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const app = new Hono().use("*", serveSpa(o.distDir));
  const rows: TransferRow[] = [];
  for (const [route, keys] of Object.entries(entryRoutes)) {
    const files = firstLoadFiles(manifest, keys);
    const row: TransferRow = { route, files: files.length, br: 0, gzip: 0, raw: 0 };
    for (const coding of Object.keys(codings) as Coding[]) {
      const acceptEncoding = codings[coding];
      for (const file of files) {
        const res = await app.request(file, acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {});
        if (res.status !== 200) throw new Error(`${file}: ${res.status}`);
        // A file of a few bytes has no compressed copy (it would not be smaller): its original is counted.
        row[coding] += (await res.arrayBuffer()).byteLength;
      }
    }
    rows.push(row);
  }
  return rows;
}

export function transferReport(rows: TransferRow[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    "First load of each entry route (HTML, its scripts and CSS before anything runs), bytes the server sends:",
    "",
    `${"route".padEnd(22)}${"files".padStart(6)}${"Brotli".padStart(12)}${"gzip".padStart(12)}${"raw".padStart(12)}${"saved (br)".padStart(12)}`,
    ...rows.map(
      (r) =>
        `${r.route.padEnd(22)}${String(r.files).padStart(6)}${kb(r.br).padStart(12)}${kb(r.gzip).padStart(12)}${kb(r.raw).padStart(12)}${`${Math.round((1 - r.br / r.raw) * 100)} %`.padStart(12)}`,
    ),
  ];
  return lines.join("\n");
}
