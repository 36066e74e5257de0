import type { Context, MiddlewareHandler } from "hono";
import { errorBody } from "../errors.ts";

/**
 * Text PostgreSQL cannot store, refused here once for every API route instead
 * of failing in the database as a 500:
 * - NUL (U+0000): neither text nor jsonb can hold it;
 * - an unpaired UTF-16 surrogate (the JSON escape "\ud800" alone): jsonb
 *   rejects it, and a text column would silently get U+FFFD instead.
 * Checked in the decoded path, in every query parameter (names and values),
 * and in every string and property name of a JSON body — every body that the
 * routes' JSON validator parses, whatever the case or `+json` suffix of its
 * content type.
 *
 * `unstored` names body fields that are only checked and never stored (a
 * booking link's token): one of those holding such a character is a proof that
 * fails, which its route already answers (a booking linked to nobody), not a
 * reason to refuse the request.
 */
export function rejectNul(unstored: readonly { path: RegExp; field: string }[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (!storable(c.req.path)) return refuse(c, "path");
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (!storable(name) || !values.every(storable)) return refuse(c, name);
    }
    // better-auth reads the raw request itself, so its body is left unread here.
    const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (hasBody && isJsonMediaType(c.req.header("content-type")) && !c.req.path.startsWith("/api/auth/")) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        // Not JSON: the route's validator answers with its own 400.
        return next();
      }
      const skipped = new Set(unstored.filter((u) => u.path.test(c.req.path)).map((u) => u.field));
      const field = unstorableField(body, skipped);
      if (field !== null) return refuse(c, field);
    }
    await next();
  };
}

/**
 * Whether hono's JSON validator parses a body with this Content-Type: it
 * tests the media type alone (before any parameter), trimmed and lower-cased,
 * against application/json and application/<anything>+json.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return /^application\/([\w.-]+\+)?json$/.test(mediaType);
}

const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** No NUL and no unpaired surrogate. */
export const storable = (text: string) => !text.includes("\u0000") && isWellFormed(text);

/**
 * The path ("contacts.0.customFields") of the first string or property name in
 * a parsed JSON value that cannot be stored, or null. Walks without recursion:
 * JSON.parse accepts nesting far deeper than the call stack.
 */
export function unstorableField(value: unknown, skipped: ReadonlySet<string> = new Set()): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      if (!storable(item) && !skipped.has(path)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => {
        stack.push([child, path ? `${path}.${i}` : String(i)]);
      });
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const here = path ? `${path}.${key}` : key;
        if (!storable(key)) return here;
        stack.push([child, here]);
      }
    }
  }
  return null;
}

const REFUSED = "The request contains a character that cannot be stored (NUL or an unpaired surrogate)";

/** The 400 of a validation error, on the field that holds the character (JSON escapes it in the answer). */
function refuse(c: Context, field: string) {
  // A field deep in a nested body has a long path: its start says enough.
  const name = field.length > 200 ? `${field.slice(0, 200)}…` : field || "_";
  return c.json(errorBody("validation_error", REFUSED, { fields: { [name]: REFUSED } }), 400);
}
