// API responses are compressed on the fly (gzip, Hono's compress middleware)
// when they are JSON and above about 1 KB: lists, the dashboard, the OpenAPI
// document. Only JSON: event streams must reach the browser as each event is
// written, and downloads (CSV exports, raw messages, attachments) stream from
// their source. Hono's compress middleware reads the size from Content-Length,
// which JSON responses built by c.json() do not carry, so it is set here first
// (the body is a string already in memory).
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

const json = /^application\/(?:[\w.+-]+\+)?json(?:[;\s]|$)/i;

/** Below this many bytes compression saves less than it costs (a TCP packet holds ~1.4 KB). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export function compressApi(): MiddlewareHandler {
  const gzip = compress({ threshold: COMPRESS_THRESHOLD_BYTES, contentTypeFilter: json });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      const res = c.res;
      if (!res.body || res.headers.has("content-length") || !json.test(res.headers.get("content-type") ?? "")) return;
      const body = await res.arrayBuffer();
      c.res = new Response(body, res);
      c.res.headers.set("content-length", String(body.byteLength));
    });
}
