// Serves the SPA built by Vite: files under dist/web, and index.html for any
// other GET so client-side routes (including the 404 page) work on reload.
// The build writes Brotli and gzip copies of every text asset beside it
// (vite.config.ts); each response sends the best copy the request's
// Accept-Encoding allows, so nothing is compressed per request.
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { type ContentCoding, chooseContentCoding } from "./content-encoding.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** The file name suffix of each stored copy (as vite-plugin-compression2 names them). */
const suffixes: Record<Exclude<ContentCoding, "identity">, string> = { br: ".br", gzip: ".gz" };

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The codings stored for `path` (the original always; a copy only if the build wrote one). */
async function storedCodings(path: string): Promise<ContentCoding[]> {
  const found = await Promise.all(
    (["br", "gzip"] as const).map(async (coding) => ((await isFile(path + suffixes[coding])) ? coding : null)),
  );
  return [...found.filter((coding) => coding !== null), "identity"];
}

async function sendFile(c: Context, path: string, cacheControl: string): Promise<Response> {
  const coding = chooseContentCoding(c.req.header("accept-encoding"), await storedCodings(path));
  const body = await readFile(coding === "identity" ? path : path + suffixes[coding]);
  const headers: Record<string, string> = {
    "content-type": contentTypes[extname(path)] ?? "application/octet-stream",
    "cache-control": cacheControl,
    // Caches keep one copy per coding (a proxy must not hand Brotli to a client that sent no br).
    vary: "Accept-Encoding",
  };
  if (coding !== "identity") headers["content-encoding"] = coding;
  return c.body(new Uint8Array(body), 200, headers);
}

export function serveSpa(rootDir: string): MiddlewareHandler {
  const root = normalize(rootDir + sep);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const requested = normalize(join(root, decodeURIComponent(c.req.path)));
    if (requested.startsWith(root) && requested !== root && (await isFile(requested))) {
      // Vite fingerprints everything under assets/, so those never change.
      const immutable = c.req.path.startsWith("/assets/");
      return sendFile(c, requested, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    const index = join(root, "index.html");
    if (!(await isFile(index))) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does this for you).", 503);
    }
    return sendFile(c, index, "no-cache");
  };
}
