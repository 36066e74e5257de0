// How much a worker claims ahead: what its connections can deliver in a few
// seconds, not hundreds of rows. Rows a worker holds are late for every other
// worker, and a worker that dies holds them until its heartbeat is seen to
// stop. The rate is measured (deliveries finished per second, recently), so
// a slow server or a daily-limited mailbox gets small claims and a fast
// capture server large ones.

export type ClaimSizing = {
  /** Deliveries finished per second lately; null before any finished. */
  ratePerSecond: number | null;
  /** Seconds of work to hold: claimed rows not yet finished. */
  aheadSeconds: number;
  /** Held at least this many (before a rate is known, and for a slow trickle). */
  minHeld: number;
  /** Never more than this many (the claim batch size bounds each claim too). */
  maxHeld: number;
};

/** How many claimed-but-unfinished rows the worker may hold now. */
export function holdLimit(s: ClaimSizing): number {
  if (s.ratePerSecond === null) return s.minHeld;
  const ahead = Math.ceil(s.ratePerSecond * s.aheadSeconds);
  return Math.max(s.minHeld, Math.min(s.maxHeld, ahead));
}

/**
 * How many rows to claim now, given how many are held: nothing while more
 * than half the limit is still held (the next claim is made while about half
 * remains, so delivery never runs dry while it is made), else up to the
 * limit, at most `batch` per claim.
 */
export function claimNow(held: number, limit: number, batch: number): number {
  if (held > limit / 2) return 0;
  return Math.max(0, Math.min(batch, limit - held));
}

/**
 * Deliveries finished per second over the last `windowMs`, from their end
 * times (oldest first), counting from `since` (when the worker began
 * delivering) while it has run for less than the window. Null until at least
 * `minSamples` have finished. Measured over the time, not between the first
 * and last delivery: deliveries end in bursts (one per connection at once),
 * and the span between bursts would count one burst too many.
 */
export function recentRate(
  endTimes: readonly number[],
  now: number,
  windowMs: number,
  since: number,
  minSamples = 5,
): number | null {
  const from = Math.max(now - windowMs, since);
  let count = 0;
  for (let i = endTimes.length - 1; i >= 0 && endTimes[i]! >= from; i--) count++;
  if (count < minSamples) return null;
  return (count * 1000) / Math.max(now - from, 250);
}
