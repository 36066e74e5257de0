// The server on a user's verified tracking host (a CNAME to it): only the
// paths that mail links to are answered there (the open pixel, the click
// redirect, the unsubscribe page and its one-click POST); anything else on
// that name is 404, so the host never serves the app, its API or the outbox
// (the DNS-rebinding guard in http/host-check.ts stays whole for them). The
// users who verified the host go to the tracking routes, which serve only
// those users' links there.
import type { Context } from "hono";
import { errorBody } from "../../errors.ts";
import type { OtherHost } from "../../http/host-check.ts";
import type { TrackingHostService } from "./tracking-hosts.service.ts";

/** The context of a request to a tracking host: whose links it may serve. */
export type TrackingHostEnv = { Variables: { trackingHostOwners?: readonly string[] } };

/** /t/o/{token}.gif, /t/c/{token}, /u/{token}: what sent mail links to (tracking.routes.ts). */
const TRACKING_PATH = /^\/(?:t\/[oc]|u)\/[^/]+$/;

export function isTrackingPath(path: string): boolean {
  return TRACKING_PATH.test(path);
}

function notFound(c: Context): Response {
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
    return c.json(errorBody("not_found", "Not found"), 404);
  }
  return c.text("Not found", 404);
}

export function trackingHostRouting(service: Pick<TrackingHostService, "ownersOf">): OtherHost {
  return async (hostName, c) => {
    const owners = await service.ownersOf(hostName);
    if (owners.length === 0) return null;
    if (!isTrackingPath(c.req.path)) return notFound(c);
    c.set("trackingHostOwners", owners);
    return "next";
  };
}
