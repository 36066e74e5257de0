// Cross-site request forgery guard. The session cookie is SameSite=Lax, which
// keeps it off cross-site fetches, but not every browser honours that and a
// same-site page (another app on a sibling subdomain) is not covered by it.
// A body-less POST with Content-Type text/plain needs no CORS preflight, so
// without this check any page the user visits could launch their campaigns.
//
// Every state-changing request that a browser made must come from a trusted
// origin: PUBLIC_URL's, TRUSTED_ORIGINS, and (with no PUBLIC_URL) the loopback
// and Vite dev origins, the same list better-auth checks its own POSTs
// against. Browsers send Origin on every cross-origin POST, PUT, PATCH and
// DELETE (and on same-origin ones from fetch); when it is missing the Referer
// decides. A request with neither comes from no browser page (curl, a CRM
// integration with its cookie or token) and is not a forgery.
import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** "https://App.example.com:443/x" → "https://app.example.com", or null (including the opaque "null"). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export type OriginCheckOptions = {
  trustedOrigins: readonly string[];
  /** Requests authorised by something other than the browser session (a signed token in the URL). */
  exempt?: (c: Context) => boolean;
};

export function checkOrigin({ trustedOrigins, exempt }: OriginCheckOptions): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== null));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt?.(c)) return next();
    const claimed = c.req.header("origin") ?? c.req.header("referer");
    if (claimed === undefined) return next();
    const origin = originOf(claimed);
    if (origin !== null && trusted.has(origin)) return next();
    return c.json(
      errorBody("forbidden", "This request was sent from a page outside this app, so it was refused."),
      403,
    );
  };
}
