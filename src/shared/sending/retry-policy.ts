// When a temporary failure (4xx, a dropped connection) is tried again. The
// delays grow so a throttling provider gets room and a short outage is ridden
// out; after MAX_SEND_ATTEMPTS the send fails for good, so a mailbox that never
// recovers does not hold a contact's sequence forever (about 2.6 hours in all).

/** Attempts in total, the first one included. */
export const MAX_SEND_ATTEMPTS = 5;

/** Delay before attempt n + 1, indexed by n - 1: 1 min, 5 min, 30 min, 2 h. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

/**
 * How long to wait after the `attemptsMade`-th failed attempt before the next
 * one, or null when no attempt is left (give up).
 */
export function retryDelayMs(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be a whole number from 1, got ${attemptsMade}`);
  }
  if (attemptsMade >= MAX_SEND_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
}

/** When to try again after a failure, or null to fail the send now (permanent, or out of attempts). */
export function nextAttemptAt(failure: { permanent: boolean }, attemptsMade: number, now: Date): Date | null {
  if (failure.permanent) return null;
  const delay = retryDelayMs(attemptsMade);
  return delay === null ? null : new Date(now.getTime() + delay);
}
