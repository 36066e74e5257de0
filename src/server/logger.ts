import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

// Secrets must never reach the logs, whatever a caller passes in.
export const redactPaths = [
  "password",
  "*.password",
  "*.*.password",
  "smtpPassword",
  "*.smtpPassword",
  "imapPassword",
  "*.imapPassword",
  "token",
  "*.token",
  "*.refreshToken",
  "*.accessToken",
  "headers.cookie",
  "*.headers.cookie",
  "headers.authorization",
  "*.headers.authorization",
  "appSecret",
  "*.appSecret",
];

const REDACTED = "[redacted]";

/**
 * Parameters shorter than this stay in messages: replacing "1" or "custom"
 * everywhere would garble the text and hide nothing secret. Passwords,
 * tokens and encrypted values are all longer.
 */
const MIN_SECRET_LENGTH = 8;

/**
 * The values a failed query's error repeats. Drizzle's DrizzleQueryError has
 * the query's parameters in `params` and in its message ("Failed query: …
 * params: …"), which the stack and every wrapping error's message repeat; a
 * PostgreSQL error's `detail` quotes row values ("Failing row contains (…)"),
 * among them an encrypted SMTP password when a sender insert fails.
 */
function secretsIn(err: unknown, found: Set<string>, seen: Set<unknown>): void {
  if (typeof err !== "object" || err === null || seen.has(err)) return;
  seen.add(err);
  const e = err as { params?: unknown; detail?: unknown; cause?: unknown; errors?: unknown };
  if (Array.isArray(e.params)) {
    found.add(`params: ${e.params}`);
    for (const param of e.params) {
      const text = param instanceof Date ? param.toISOString() : typeof param === "object" ? "" : String(param ?? "");
      if (text.length >= MIN_SECRET_LENGTH) found.add(text);
      if (typeof param === "object" && param !== null) found.add(JSON.stringify(param));
    }
  }
  if (typeof e.detail === "string" && e.detail) found.add(e.detail);
  secretsIn(e.cause, found, seen);
  if (Array.isArray(e.errors)) for (const inner of e.errors) secretsIn(inner, found, seen);
}

function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = key === "params" || key === "detail" ? REDACTED : scrub(v, secrets);
    }
    return out;
  }
  return value;
}

/** Longest first, so a value inside a longer one does not split it. */
function secretsOf(err: Error): string[] {
  const found = new Set<string>();
  secretsIn(err, found, new Set());
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * pino's error serializer, minus the values of failed queries: the message,
 * stack and causes are kept (they name the query and the constraint, which is
 * what a reader needs), the parameters and row values are not.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const serialized = pino.stdSerializers.err(err);
  const secrets = secretsOf(err);
  return secrets.length === 0 ? serialized : scrub(serialized, secrets);
}

/**
 * `log.error(err)` and `log.error({ err })` without a message make pino use
 * the error's message as the line's message, past the serializer: it gets
 * the same treatment here.
 */
function errorOnlyLine(args: unknown[]): unknown[] {
  if (args.length !== 1) return args;
  const [first] = args;
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  if (!(err instanceof Error)) return args;
  const secrets = secretsOf(err);
  return secrets.length === 0 ? args : [first, scrub(err.message, secrets)];
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: REDACTED },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        logMethod(args, method) {
          method.apply(this, errorOnlyLine(args) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
