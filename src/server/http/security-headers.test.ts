// Security headers on the app, the API, the docs and the public pages. A real
// browser loading each of them under these policies is tests/e2e/content-security-policy.test.ts.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { signToken } from "../mail/tokens.ts";

let ctx: TestContext;
const staticDir = mkdtempSync(join(tmpdir(), "coldreach-spa-"));

beforeAll(async () => {
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(staticDir, "assets/app.js"), "console.log('app')");
  ctx = await createTestContext({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

function expectFramingAndSniffingRefused(res: Response) {
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(directives(res.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["'none'"]);
}

describe("the web app", () => {
  it("runs only its own scripts, cannot be framed, and sends only its origin as referrer", async () => {
    for (const path of ["/", "/campaigns/some-id", "/assets/app.js"]) {
      const res = await ctx.request(path);
      expect(res.status, path).toBe(200);
      expectFramingAndSniffingRefused(res);
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp["script-src"], path).toEqual(["'self'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["connect-src"]).toEqual(["'self'"]);
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // Over plain HTTP there is nothing to pin.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("has no inline script in its page, which that policy would block", () => {
    const html = readFileSync(join(import.meta.dirname, "../../web/index.html"), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it("pins HTTPS when PUBLIC_URL is https", async () => {
    const https = await createTestContext({ PUBLIC_URL: "https://outreach.example.com" }, ctx.database);
    try {
      const res = await https.app.request("https://outreach.example.com/api/health");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=15552000");
    } finally {
      await https.close();
    }
  });
});

describe("the API", () => {
  it("answers with a policy that allows nothing, errors and refusals included", async () => {
    const responses = [
      await ctx.request("/api/health"),
      await ctx.request("/api/outbox/00000000-0000-0000-0000-000000000000"),
      await ctx.request("/api/settings"),
      await ctx.app.request("http://attacker.example/api/outbox"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 401, 421]);
    for (const res of responses) {
      expectFramingAndSniffingRefused(res);
      expect(directives(res.headers.get("content-security-policy"))["default-src"]).toEqual(["'none'"]);
    }
  });
});

describe("the API docs", () => {
  it("load Scalar from this server and allow only its own inline start-up script", async () => {
    const res = await ctx.request("/api/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toMatch(/cdn\.jsdelivr|https?:\/\//);
    const src = html.match(/<script src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/api\/docs\/scalar\.js\?v=[\w-]+$/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain("/api/openapi.json");

    expectFramingAndSniffingRefused(res);
    const csp = directives(res.headers.get("content-security-policy"));
    const hash = `'sha256-${createHash("sha256")
      .update(inline[0] ?? "")
      .digest("base64")}'`;
    expect(csp["script-src"]).toEqual(["'self'", hash]);
    expect(csp["connect-src"]).toEqual(["'self'"]);

    const script = await ctx.request(src ?? "", { headers: { "accept-encoding": "gzip, br" } });
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("text/javascript");
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("content-encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await script.arrayBuffer())).toString("utf8");
    expect(body).toContain("createApiReference");
    const plain = await ctx.request(src ?? "");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.arrayBuffer()).byteLength).toBe(Buffer.byteLength(body));
  });
});

describe("the public pages in sent mail", () => {
  it("keep the unsubscribe page's own stricter policy and its no-referrer rule", async () => {
    const res = await ctx.request(`/u/${signToken(ctx.config.appSecret, "unsubscribe", "not-a-send")}`);
    expect(res.status).toBe(404);
    expectFramingAndSniffingRefused(res);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["script-src"]).toBeUndefined();
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("let webmail on other sites load the open pixel", async () => {
    const res = await ctx.request("/t/o/not-a-token.gif");
    expect(res.status).toBe(200);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
