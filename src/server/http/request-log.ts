import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";

/**
 * One structured line per API request. Only the path is logged, never the
 * query string or headers: verification links and tracking URLs carry tokens.
 */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const level = status >= 500 ? "error" : status >= 400 ? "warn" : "info";
    log[level]({ method: c.req.method, path: c.req.path, status, ms }, "request");
  };
}
