// Public endpoints that sent mail links to, outside /api and without sign-in:
// the open pixel (/t/o/{token}.gif), the click redirect (/t/c/{token}) and
// the unsubscribe page and RFC 8058 one-click endpoint (/u/{token}). The
// signed token is the only credential; it names one email_sends row, which
// names its owner. On a user's tracking host (tracking-host-routing.ts) only
// the links of the users who verified that host are served (send-owners.ts).

import type { Context } from "hono";
import { Hono } from "hono";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import { isTrackableUrl } from "../../mail/click-links.ts";
import { type TokenKind, verifyClickToken, verifyToken } from "../../mail/tokens.ts";
import type { TrackingHostEnv } from "../tracking-hosts/tracking-host-routing.ts";
import { clickAllowed, recordClick } from "./click-tracking.service.ts";
import { recordOpen } from "./open-tracking.service.ts";
import { findUnsubscribeTarget, unsubscribe } from "./unsubscribe.service.ts";
import { renderUnsubscribePage, type UnsubscribePage } from "./unsubscribe-page.ts";

export type TrackingDeps = { db: Db; config: Config; log: Logger };

/** The classic 43-byte 1×1 transparent GIF. */
const PIXEL = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

const pixelHeaders = {
  "content-type": "image/gif",
  // Every load must reach us to count, and proxies must not share one
  // recipient's pixel with another.
  "cache-control": "no-store",
  // Webmail shows the message on its own site: the image must load cross-origin.
  "cross-origin-resource-policy": "cross-origin",
};

const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  // The URL carries the token: do not leak it to other sites.
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex",
  "x-content-type-options": "nosniff",
  // Inline styles and a form posting back here are all the page does.
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
};

const redirectHeaders = {
  // Each click must reach us to count.
  "cache-control": "no-store",
  // The redirect's URL carries the token: the destination does not get it as the Referer.
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The email_sends id a token names, or null. The shape check keeps junk ids away from the ::uuid cast. */
function sendIdOf(secret: string, kind: TokenKind, token: string): string | null {
  const id = verifyToken(secret, kind, token);
  return id && UUID.test(id) ? id : null;
}

/** The send and URL of a valid click token whose URL may be redirected to, or null. */
function clickOf(secret: string, token: string): { sendId: string; url: string } | null {
  const click = verifyClickToken(secret, token);
  return click && UUID.test(click.sendId) && isTrackableUrl(click.url) ? click : null;
}

function page(c: Context, content: UnsubscribePage, status: 200 | 404 | 503) {
  return c.body(renderUnsubscribePage(content), status, pageHeaders);
}

export function trackingRoutes({ db, config, log }: TrackingDeps) {
  async function countOpen(sendId: string, owners: readonly string[] | undefined): Promise<void> {
    await recordOpen(db, sendId, owners);
  }

  return (
    new Hono<TrackingHostEnv>()
      // The same GIF whatever happens, so the response never tells whether a
      // token is valid, and a database problem never shows as a broken image.
      .get("/t/o/:file", async (c) => {
        const token = c.req.param("file").replace(/\.gif$/, "");
        const sendId = sendIdOf(config.appSecret, "open", token);
        // HEAD (link checkers, some proxies) is not a person reading the mail.
        if (sendId && c.req.method === "GET") {
          try {
            await countOpen(sendId, c.get("trackingHostOwners"));
          } catch (err) {
            log.error({ err, sendId }, "recording an open failed");
          }
        }
        return c.body(PIXEL, 200, pixelHeaders);
      })
      // A tracked link: the first click of the send on it is recorded, then
      // 302 to the URL the message held. A forged or altered token is 404:
      // the redirect only ever goes to a URL the token's MAC covers.
      .get("/t/c/:token", async (c) => {
        const click = clickOf(config.appSecret, c.req.param("token"));
        const notValid = () => c.text("This link is not valid.", 404, redirectHeaders);
        if (!click) return notValid();
        const owners = c.get("trackingHostOwners");
        try {
          // HEAD (link checkers, some proxies) is not a person following the link.
          const known =
            c.req.method === "GET"
              ? (await recordClick(db, { ...click, owners })) !== null
              : await clickAllowed(db, click.sendId, owners);
          // On a tracking host, a link of a send of none of its users is not its link.
          if (!known && owners) return notValid();
        } catch (err) {
          // The person still gets where they were going; only the count is lost.
          log.error({ err, sendId: click.sendId }, "recording a click failed");
        }
        return c.body(null, 302, { ...redirectHeaders, location: click.url });
      })
      // Shows the address and a confirm button; changes nothing, because
      // security scanners open every link in a message before the person does.
      .get("/u/:token", async (c) => {
        const sendId = sendIdOf(config.appSecret, "unsubscribe", c.req.param("token"));
        if (!sendId) return page(c, { kind: "invalid" }, 404);
        try {
          const target = await findUnsubscribeTarget(db, sendId, c.get("trackingHostOwners"));
          if (!target) return page(c, { kind: "invalid" }, 404);
          return page(c, { kind: target.unsubscribed ? "done" : "confirm", email: target.email }, 200);
        } catch (err) {
          log.error({ err, sendId }, "reading an unsubscribe link failed");
          return page(c, { kind: "unavailable" }, 503);
        }
      })
      // RFC 8058 one-click (mail clients post `List-Unsubscribe=One-Click`)
      // and the confirm button. The body is not required: the signed token is
      // the authorisation, and refusing a sloppy client would keep mailing
      // someone who asked us to stop.
      .post("/u/:token", async (c) => {
        const sendId = sendIdOf(config.appSecret, "unsubscribe", c.req.param("token"));
        if (!sendId) return page(c, { kind: "invalid" }, 404);
        try {
          // Our page's confirm button posts with Origin "null" (it sends no referrer); a mail client's one-click does not.
          const source = c.req.header("origin") === "null" ? "link" : "one_click";
          const target = await unsubscribe(db, sendId, c.get("trackingHostOwners"), source);
          if (!target) return page(c, { kind: "invalid" }, 404);
          return page(c, { kind: "done", email: target.email }, 200);
        } catch (err) {
          log.error({ err, sendId }, "unsubscribing failed");
          // 503 tells a one-click sender to retry later.
          return page(c, { kind: "unavailable" }, 503);
        }
      })
  );
}
