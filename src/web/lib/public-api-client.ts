// The public booking page's typed client: hono/client over PublicType only, so
// the page carries none of the signed-in app's API surface.
import { hc } from "hono/client";
import type { PublicType } from "#server/app.ts";

export const publicApi = hc<PublicType>("/api", { init: { credentials: "omit" } });
