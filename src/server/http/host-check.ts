// DNS rebinding guard. A page on attacker.example can make its own name
// resolve to 127.0.0.1 (or to this server's LAN address) after it has loaded;
// its scripts then read this server as "same origin" with the attacker's name
// in the Host header. Without this check that read the capture outbox, with
// every sign-up confirmation link in it, from any site the user visited.
//
// So every request must name this server: PUBLIC_URL's host name, localhost,
// or a name in ALLOWED_HOSTS. IP literals (127.0.0.1, [::1], 10.0.0.5) are
// always answered: rebinding needs a name the attacker controls, and a browser
// that asked for an IP address connected to exactly that address (load
// balancer health checks and reverse proxies often use one). Ports are not
// compared: the attack is in the name, and proxies differ in whether they pass
// the port on.
//
// One kind of other name may be answered: a user's verified tracking host
// (features/tracking-hosts), on its tracking and unsubscribe paths only. The
// caller decides (otherHost); every other name is refused as before.
import { isIP } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import { normalizeHostName } from "../config.ts";
import { errorBody } from "../errors.ts";

/** The host name of a Host header value ("Example.com:3000" → "example.com"), or null when malformed. */
function hostNameOf(host: string): string | null {
  if (!host || /[/?#@\s\\]/.test(host)) return null;
  try {
    return normalizeHostName(new URL(`http://${host}`).hostname);
  } catch {
    return null;
  }
}

function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[(.*)\]$/, "$1")) !== 0;
}

export function isAllowedHost(host: string, allowedHosts: ReadonlySet<string>): boolean {
  const name = hostNameOf(host);
  return name !== null && (allowedHosts.has(name) || isIpLiteral(name));
}

/**
 * For a name that is none of the server's own: "next" serves the request,
 * a Response answers it, null refuses it (421) as any unknown name.
 */
export type OtherHost = (hostName: string, c: Context) => Promise<"next" | Response | null>;

export function checkHost(allowedHostNames: readonly string[], otherHost?: OtherHost): MiddlewareHandler {
  const allowed = new Set(allowedHostNames);
  return async (c, next) => {
    // The request URL's host is the Host header as the Node server read it
    // (or the absolute request target); in-process requests have only the URL.
    const urlHost = new URL(c.req.url).host;
    const header = c.req.header("host");
    if (isAllowedHost(urlHost, allowed) && (header === undefined || isAllowedHost(header, allowed))) {
      return next();
    }
    const name = hostNameOf(header ?? urlHost);
    // Both must name it: a request whose URL and Host header disagree is no one's.
    if (otherHost && name !== null && name === hostNameOf(urlHost) && !isIpLiteral(name)) {
      const verdict = await otherHost(name, c);
      if (verdict === "next") return next();
      if (verdict) return verdict;
    }
    const message =
      "This server does not answer to the host name in this request. If it is yours, add it to ALLOWED_HOSTS.";
    // 421 Misdirected Request: "this server is not the one for that name".
    if (isApiPath(c.req.path)) return c.json(errorBody("misdirected_request", message), 421);
    return c.text(message, 421);
  };
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}
