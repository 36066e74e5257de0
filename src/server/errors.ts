// One error type for domain code and one JSON shape for every failed request:
// { "error": { "code", "message", "details"? } }. Domain code throws AppError and
// never touches HTTP; onError maps it. Anything else is a 500 with a generic text.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "./logger.ts";

export type ErrorCode =
  | "bad_request"
  | "validation_error"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "misdirected_request"
  | "payload_too_large"
  | "rate_limited"
  | "internal_error"
  | "bad_gateway"
  | "service_unavailable";

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  misdirected_request: 421,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }
}

export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export function handleError(err: Error, c: Context, log: Logger): Response {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.details), err.status);
  }
  // Malformed JSON bodies and similar parse failures are the client's fault.
  if (err instanceof SyntaxError) {
    return c.json(errorBody("bad_request", "The request body is not valid JSON"), 400);
  }
  const maybeStatus = (err as { status?: unknown }).status;
  if (typeof maybeStatus === "number" && maybeStatus >= 400 && maybeStatus < 500) {
    return c.json(errorBody("bad_request", err.message || "Bad request"), maybeStatus as ContentfulStatusCode);
  }
  log.error({ err, path: c.req.path }, "unhandled error");
  return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
}
