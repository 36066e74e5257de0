// Compressed delivery: the built SPA's stored Brotli/gzip copies chosen by
// Accept-Encoding, API JSON gzipped on the fly above ~1 KB, and what must
// stream (event streams, downloads) left as it is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { compressApi } from "./compress-api.ts";

let ctx: TestContext;
let cookie: string;
const staticDir = mkdtempSync(join(tmpdir(), "coldreach-compressed-"));

// Written as the build writes them (vite.config.ts): each text file with a .br and a .gz copy beside it.
const files = {
  "index.html": `<!doctype html><html lang="en"><head><title>Coldreach</title></head><body>${"<div></div>".repeat(200)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`,
  "assets/index-abc123.js": `export const routes = [${Array.from({ length: 400 }, (_, i) => `"/route-${i}"`).join(",")}];`,
  "assets/index-abc123.css": `${Array.from({ length: 300 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, "0").slice(0, 6)}}`).join("")}`,
};

beforeAll(async () => {
  mkdirSync(join(staticDir, "assets"));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(staticDir, name), text);
    writeFileSync(join(staticDir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(staticDir, `${name}.gz`), gzipSync(text));
  }
  // A file the build left without copies (a copy would not have been smaller).
  writeFileSync(join(staticDir, "assets/tiny-abc123.js"), "1");
  ctx = await createTestContext({ STATIC_DIR: staticDir });
  ({ cookie } = await ctx.signUpVerified("compression@example.com"));
});
afterAll(async () => {
  await ctx?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const decode: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

async function bodyOf(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const coding = res.headers.get("content-encoding");
  return (coding ? (decode[coding] ?? (() => bytes))(bytes) : bytes).toString("utf8");
}

describe("the built web app", () => {
  const cases = [
    ["the entry script", "/assets/index-abc123.js", "assets/index-abc123.js", "text/javascript; charset=utf-8"],
    ["a stylesheet", "/assets/index-abc123.css", "assets/index-abc123.css", "text/css; charset=utf-8"],
    ["the page", "/", "index.html", "text/html; charset=utf-8"],
    ["a client-side route", "/campaigns/new", "index.html", "text/html; charset=utf-8"],
  ] as const;

  for (const [what, path, file, type] of cases) {
    it(`sends ${what} as Brotli, gzip or as it is, as the browser accepts`, async () => {
      const original = files[file];
      for (const [acceptEncoding, expected] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip, deflate", "gzip"],
        ["br;q=0.2, gzip;q=0.9", "gzip"],
        [undefined, null],
      ] as const) {
        const res = await ctx.request(path, acceptEncoding ? { headers: { "accept-encoding": acceptEncoding } } : {});
        expect(res.status).toBe(200);
        expect(res.headers.get("content-encoding")).toBe(expected);
        expect(res.headers.get("content-type")).toBe(type);
        expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
        expect(res.headers.get("cache-control")).toBe(
          path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
        const raw = Buffer.from(await res.clone().arrayBuffer());
        if (expected) expect(raw.byteLength).toBeLessThan(Buffer.byteLength(original) / 2);
        expect(await bodyOf(res)).toBe(original);
      }
    });
  }

  it("sends the original of a file the build wrote no copies of", async () => {
    const res = await ctx.request("/assets/tiny-abc123.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toBe("1");
  });
});

describe("the API", () => {
  it("gzips a large JSON list and leaves a small answer as it is", async () => {
    const step = {
      subject: "Hi {{firstName}}",
      body: "Hello {{firstName}},\n\nA question about your outreach this quarter.",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    };
    for (let i = 0; i < 12; i++) {
      const saved = await ctx.request("/api/templates", {
        method: "POST",
        cookie,
        json: { name: `Template ${i}`, description: "First touch", tags: ["sales"], sequence: [step, step] },
      });
      expect(saved.status).toBe(201);
    }
    const plain = await ctx.request("/api/templates", { cookie });
    const plainText = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.byteLength(plainText)).toBeGreaterThan(4096);

    const gzipped = await ctx.request("/api/templates", { cookie, headers: { "accept-encoding": "gzip, br" } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gzipped.headers.get("content-type")).toMatch(/^application\/json/);
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(plainText) / 4);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(JSON.parse(plainText));

    const small = await ctx.request("/api/health", { headers: { "accept-encoding": "gzip" } });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toBeTruthy();
  });

  it("does not compress a download", async () => {
    const list = (await (await ctx.request("/api/outbox")).json()) as { messages: { id: string }[] };
    const id = list.messages[0]?.id;
    expect(id).toBeTruthy();
    const raw = await ctx.request(`/api/outbox/${id}/raw`, { headers: { "accept-encoding": "gzip, br" } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(raw.headers.get("content-encoding")).toBeNull();
    expect(await raw.text()).toMatch(/^[\s\S]*Subject:/);
  });

  it("never compresses an event stream", async () => {
    // No route streams events today; the middleware is checked on one so a future stream is safe.
    const app = new Hono();
    app.use("*", compressApi());
    app.get("/events", (c) =>
      streamSSE(c, async (stream) => {
        for (let i = 0; i < 50; i++) await stream.writeSSE({ data: JSON.stringify({ i, text: "x".repeat(40) }) });
      }),
    );
    const res = await app.request("/events", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toContain('data: {"i":49');
  });
});
