// The typed API client: hono/client over the server's AppType, so a request or
// response that drifts from the server's zod schemas fails to typecheck.
import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import type { ErrorResponse } from "#shared/api/error.schemas.ts";

export const api = hc<AppType>("/api", { init: { credentials: "same-origin" } });

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
export async function unwrap<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
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

/** Plain fetch for public endpoints outside AppType (app info, outbox). */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  return unwrap<T>(response as Response & { json(): Promise<T> });
}
