// What one webhook delivery attempt leads to (docs/product.md, "Webhooks"):
// a 2xx is delivered; 410 Gone says the receiver is gone for good, so its
// endpoint is disabled; 408, 429 and 5xx are the receiver's passing trouble,
// retried, as is no answer at all (timeout, refused or reset connection, a
// name that does not resolve); any other status (a 3xx, since redirects are
// not followed, or a 4xx) is the receiver refusing this payload, and trying
// it again would get the same answer. A refusal by our own address policy is
// final too: the same URL will resolve to the same refused address.
// Retries back off exponentially with full jitter, for 24 hours.

export type AttemptResult =
  | { kind: "response"; status: number; retryAfter?: string | null }
  | { kind: "error"; reason: "timeout" | "network" | "address_not_allowed" | "invalid_url" };

export type AttemptOutcome = "delivered" | "retry" | "failed" | "disabled";

export function attemptOutcome(result: AttemptResult): AttemptOutcome {
  if (result.kind === "error") {
    return result.reason === "timeout" || result.reason === "network" ? "retry" : "failed";
  }
  const { status } = result;
  if (status >= 200 && status < 300) return "delivered";
  if (status === 410) return "disabled";
  if (status === 408 || status === 429 || status >= 500) return "retry";
  return "failed";
}

/** The first retry waits about this long; each next one doubles it, up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 5_000;
export const MAX_DELAY_MS = 60 * 60_000;
/** How long a delivery is retried for after its event (or its Resend). */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** A Retry-After is honoured between these bounds (a receiver cannot stall us for days, nor make us hammer it). */
export const MIN_RETRY_AFTER_MS = 1_000;
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * The wait before retry number `attempt` + 1 (attempt = tries made so far, ≥ 1):
 * "full jitter" (a random wait between half the capped exponential and all of
 * it), so endpoints that failed together do not all come back at once.
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** A Retry-After header (seconds or an HTTP date) as a wait in ms, within bounds; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date)) return null;
    ms = date - now.getTime();
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, ms));
}

/**
 * When to try again after a failed attempt that is worth retrying, or null
 * when that would be past `retryUntil` (the delivery fails then).
 */
export function nextAttemptAt(o: {
  attempt: number;
  now: Date;
  retryUntil: Date;
  retryAfter?: string | null;
  random?: () => number;
}): Date | null {
  const wait = retryAfterMs(o.retryAfter, o.now) ?? backoffMs(o.attempt, o.random);
  const at = new Date(o.now.getTime() + wait);
  return at.getTime() > o.retryUntil.getTime() ? null : at;
}
