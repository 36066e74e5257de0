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

export type WebhookReply = { status?: number; headers?: Record<string, string>; delayMs?: number; body?: string };

export type ReceivedWebhook = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  port: number;
  url: (path: string) => string;
  requests: ReceivedWebhook[];
  /** Requests to one path. */
  to: (path: string) => ReceivedWebhook[];
  reset: () => void;
  close: () => Promise<void>;
};

/** Paths not listed answer 200 with {"ok":true}. */
export async function startWebhookReceiver(replies: Record<string, WebhookReply> = {}): Promise<WebhookReceiver> {
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
      const reply = replies[path] ?? {};
      const answer = () => {
        if (res.destroyed) return;
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
