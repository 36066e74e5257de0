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
// - only the status is read and the body discarded unread, unless the caller
//   asks for the start of it (outbound webhooks' delivery log): then at most
//   `readBodyBytes` are read, within the same deadline, and the rest dropped.
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
  /** Read at most this many bytes of the response's body (default: none, the body is dropped unread). */
  readBodyBytes?: number;
};

export type WebhookResponse = {
  status: number;
  ok: boolean;
  /** With readBodyBytes: the response's headers (names in lower case). */
  headers?: Record<string, string | string[] | undefined>;
  /** With readBodyBytes: the start of the body, as UTF-8 (a cut character is replaced). */
  body?: string;
};

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
    /** Set once the status came while its body is being read: a deadline then ends with what was read. */
    let bodyDone: (() => void) | undefined;
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
      if (bodyDone) {
        bodyDone();
        return;
      }
      const error = new WebhookError("timeout", `The webhook did not answer within ${options.timeoutMs} ms`);
      finish(error);
      req.destroy(error);
    }, options.timeoutMs);
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const answer = { status, ok: status >= 200 && status < 300 };
      const limit = options.readBodyBytes ?? 0;
      if (limit <= 0) {
        // Only the status matters; the body is not read, the connection is dropped.
        res.destroy();
        finish(null, answer);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        if (settled) return;
        res.destroy();
        finish(null, {
          ...answer,
          headers: res.headers,
          body: Buffer.concat(chunks).subarray(0, limit).toString("utf8"),
        });
      };
      bodyDone = done;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= limit) done();
      });
      res.on("end", done);
      // A body cut off after the status: the status is the answer.
      res.on("error", done);
      res.on("aborted", done);
    });
    req.on("error", (err) => {
      if (err instanceof WebhookError) finish(err);
      else if (err instanceof AddressNotAllowedError) finish(notAllowed(err));
      else finish(new WebhookError("network", err.message));
    });
    req.end(bytes);
  });
}
