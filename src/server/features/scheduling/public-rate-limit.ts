// BACKBONE STUB (branch backbone-14 only): the helper replaces this file.
import type { MiddlewareHandler } from "hono";
import type { FeatureDeps } from "../feature-deps.ts";

export function publicRateLimit(_deps: FeatureDeps): MiddlewareHandler {
  return async (_c, next) => {
    await next();
  };
}
