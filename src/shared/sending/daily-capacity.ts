// Daily limits: each sender mailbox has its daily_limit and the user has
// daily_send_limit, both counted per calendar day in the user's timezone.
// When a day is full, work moves to the first allowed instant of the next
// sending day; nothing is dropped.

import type { LocalDate } from "../zoned-time.ts";
import { localDate } from "../zoned-time.ts";
import { nextAllowedInstant, nextDayWindowStart, type SendingRules } from "./sending-window.ts";

/** One limit and how much of it a given day has used. */
export type DailyLimit = { limit: number; usedOn: (date: LocalDate) => number };

export function hasRoom(date: LocalDate, limits: readonly DailyLimit[]): boolean {
  return limits.every((l) => l.usedOn(date) < l.limit);
}

/**
 * The first allowed instant at or after `candidate` on a day where every
 * limit still has room. Gives up after a year of full days (a limit of 0 can
 * never be met; the settings and sender forms forbid it).
 */
export function nextSlotWithCapacity(candidate: Date, rules: SendingRules, limits: readonly DailyLimit[]): Date {
  let slot = nextAllowedInstant(candidate, rules);
  for (let i = 0; i < 366; i++) {
    if (hasRoom(localDate(slot, rules.timezone), limits)) return slot;
    slot = nextDayWindowStart(slot, rules);
  }
  throw new Error("No day with capacity within a year: check the daily limits");
}

export type CapacityCandidate = { id: string; mailboxId: string };

/**
 * Splits due rows (in the order they should go out) into those that fit in
 * today's remaining capacity and those that must wait for another day. A row
 * fits when its mailbox and the user both have room left; a row refused for
 * its mailbox does not use the user's room, so another mailbox's row behind it
 * can still go.
 */
export function allocateCapacity<T extends CapacityCandidate>(
  candidates: readonly T[],
  remainingByMailbox: ReadonlyMap<string, number>,
  userRemaining: number,
): { fit: T[]; full: T[] } {
  const left = new Map(remainingByMailbox);
  let userLeft = Math.max(0, userRemaining);
  const fit: T[] = [];
  const full: T[] = [];
  for (const c of candidates) {
    const mailboxLeft = left.get(c.mailboxId) ?? 0;
    if (userLeft > 0 && mailboxLeft > 0) {
      fit.push(c);
      userLeft--;
      left.set(c.mailboxId, mailboxLeft - 1);
    } else {
      full.push(c);
    }
  }
  return { fit, full };
}
