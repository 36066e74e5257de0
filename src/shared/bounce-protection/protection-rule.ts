// Bounce protection's rule: when a sender mailbox (every campaign sending from
// its address) or a campaign (its own sends) is paused, from its figures over
// the window. The figures come from one SQL aggregate
// (server/domain/protection-check.ts); the decision and its words are made
// here, once, for the pause, the Settings text and the notification email.
// The figures chosen: docs/decisions/029-bounce-protection.md.
import type { SenderPauseReason } from "../db-enums.ts";
import { bounceProtectionDefaults } from "../sending/bounce-protection-rules.ts";

export type ProtectionThresholds = {
  /** Hard-bounce rate (%) that pauses… */
  bounceRatePercent: number;
  /** …once at least this many sends are in the window (the unsubscribe rule uses it too)… */
  minSends: number;
  /** …over this many days (since a Resume, when that is later). */
  windowDays: number;
  /** Emails marked as spam (a complaint, or refused as spam) that pause, when also… */
  spamMin: number;
  /** …at least this share of the window's sends. */
  spamRatePercent: number;
  /** Unsubscribes (%) of at least minSends sends that pause. */
  unsubscribeRatePercent: number;
};

/** What a user starts with; Settings change them, a sender may override the bounce rate and the minimum. */
export const protectionDefaults: ProtectionThresholds = {
  ...bounceProtectionDefaults,
  spamMin: 3,
  spamRatePercent: 0.3,
  unsubscribeRatePercent: 5,
};

/** A mailbox's or a campaign's sends in the window and what came back about them. */
export type ProtectionFigures = {
  /** Messages a receiving server answered: sent, bounced or refused (not a connection or login failure of ours). */
  sends: number;
  /** Hard bounces saying the address or its domain does not exist (bounceRateReasons). */
  hardBounces: number;
  /** Spam complaints (feedback reports) and refusals as spam. */
  spamMarks: number;
  /** Unsubscribes through the link or by a reply asking for it. */
  unsubscribes: number;
};

export type ProtectionVerdict = { reason: SenderPauseReason; detail: string };

/** Percents have at most two decimals (the schemas check it), so basis points are whole. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** Whether `count` is at least `percent`% of `sends`, in whole numbers (no rounding at the boundary). */
export function reachesPercent(count: number, sends: number, percent: number): boolean {
  return sends > 0 && count > 0 && count * 10_000 >= basisPoints(percent) * sends;
}

/** "5.8" for 3 of 52; two decimals under 1% ("0.25"), so a small spam rate does not read as its threshold. */
export function percentText(count: number, sends: number): string {
  const decimals = count * 100 < sends ? 2 : 1;
  const scale = 10 ** decimals;
  // Rounded from whole numbers: 23 of 2,000 is 1.15 exactly and shows 1.2, as the arithmetic says.
  return (Math.round((count * 100 * scale) / sends) / scale).toFixed(decimals);
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function detailOf(count: number, what: [string, string], f: ProtectionFigures, windowDays: number): string {
  return `${counted(count, ...what)} in ${counted(f.sends, "send", "sends")} (${percentText(count, f.sends)}%) in the last ${counted(windowDays, "day", "days")}`;
}

/**
 * The pause these figures call for, or null. The bounce rate is checked first,
 * then spam, then unsubscribes: the first that trips is the reason shown.
 */
export function protectionVerdict(f: ProtectionFigures, t: ProtectionThresholds): ProtectionVerdict | null {
  if (f.sends >= t.minSends && reachesPercent(f.hardBounces, f.sends, t.bounceRatePercent)) {
    return {
      reason: "bounce_rate",
      detail: detailOf(f.hardBounces, ["hard bounce", "hard bounces"], f, t.windowDays),
    };
  }
  if (f.spamMarks >= t.spamMin && reachesPercent(f.spamMarks, f.sends, t.spamRatePercent)) {
    return {
      reason: "spam_complaints",
      detail: detailOf(f.spamMarks, ["email marked as spam", "emails marked as spam"], f, t.windowDays),
    };
  }
  if (f.sends >= t.minSends && reachesPercent(f.unsubscribes, f.sends, t.unsubscribeRatePercent)) {
    return {
      reason: "unsubscribes",
      detail: detailOf(f.unsubscribes, ["unsubscribe", "unsubscribes"], f, t.windowDays),
    };
  }
  return null;
}

/** A mailbox's thresholds: its own bounce rate and minimum where it has them, the user's otherwise. */
export function mailboxThresholds(
  user: ProtectionThresholds,
  own: { bounceRatePercent: number | null; minSends: number | null },
): ProtectionThresholds {
  return {
    ...user,
    bounceRatePercent: own.bounceRatePercent ?? user.bounceRatePercent,
    minSends: own.minSends ?? user.minSends,
  };
}

const percent = (p: number) => `${p.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/** The rule in words, for Settings, the sender's dialog and the notification email. */
export function ruleSentence(t: ProtectionThresholds): string {
  const sends = counted(t.minSends, "send", "sends");
  return (
    `A sender or a campaign is paused when, over the last ${counted(t.windowDays, "day", "days")}, ` +
    `hard bounces reach ${percent(t.bounceRatePercent)} of at least ${sends}; ` +
    `at least ${counted(t.spamMin, "email is", "emails are")} marked as spam and that is at least ${percent(t.spamRatePercent)} of its sends; ` +
    `or unsubscribes reach ${percent(t.unsubscribeRatePercent)} of at least ${sends}.`
  );
}

/** The name of a pause's reason, as the banners show it. */
export const pauseReasonLabels: Record<SenderPauseReason, string> = {
  bounce_rate: "Hard-bounce rate",
  spam_complaints: "Spam complaints",
  unsubscribes: "Unsubscribes",
};
