// The interactive API docs (/api/docs): Scalar's page, with its script served
// from the installed @scalar/api-reference package instead of a CDN, so the
// docs work offline and the page runs no code fetched from a third party.
// The page's one inline script (Scalar's start-up call with our settings) is
// allowed by its hash in the page's own Content-Security-Policy. No eval:
// Scalar's bundled zod probes for it once and falls back to plain parsing
// (the browser reports that refused probe as a violation, harmlessly).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";

const SCRIPT_PATH = "/api/docs/scalar.js";

type Script = { body: Uint8Array<ArrayBuffer>; gzipped: Uint8Array<ArrayBuffer>; version: string };

let script: Promise<Script> | undefined;

/**
 * Read (several MB: docs/decisions/022-measurements-behind-the-code.md) and compressed once per process, on first
 * use: most runs never open the docs.
 */
function loadScript(): Promise<Script> {
  script ??= (async () => {
    const file = createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");
    const body = await readFile(file);
    const gzipped = await promisify(gzip)(body);
    // The URL carries a digest of the file so the long cache ends with an upgrade.
    const version = createHash("sha256").update(body).digest("base64url").slice(0, 16);
    return { body: new Uint8Array(body), gzipped: new Uint8Array(gzipped), version };
  })();
  script.catch(() => {
    script = undefined;
  });
  return script;
}

/** 'sha256-…' sources for every inline <script> of a page, for its script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

function docsContentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`,
    // Scalar styles its components with inline <style> elements and attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function apiDocsRoutes(opts: { specUrl: string; title: string }) {
  let page: Promise<{ html: string; csp: string }> | undefined;

  async function renderPage(): Promise<{ html: string; csp: string }> {
    const { version } = await loadScript();
    const scalar = Scalar({
      url: opts.specUrl,
      pageTitle: opts.title,
      cdn: `${SCRIPT_PATH}?v=${version}`,
      // Each of these would reach a Scalar server: fonts, usage pings, the
      // in-page developer toolbar, the "Ask AI" agent (it searches Scalar's
      // registry through proxy.scalar.com as soon as the page loads).
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      agent: { disabled: true },
      // Try-it calls go out with an API key (Settings › API keys) typed into
      // the page's auth box; the session cookie remains the other choice. The
      // key lives in the page's memory only (persistAuth stays off): nothing
      // keeps it in the browser's storage after the tab closes.
      authentication: { preferredSecurityScheme: "bearerAuth" },
      persistAuth: false,
    });
    // Scalar's handler only renders a string; a throw-away app runs it.
    const res = await new Hono().get("/", scalar).request("/");
    const html = await res.text();
    return { html, csp: docsContentSecurityPolicy(inlineScriptHashes(html)) };
  }

  return new Hono()
    .get("/", async (c) => {
      page ??= renderPage();
      page.catch(() => {
        page = undefined;
      });
      const { html, csp } = await page;
      return c.html(html, 200, { "content-security-policy": csp, "cache-control": "no-cache" });
    })
    .get("/scalar.js", async (c) => {
      const { body, gzipped } = await loadScript();
      const headers: Record<string, string> = {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=31536000, immutable",
        vary: "accept-encoding",
      };
      if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
        return c.body(gzipped, 200, { ...headers, "content-encoding": "gzip" });
      }
      return c.body(body, 200, headers);
    });
}
