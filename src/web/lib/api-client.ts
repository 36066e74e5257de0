// The typed API client: hono/client over the server's AppType, so a request or
// response that drifts from the server's zod schemas fails to typecheck.
import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import { unwrap } from "./api-error.ts";

// ApiError and unwrap live in api-error.ts (the public booking pages use them without this client).
export { ApiError, unwrap } from "./api-error.ts";

export const api = hc<AppType>("/api", { init: { credentials: "same-origin" } });

/** Plain fetch for public endpoints outside AppType (app info, outbox). */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  return unwrap(response as Response & { json(): Promise<T> });
}
