// A failed API request as one error type, read from the server's one error
// body ({ error: { code, message, details? } }). No client here: the public
// booking pages use it without the signed-in app's API client.
import type { ClientResponse } from "hono/client";
import type { ErrorResponse } from "#shared/api/error.schemas.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Per-field validation messages, when the server sent them. */
  get fieldErrors(): Record<string, string> {
    const fields = (this.details as { fields?: Record<string, string> } | undefined)?.fields;
    return fields ?? {};
  }
}

/** Returns the JSON body of a successful response, or throws ApiError with the server's message. */
/**
 * The body a response has when it succeeds: a typed client's response is a
 * union over the route's declared statuses, and the error bodies (the 4xx
 * this function throws for) are not what the caller gets.
 */
type SuccessBody<R> =
  R extends ClientResponse<infer B, infer S>
    ? S extends 200 | 201
      ? B
      : never
    : R extends { json(): Promise<infer T> }
      ? T
      : never;

export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  response: R,
): Promise<SuccessBody<R>> {
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  let body: Partial<ErrorResponse> | undefined;
  try {
    body = (await response.json()) as Partial<ErrorResponse>;
  } catch {
    body = undefined;
  }
  const error = body?.error;
  throw new ApiError(
    response.status,
    error?.code ?? "http_error",
    error?.message ?? `Request failed (${response.status})`,
    error?.details,
  );
}
