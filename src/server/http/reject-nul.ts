import type { MiddlewareHandler } from "hono";
import { errorBody } from "../errors.ts";

/**
 * PostgreSQL text cannot hold a NUL character; a JSON body carrying one (\u0000)
 * would otherwise pass validation and fail in the database as a 500. Rejected
 * here, once, for every API route.
 */
/** A JSON escape \u0000 that is not itself an escaped backslash followed by "u0000". */
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

export function rejectNul(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    // better-auth reads the raw request itself, so its body is left unread here.
    if (c.req.method !== "GET" && type.includes("application/json") && !c.req.path.startsWith("/api/auth/")) {
      const text = await c.req.text();
      if (ESCAPED_NUL.test(text) || text.includes("\u0000")) {
        return c.json(errorBody("bad_request", "The request contains an invalid character (NUL)"), 400);
      }
    }
    await next();
  };
}
