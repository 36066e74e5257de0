// The guarded webhook client against a local HTTP server. The resolver is
// swapped for one that answers like an attacker's DNS would, to show the
// check happens on the addresses the socket actually connects to.
import type { LookupAddress, lookup } from "node:dns";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import { postWebhook, WebhookError } from "./guarded-webhook.ts";

let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver({
    "/teapot": { status: 418 },
    "/big": { status: 503, headers: { "retry-after": "30" }, body: "0123456789".repeat(100) },
    "/moved": { status: 301, headers: { location: "/ok" } },
  });
});
afterAll(() => hook?.close());
afterEach(() => hook.reset());

/** A resolver that answers every name with these addresses, counting its calls. */
function fakeDns(addresses: LookupAddress[]) {
  const calls: string[] = [];
  const resolve = ((hostname: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) => {
    calls.push(hostname);
    callback(null, addresses);
  }) as unknown as typeof lookup;
  return { resolve, calls };
}

const open = { timeoutMs: 2_000, allowPrivate: true };
const guarded = { timeoutMs: 2_000, allowPrivate: false };

describe("postWebhook", () => {
  it("posts the body byte for byte with the headers, and reports the status", async () => {
    const body = JSON.stringify({ name: "Zoë", n: 1 });
    const res = await postWebhook(hook.url("/ok"), body, { "content-type": "application/json", "x-a": "1" }, open);
    expect(res).toEqual({ status: 200, ok: true });
    expect(hook.requests[0]).toMatchObject({ method: "POST", path: "/ok", body });
    expect(hook.requests[0]?.headers["x-a"]).toBe("1");
    expect(hook.requests[0]?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
  });

  it("judges by status only and never follows a redirect", async () => {
    expect(await postWebhook(hook.url("/teapot"), "{}", {}, open)).toEqual({ status: 418, ok: false });
    expect(await postWebhook(hook.url("/moved"), "{}", {}, open)).toEqual({ status: 301, ok: false });
    expect(hook.requests.map((r) => r.path)).toEqual(["/teapot", "/moved"]);
  });

  it("reads at most readBodyBytes of the answer, with its headers, when asked", async () => {
    const res = await postWebhook(hook.url("/big"), "{}", {}, { ...open, readBodyBytes: 10 });
    expect(res).toMatchObject({ status: 503, ok: false, body: "0123456789" });
    expect(res.headers?.["retry-after"]).toBe("30");
    const whole = await postWebhook(hook.url("/teapot"), "{}", {}, { ...open, readBodyBytes: 1024 });
    expect(whole.body).toBe('{"ok":true}');
  });

  it("refuses a name that resolves to loopback, before any connection", async () => {
    const dns = fakeDns([{ address: "127.0.0.1", family: 4 }]);
    const attempt = postWebhook(
      `http://hooks.example.com:${hook.port}/ok`,
      "{}",
      {},
      { ...guarded, resolve: dns.resolve },
    );
    await expect(attempt).rejects.toMatchObject({ reason: "address_not_allowed" });
    expect(dns.calls).toEqual(["hooks.example.com"]);
    expect(hook.requests).toEqual([]);
  });

  it("refuses when any of several answers is private (a mixed answer cannot sneak one in)", async () => {
    const dns = fakeDns([
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:127.0.0.1", family: 6 },
    ]);
    const attempt = postWebhook(
      `http://hooks.example.com:${hook.port}/ok`,
      "{}",
      {},
      { ...guarded, resolve: dns.resolve },
    );
    await expect(attempt).rejects.toBeInstanceOf(WebhookError);
    await expect(attempt).rejects.toMatchObject({ reason: "address_not_allowed" });
    expect(hook.requests).toEqual([]);
  });

  it("connects to the address the guarded lookup returned when private addresses are allowed", async () => {
    const dns = fakeDns([{ address: "127.0.0.1", family: 4 }]);
    const res = await postWebhook(`http://rebind.example:${hook.port}/ok`, "{}", {}, { ...open, resolve: dns.resolve });
    expect(res.ok).toBe(true);
    expect(hook.requests[0]?.headers.host).toBe(`rebind.example:${hook.port}`);
  });

  it("refuses literal private addresses and other schemes", async () => {
    await expect(postWebhook("http://169.254.169.254/latest/meta-data", "{}", {}, guarded)).rejects.toMatchObject({
      reason: "address_not_allowed",
    });
    await expect(postWebhook("http://[fd00::1]/", "{}", {}, guarded)).rejects.toMatchObject({
      reason: "address_not_allowed",
    });
    await expect(postWebhook("ftp://example.com/", "{}", {}, guarded)).rejects.toMatchObject({ reason: "invalid_url" });
    await expect(postWebhook("not a url", "{}", {}, guarded)).rejects.toMatchObject({ reason: "invalid_url" });
  });

  it("times out", async () => {
    const slow = await startWebhookReceiver({ "/slow": { delayMs: 2_000 } });
    try {
      await expect(postWebhook(slow.url("/slow"), "{}", {}, { ...open, timeoutMs: 150 })).rejects.toMatchObject({
        reason: "timeout",
      });
    } finally {
      await slow.close();
    }
  });
});
