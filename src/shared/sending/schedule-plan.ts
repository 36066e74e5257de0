// The schedule preview (issue 30 §5): what the engine will send each day, per
// sender, and when the campaign ends, simulated with the rules the claim
// applies (the same functions): the window on each contact's clock
// (nextAllowedInstant, rulesForZone), follow-up timing (followUpDueAt), each
// sender's daily limit and pacing (rampLimit, the gap, the hourly limit), the
// user's daily limit (all counted on the user's calendar day), and each
// campaign's cap on new contacts (capNewContacts, follow-ups first:
// followUpsFirst). Replies cannot be foreseen: a running campaign's preview
// is recomputed from what is queued now. The rounding rule for paced senders
// is in docs/decisions/027-schedule-preview.md.
import { addDays, type LocalDate, localDate, minutesOfDay, zonedInstant } from "../zoned-time.ts";
import { rulesForZone } from "./contact-zone.ts";
import { type FollowUpTiming, followUpDueAt } from "./follow-up.ts";
import { capNewContacts, followUpsFirst, type PacingRules, rampLimit } from "./pacing.ts";
import { isSendingDay, nextAllowedInstant, nextDayWindowStart, type SendingRules, windowOn } from "./sending-window.ts";

export type PlanSender = {
  id: string;
  dailyLimit: number;
  /** null: no pacing. */
  pacing: PacingRules | null;
  /** Already sent (or in flight) today, on the user's day. */
  sentToday?: number;
};

export type PlanContact = {
  /** The contact's own zone (null: the user's). */
  zone: string | null;
  senderId: string;
  /** The 0-based step due next and when (launch: step 0, at once). */
  nextStep: number;
  dueAt: Date;
  /** The claim's tie-break among rows due at the same instant (the queue row's id); default: the list's order. */
  key?: string;
};

export type PlanInput = {
  start: Date;
  rules: SendingRules;
  userDailyLimit: number;
  userSentToday?: number;
  senders: readonly PlanSender[];
  contacts: readonly PlanContact[];
  steps: readonly FollowUpTiming[];
  /** null: no cap. */
  newContactsPerDay: number | null;
  newContactsStartedToday?: number;
  /** Simulated days at most (a year by default). */
  maxDays?: number;
};

export type LimitKind =
  | "sender daily limits"
  | "your daily send limit"
  | "sending window"
  | "new contacts per day"
  | "pacing";

export type PlanDay = { date: LocalDate; firstSteps: number; followUps: number; bySender: Record<string, number> };

export type SchedulePlan = {
  days: PlanDay[];
  /** The user's date of the last send; null when nothing is to be sent. */
  endDate: LocalDate | null;
  /** Every send fits in the simulated days (false: the plan stops at maxDays). */
  complete: boolean;
  totalSends: number;
  /** What held sends back, the most rows held first. */
  limits: { kind: LimitKind; message: string }[];
};

const LIMIT_MESSAGES: Record<LimitKind, string> = {
  "sender daily limits": "Your senders' daily limits: each sender sends at most its daily limit a day.",
  "your daily send limit": "Your daily send limit (Settings → Sending) caps all your senders together.",
  "sending window": "The sending window and days: no mail goes out outside them, on each contact's clock.",
  "new contacts per day": "The campaign's new contacts per day: step 1 waits for the next day once it is reached.",
  pacing:
    "Pacing: the gap between sends, the hourly limit or a new mailbox's ramp allow fewer sends than the daily limit.",
};

/** The average gap of a paced sender, in milliseconds (0: none). */
export function averageGapMs(p: PacingRules | null): number {
  if (!p || p.gapMaxSeconds <= 0) return 0;
  return ((p.gapMinSeconds + p.gapMaxSeconds) / 2) * 1000;
}

/**
 * What a sender can send on `date` given `windowMs` of window left that day:
 * min(daily limit, ramp allowance, hourly limit × window hours, window / average
 * gap + 1), each rounded down (record 027), less what it sent already. `bound`:
 * which of them is the smallest ("pacing" for the ramp, the hourly limit or the gap).
 */
export function senderDayCapacity(
  s: PlanSender,
  date: LocalDate,
  windowMs: number,
  sentToday = 0,
): { n: number; bound: "sender daily limits" | "pacing" } {
  const daily = s.dailyLimit;
  const p = s.pacing;
  const ramp = p?.ramp ? rampLimit(p.ramp, date) : Infinity;
  const hourly = p?.hourlyLimit != null ? Math.floor((p.hourlyLimit * windowMs) / 3_600_000) : Infinity;
  const gap = averageGapMs(p);
  const byGap = gap > 0 ? Math.floor(windowMs / gap) + 1 : Infinity;
  const paced = Math.min(ramp, hourly, byGap);
  const n = Math.max(0, Math.min(daily, paced) - sentToday);
  // The engine reads a paced mailbox only for its allowance: at or under the daily limit, pacing is what holds it.
  return { n, bound: paced <= daily ? "pacing" : "sender daily limits" };
}

type Pending = PlanContact & { index: number };

const tieBreak = (a: Pending, b: Pending) =>
  a.key !== undefined && b.key !== undefined ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.index - b.index;

/** The plan: day by day on the user's calendar, until every queued step is sent (or maxDays). */
export function planSchedule(input: PlanInput): SchedulePlan {
  const days = planDays(input);
  for (;;) {
    const r = days.next();
    if (r.done) return r.value;
  }
}

/**
 * planSchedule in slices of about `sliceMs`, giving the event loop back between
 * them: a campaign of tens of thousands of contacts takes seconds to plan
 * (every pending step is looked at each day), and the server must answer other
 * requests meanwhile.
 */
export async function planScheduleInSlices(input: PlanInput, sliceMs = 15): Promise<SchedulePlan> {
  const days = planDays(input);
  let sliceStart = performance.now();
  for (;;) {
    const r = days.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
}

/** The planner itself, one day per step of the generator. */
function* planDays(input: PlanInput): Generator<void, SchedulePlan, void> {
  const { rules } = input;
  const tz = rules.timezone;
  const maxDays = input.maxDays ?? 366;
  const senders = new Map(input.senders.map((s) => [s.id, s]));
  const zoneRules = new Map<string | null, SendingRules>();
  const rulesOf = (zone: string | null) => {
    let r = zoneRules.get(zone);
    if (!r) {
      r = rulesForZone(rules, zone);
      zoneRules.set(zone, r);
    }
    return r;
  };
  // Many steps share a zone and a due instant (a claim sends at one instant): each is computed once.
  const allowed = new Map<string, Date>();
  const allowedFrom = (zone: string | null, from: Date) => {
    const k = `${zone}|${from.getTime()}`;
    let at = allowed.get(k);
    if (!at) {
      at = nextAllowedInstant(from, rulesOf(zone));
      allowed.set(k, at);
    }
    return at;
  };
  const dues = new Map<string, Date>();
  const dueAfter = (zone: string | null, sentAt: Date, stepIndex: number, step: FollowUpTiming) => {
    const k = `${zone}|${sentAt.getTime()}|${stepIndex}`;
    let due = dues.get(k);
    if (!due) {
      due = followUpDueAt(sentAt, step, rulesOf(zone).timezone);
      dues.set(k, due);
    }
    return due;
  };
  let pending: Pending[] = input.contacts
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.nextStep < input.steps.length && senders.has(c.senderId));
  const held = new Map<LimitKind, number>();
  const hold = (kind: LimitKind) => held.set(kind, (held.get(kind) ?? 0) + 1);
  const days: PlanDay[] = [];
  let totalSends = 0;
  const windowMinutes = minutesOfDay(rules.sendTimeEnd) + 1 - minutesOfDay(rules.sendTimeStart);
  const firstDay = localDate(input.start, tz);

  for (let d = 0; d < maxDays && pending.length > 0; d++) {
    if (d > 0) yield;
    const date = addDays(firstDay, d);
    const dayStart = d === 0 ? input.start : zonedInstant(date, "00:00", tz);
    const dayEnd = zonedInstant(addDays(date, 1), "00:00", tz);
    // Each pending step's first allowed instant from today on its contact's clock; today's are candidates.
    const ready = new Map<Pending, Date>();
    for (const c of pending) {
      const from = c.dueAt.getTime() > dayStart.getTime() ? c.dueAt : dayStart;
      const at = allowedFrom(c.zone, from);
      if (at.getTime() < dayEnd.getTime()) ready.set(c, at);
    }
    if (ready.size === 0) {
      // Nothing may go today: a day off (or everything due waits for its window) stretches the plan.
      if (!isSendingDay(date, rules) || pending.some((c) => c.dueAt.getTime() < dayEnd.getTime()))
        hold("sending window");
      continue;
    }
    // The window left today (the user's window; every zone's is as long).
    const { start: wStart, end: wEnd } = windowOn(date, rules);
    const windowMs =
      d === 0
        ? Math.max(0, wEnd.getTime() - Math.max(wStart.getTime(), input.start.getTime()))
        : windowMinutes * 60_000;
    const room = new Map<string, { n: number; bound: "sender daily limits" | "pacing"; nextAt: number }>();
    for (const s of input.senders) {
      const cap = senderDayCapacity(s, date, windowMs, d === 0 ? (s.sentToday ?? 0) : 0);
      room.set(s.id, { ...cap, nextAt: 0 });
    }
    let userLeft = input.userDailyLimit - (d === 0 ? (input.userSentToday ?? 0) : 0);
    const newLeft = new Map<string, number>();
    if (input.newContactsPerDay !== null)
      newLeft.set("campaign", input.newContactsPerDay - (d === 0 ? (input.newContactsStartedToday ?? 0) : 0));

    // The claim's order: due order (ties by row id), follow-ups first among the rows one claim
    // takes (taken as those due within the same minute: the worker claims what is due every
    // few seconds); then the campaign's cap on new contacts.
    const byInstant = new Map<number, { c: Pending; id: string; campaignId: string; firstStep: boolean }[]>();
    for (const [c, at] of [...ready.entries()].sort(
      ([a, ta], [b, tb]) => ta.getTime() - tb.getTime() || tieBreak(a, b),
    )) {
      const claim = Math.floor(at.getTime() / 60_000);
      const group = byInstant.get(claim) ?? [];
      group.push({ c, id: String(c.index), campaignId: "campaign", firstStep: c.nextStep === 0 });
      byInstant.set(claim, group);
    }
    const ordered = [...byInstant.values()].flatMap((group) => followUpsFirst(group));
    const capped = capNewContacts(ordered, newLeft);
    const goIds = new Set(capped.go.map((g) => g.c));
    // What the claim does with a row it holds: the cap's and the daily limits' wait for the
    // user's next day (holdNewContacts, deferRows); a paced mailbox's are not read and stay due.
    const nextDay = nextDayWindowStart(dayStart, rules);
    for (const o of ordered)
      if (!goIds.has(o.c)) {
        hold("new contacts per day");
        o.c.dueAt = nextDay;
      }

    const day: PlanDay = { date, firstSteps: 0, followUps: 0, bySender: {} };
    for (const { c } of capped.go) {
      const r = room.get(c.senderId);
      const sender = senders.get(c.senderId);
      if (!r || !sender) continue;
      if (userLeft <= 0) {
        hold("your daily send limit");
        c.dueAt = nextDay;
        continue;
      }
      if (r.n <= 0) {
        hold(r.bound);
        if (r.bound === "sender daily limits") c.dueAt = nextDay;
        continue;
      }
      // When it goes: at its instant, or after the sender's previous send and its gap.
      const at = Math.max(ready.get(c)?.getTime() ?? 0, r.nextAt);
      r.n--;
      r.nextAt = at + averageGapMs(sender.pacing);
      userLeft--;
      day.bySender[c.senderId] = (day.bySender[c.senderId] ?? 0) + 1;
      if (c.nextStep === 0) day.firstSteps++;
      else day.followUps++;
      const next = c.nextStep + 1;
      const step = input.steps[next];
      if (step) {
        c.nextStep = next;
        c.dueAt = dueAfter(c.zone, new Date(at), next, step);
      } else {
        c.nextStep = input.steps.length;
      }
    }
    totalSends += day.firstSteps + day.followUps;
    if (day.firstSteps + day.followUps > 0) days.push(day);
    pending = pending.filter((c) => c.nextStep < input.steps.length);
  }
  const limits = [...held.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([kind]) => ({ kind, message: LIMIT_MESSAGES[kind] }));
  return {
    days,
    endDate: days.at(-1)?.date ?? null,
    complete: pending.length === 0,
    totalSends,
    limits,
  };
}

/** Launch's contacts: step 1 due at once, senders round-robin in contact order (as launch assigns them). */
export function launchContacts(
  zones: readonly (string | null)[],
  senderIds: readonly string[],
  start: Date,
): PlanContact[] {
  if (senderIds.length === 0) return [];
  return zones.map((zone, i) => ({
    zone,
    senderId: senderIds[i % senderIds.length] as string,
    nextStep: 0,
    dueAt: start,
  }));
}
