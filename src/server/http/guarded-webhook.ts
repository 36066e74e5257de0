// POSTs to a URL a user typed (the automation webhook), guarded so the user
// cannot make the server reach its own network (SSRF):
// - http and https only; redirects are not followed (a 3xx is simply not ok);
// - the host name is resolved by the address policy's `lookup` given to
//   node:http(s) (address-policy.ts), so every address the socket may connect
//   to is checked right where it is used — a DNS answer that changes between a
//   check and the connection (rebinding) cannot slip a private address
//   through. A literal IP in the URL (never looked up) is checked before the
//   request;
// - one deadline covers lookup, connect, TLS and the response headers;
// - only the status is read; the body is discarded unread.
import type { lookup as dnsLookup } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { AddressNotAllowedError, policyLookup, refusedLiteral } from "./address-policy.ts";

export type WebhookFailureReason = "invalid_url" | "address_not_allowed" | "timeout" | "network";

export class WebhookError extends Error {
  constructor(
    readonly reason: WebhookFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "WebhookError";
  }
}

export type WebhookOptions = {
  timeoutMs: number;
  /** Let private, loopback and link-local addresses through (WEBHOOK_ALLOW_PRIVATE=on: tests, intranet automation). */
  allowPrivate: boolean;
  /** Resolver, for tests; defaults to the system's (dns.lookup). */
  resolve?: typeof dnsLookup;
};

export type WebhookResponse = { status: number; ok: boolean };

const notAllowed = (refusal: AddressNotAllowedError) => new WebhookError("address_not_allowed", refusal.message);

/** Posts `body` (sent byte for byte as given) with `headers`; resolves with the status, or throws WebhookError. */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: WebhookOptions,
): Promise<WebhookResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new WebhookError("invalid_url", "The webhook URL is not a valid address"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.reject(new WebhookError("invalid_url", "The webhook URL must start with http:// or https://"));
  }
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const refusal = refusedLiteral(host, options);
  if (refusal) return Promise.reject(notAllowed(refusal));

  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const bytes = Buffer.from(body, "utf8");
  return new Promise<WebhookResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, response?: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(response!);
    };
    const req = send(url, {
      method: "POST",
      // A fresh connection per call: nothing pooled from an earlier, differently resolved request.
      agent: false,
      lookup: policyLookup(options),
      headers: { ...headers, "content-length": String(bytes.byteLength) },
    });
    const timer = setTimeout(() => {
      const error = new WebhookError("timeout", `The webhook did not answer within ${options.timeoutMs} ms`);
      finish(error);
      req.destroy(error);
    }, options.timeoutMs);
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      // Only the status matters; the body is not read, the connection is dropped.
      res.destroy();
      finish(null, { status, ok: status >= 200 && status < 300 });
    });
    req.on("error", (err) => {
      if (err instanceof WebhookError) finish(err);
      else if (err instanceof AddressNotAllowedError) finish(notAllowed(err));
      else finish(new WebhookError("network", err.message));
    });
    req.end(bytes);
  });
}
