// Serves the SPA built by Vite: files under dist/web, and index.html for any
// other GET so client-side routes (including the 404 page) work on reload.
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { MiddlewareHandler } from "hono";

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

async function fileIfExists(path: string): Promise<Buffer | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? await readFile(path) : null;
  } catch {
    return null;
  }
}

export function serveSpa(rootDir: string): MiddlewareHandler {
  const root = normalize(rootDir + sep);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const requested = normalize(join(root, decodeURIComponent(c.req.path)));
    if (requested.startsWith(root) && requested !== root) {
      const body = await fileIfExists(requested);
      if (body) {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = c.req.path.startsWith("/assets/");
        return c.body(new Uint8Array(body), 200, {
          "content-type": contentTypes[extname(requested)] ?? "application/octet-stream",
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        });
      }
    }
    const index = await fileIfExists(join(root, "index.html"));
    if (!index) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does this for you).", 503);
    }
    return c.body(new Uint8Array(index), 200, { "content-type": contentTypes[".html"]!, "cache-control": "no-cache" });
  };
}
