// Helpers every feature's routes use, so the API has one shape: JSON bodies
// validated by the shared zod schemas, the same error body for every failure,
// and an OpenAPI description generated from the same schemas.
import { OpenAPIHono } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import type { AppEnv } from "../auth/session.ts";
import { errorBody } from "../errors.ts";

export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issues = result.error.issues;
      const first = issues[0];
      const fields: Record<string, string> = {};
      for (const issue of issues) {
        const key = issue.path.join(".") || "_";
        fields[key] ??= issue.message;
      }
      return c.json(errorBody("validation_error", first?.message ?? "Invalid request", { fields }), 400);
    },
  });
}

/** A route's JSON request or response content for a schema. */
export const json = <T>(schema: T) => ({ "application/json": { schema } });

const errorContent = json(errorResponseSchema);

/**
 * Standard error responses to spread into a route's `responses`. 403 and 429 are the API key's refusals
 * (auth/api-key-auth.ts, auth/session-only.ts) and the Origin check's (http/origin-check.ts), which any
 * signed-in operation can give.
 */
export const errorResponses = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Not signed in, or the API key is unknown or revoked", content: errorContent },
  403: {
    description:
      "Refused: a read-only API key on a write, an API key on a session-only route, or a write sent from a page outside this app",
    content: errorContent,
  },
  429: {
    description: "Too many requests with this API key: Retry-After says when to try again",
    content: errorContent,
  },
} as const;

export const notFoundResponse = { 404: { description: "Not found", content: errorContent } } as const;

/**
 * The refusal every /api route can give before reading anything (http/host-check.ts): the one 4xx an operation
 * without input or sign-in has, declared so clients see the error shape there too.
 */
export const misdirectedResponse = {
  421: {
    description: "The Host header names no host this server answers to (PUBLIC_URL, ALLOWED_HOSTS)",
    content: errorContent,
  },
} as const;

/** An operation open to everyone: it overrides the document's session-or-API-key requirement. */
export const publicOperation = { security: [] };
