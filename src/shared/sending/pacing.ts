// Human pacing: how a claim spreads a mailbox's sends out over the day, on top
// of the daily limits (daily-capacity.ts). Per mailbox address, across every
// campaign that uses it (a saved sender and its campaign copies are one
// mailbox):
// - a random gap between two sends (gapMin–gapMax seconds);
// - at most hourlyLimit sends in any rolling hour;
// - a ramp for a new mailbox: rampStart sends on its first day, rampStep more
//   each day after, never above its daily limit.
// Per campaign: at most dailyNewContactsLimit contacts get step 1 per day, and
// follow-ups go before step 1 when a day's room is short, so a long list does
// not push the follow-ups of those already written to out of the day.
// Rows the rules hold back wait where they are (a mailbox that may not send is
// not read: claim/due-rows.ts); nothing is dropped. docs/decisions/026-human-pacing.md.
import type { LocalDate } from "../zoned-time.ts";

export type PacingRules = {
  gapMinSeconds: number;
  gapMaxSeconds: number;
  hourlyLimit: number | null;
  /** null: no ramp. */
  ramp: { start: number; step: number; startedOn: LocalDate } | null;
};

/** A mailbox address's pacing rules and what it has sent, as the claim reads them. */
export type MailboxPace = {
  rules: PacingRules;
  /** When the gap after its last send ends; null: no gap pending. */
  nextSendAt: Date | null;
  /** Sends (and sends in flight) in the hour before now. */
  sentLastHour: number;
  /** Sends (and sends in flight) today, on the user's calendar day. */
  sentToday: number;
};

export const HOUR_MS = 3_600_000;

/** Whole days from `from` to `to` (calendar dates; 0 on the same day, negative before). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const ms = (d: LocalDate) => Date.parse(`${d}T00:00:00Z`);
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/**
 * The ramp's allowance on `today`: start on the first day, step more each day
 * after. A day before the ramp began (a clock set back) counts as its first.
 */
export function rampLimit(ramp: NonNullable<PacingRules["ramp"]>, today: LocalDate): number {
  return ramp.start + ramp.step * Math.max(0, daysBetween(ramp.startedOn, today));
}

/** A gap drawn uniformly from the rules' range, in milliseconds. */
export function randomGapMs(rules: PacingRules, random: () => number = Math.random): number {
  const span = rules.gapMaxSeconds - rules.gapMinSeconds;
  return Math.round((rules.gapMinSeconds + random() * span) * 1000);
}

export function hasGap(rules: PacingRules): boolean {
  return rules.gapMaxSeconds > 0;
}

/**
 * How many sends a mailbox may make now (Infinity: no pacing limit), and when
 * it may send again once that is used:
 * - in its gap, at its hourly limit or at its ramp's allowance: none, until the
 *   gap's end, the hour's first free place, or `nextDay` (the next day's window);
 * - with a gap: one, and the gap drawn now (`gap`, which the claim stores as
 *   the mailbox's next_send_at once the row is claimed).
 */
export function allowanceOf(
  pace: MailboxPace,
  o: { now: Date; today: LocalDate; random?: () => number },
): { n: number; gap: Date | null } {
  const now = o.now.getTime();
  const r = pace.rules;
  if (pace.nextSendAt && pace.nextSendAt.getTime() > now) return { n: 0, gap: null };
  const hourly = r.hourlyLimit === null ? Infinity : r.hourlyLimit - pace.sentLastHour;
  const ramp = r.ramp === null ? Infinity : rampLimit(r.ramp, o.today) - pace.sentToday;
  if (ramp <= 0 || hourly <= 0) return { n: 0, gap: null };
  if (hasGap(r)) return { n: 1, gap: new Date(now + randomGapMs(r, o.random)) };
  return { n: Math.min(hourly, ramp), gap: null };
}

export type PaceCandidate = { id: string; mailbox: string };

/**
 * Which of the due rows (in the order they should go) the pacing lets go now:
 * each paced mailbox address gives at most its allowance (allowanceOf), across
 * every campaign copy of it. `gapUntil`: the gap drawn for each address that
 * gave a row. Rows of mailboxes without pacing (absent from `allowances`) all go.
 */
export function paceCandidates<T extends PaceCandidate>(
  candidates: readonly T[],
  allowances: ReadonlyMap<string, { n: number; gap: Date | null }>,
): { go: T[]; gapUntil: Map<string, Date> } {
  const left = new Map([...allowances].map(([mailbox, a]) => [mailbox, a.n]));
  const gapUntil = new Map<string, Date>();
  const go: T[] = [];
  for (const c of candidates) {
    const n = left.get(c.mailbox);
    if (n === undefined) {
      go.push(c);
    } else if (n > 0) {
      go.push(c);
      left.set(c.mailbox, n - 1);
      const gap = allowances.get(c.mailbox)?.gap;
      if (gap) gapUntil.set(c.mailbox, gap);
    }
  }
  return { go, gapUntil };
}

export type NewContactCandidate = { id: string; campaignId: string; firstStep: boolean };

/**
 * The campaign's cap on contacts started per day: step-1 rows beyond what is
 * left of a capped campaign's day are held (until the next day's window).
 * Follow-ups are never held by it.
 */
export function capNewContacts<T extends NewContactCandidate>(
  candidates: readonly T[],
  leftToday: ReadonlyMap<string, number>,
): { go: T[]; heldCampaigns: Set<string> } {
  const left = new Map(leftToday);
  const go: T[] = [];
  const heldCampaigns = new Set<string>();
  for (const c of candidates) {
    const n = c.firstStep ? left.get(c.campaignId) : undefined;
    if (n === undefined) {
      go.push(c);
    } else if (n > 0) {
      go.push(c);
      left.set(c.campaignId, n - 1);
    } else {
      heldCampaigns.add(c.campaignId);
    }
  }
  return { go, heldCampaigns };
}

/** Follow-ups before step 1, each group in its own order (a stable sort). */
export function followUpsFirst<T extends { firstStep: boolean }>(rows: readonly T[]): T[] {
  return [...rows.filter((r) => !r.firstStep), ...rows.filter((r) => r.firstStep)];
}
