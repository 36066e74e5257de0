// Browser security headers on every response, through hono/secure-headers.
// Handlers that know better set their own and keep them (overwrite: false):
// the API docs page (a hash for its inline script), the public unsubscribe
// page (no referrer: its URL is the credential), the open pixel (embedded by
// webmail on other sites).
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type ContentSecurityPolicy = NonNullable<SecureHeadersOptions["contentSecurityPolicy"]>;

/**
 * The SPA: scripts only from this origin, so an injected <script> or event
 * handler attribute does not run. The built index.html has no inline script
 * (the theme is applied by /theme.js), and nothing evaluates strings (zod
 * runs jitless: src/web/lib/zod-jitless.ts).
 */
export const spaContentSecurityPolicy: ContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Styles must allow inline: libraries insert <style> elements at run time
  // (sonner's toasts, the dialogs' scroll lock), TipTap writes style
  // attributes, and the outbox and sequence previews show email HTML, which
  // is styled inline almost everywhere. Injected CSS cannot run code; scripts
  // stay locked.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Email previews show the images the user's messages use: inline data:
  // images from the editor, and images hosted anywhere over HTTPS.
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  // The contact-file parser runs in a module worker from /assets.
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  // Nothing may frame a page of the app (clickjacking); X-Frame-Options says
  // the same to older browsers.
  frameAncestors: ["'none'"],
};

/** JSON and the like: nothing in a response is to be run or shown as a page. */
export const apiContentSecurityPolicy: ContentSecurityPolicy = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/** 180 days, for this host only: other hosts under the same domain may not have TLS. */
const HSTS = "max-age=15552000";

export function securityHeaders(opts: { https: boolean }): MiddlewareHandler {
  const common: SecureHeadersOptions = {
    // A response header that a handler set (a page's own CSP) wins.
    overwrite: false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Over plain HTTP browsers ignore it; with TLS in front it pins HTTPS.
    strictTransportSecurity: opts.https ? HSTS : false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  };
  const api = secureHeaders({ ...common, contentSecurityPolicy: apiContentSecurityPolicy });
  const spa = secureHeaders({ ...common, contentSecurityPolicy: spaContentSecurityPolicy });
  return (c, next) => (c.req.path === "/api" || c.req.path.startsWith("/api/") ? api(c, next) : spa(c, next));
}
