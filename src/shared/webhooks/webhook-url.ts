// Which URLs an outbound webhook endpoint may have (docs/product.md,
// "Webhooks"): an absolute https:// URL, so the events (addresses, reply
// text) never cross the network in clear; plain http only to this machine
// (localhost, 127.0.0.0/8, ::1) and only when the server lets webhooks reach
// private addresses (WEBHOOK_ALLOW_PRIVATE=on: development, tests). No user
// name or password in the URL: it is shown in the settings and the log.
// Where a host name leads is judged again at each delivery, by the server's
// address policy, on the address actually connected to.

export const WEBHOOK_URL_MAX_LENGTH = 2000;

const LOOPBACK_NAMES = new Set(["localhost", "localhost.", "::1", "[::1]"]);

/** A host name for this machine: localhost, *.localhost, 127.x.x.x or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(host) || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why the URL cannot be an endpoint's, or null when it can. */
export function webhookUrlProblem(value: string, o: { allowPrivate: boolean }): string | null {
  const text = value.trim();
  if (text === "") return "Enter the endpoint's URL";
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return `A URL is at most ${WEBHOOK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Enter a full URL, such as https://hooks.example.com/coldreach";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://";
  if (url.username || url.password) return "The URL cannot carry a user name or password";
  if (url.protocol === "http:" && !(o.allowPrivate && isLoopbackHost(url.hostname))) {
    return o.allowPrivate
      ? "The URL must start with https:// (http:// is allowed for localhost only)"
      : "The URL must start with https://";
  }
  return null;
}
