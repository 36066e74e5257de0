// A local HTTP server standing in for a user's automation webhook (n8n, Zapier,
// Make…): it records every request (method, path, headers, the raw body) and
// answers each path as told, so tests can check what the server posted and
// how it handles errors, slowness and redirects.
//
//   const hook = await startWebhookReceiver({ "/slow": { delayMs: 2_000 }, "/fail": { status: 500 } });
//   hook.url("/ok")               // http://127.0.0.1:PORT/ok
//   hook.requests                 // every request, oldest first
//   await hook.close();
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type WebhookReply = {
  status?: number;
  headers?: Record<string, string>;
  delayMs?: number;
  body?: string;
  /** Drop the connection without answering (a reset). */
  destroy?: boolean;
};

/** A fixed reply, or one per request: `n` counts this path's requests from 1 (500 twice, then 200). */
export type WebhookReplies = Record<string, WebhookReply | ((n: number) => WebhookReply)>;

export type ReceivedWebhook = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  port: number;
  url: (path: string) => string;
  requests: ReceivedWebhook[];
  /** Requests to one path. */
  to: (path: string) => ReceivedWebhook[];
  reset: () => void;
  /** Resolves once `path` has had `count` requests (fails after `timeoutMs`). */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  /** Changes how a path answers from now on. */
  reply: (path: string, reply: WebhookReply | ((n: number) => WebhookReply)) => void;
  close: () => Promise<void>;
};

/** Paths not listed answer 200 with {"ok":true}. */
export async function startWebhookReceiver(replies: WebhookReplies = {}): Promise<WebhookReceiver> {
  const requests: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      requests.push({
        method: req.method ?? "",
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const given = replies[path] ?? {};
      const reply = typeof given === "function" ? given(requests.filter((r) => r.path === path).length) : given;
      const answer = () => {
        if (res.destroyed) return;
        if (reply.destroy) {
          req.socket.destroy();
          return;
        }
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(reply.body ?? '{"ok":true}');
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    to: (path) => requests.filter((r) => r.path === path),
    reset: () => {
      requests.length = 0;
    },
    async waitFor(path, count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.filter((r) => r.path === path).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${path} had ${requests.filter((r) => r.path === path).length} of ${count} requests`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return requests.filter((r) => r.path === path);
    },
    reply(path, reply) {
      replies[path] = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
