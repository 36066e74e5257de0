// Sender health (issue 31 §6, docs/decisions/032-sender-health.md): one badge
// per sender mailbox from its recent figures, and the sentences of the rule
// that decided it, for the Senders page's tooltip and the launch review. The
// levels are checked from the worst down and the first that applies wins:
//
// - Paused: bounce protection paused the mailbox (it sends nothing until resumed);
// - At risk: what mailbox providers act on: a hard-bounce rate at the pause
//   threshold (over enough sends to mean something), an SPF, DKIM or DMARC
//   check that fails, or several sends found in spam within days;
// - Watch: the early signs of the same: half the bounce threshold, any send
//   refused for a reason about the sender, a domain check that warns, a send
//   found in spam, a day's sends close to the cap;
// - Healthy: none of these.
//
// The reply rate is shown but decides nothing: a low one says more about the
// list and the copy than about the mailbox, and a new sender has none yet.
import type { DomainCheckStatus } from "../db-enums.ts";
import {
  type AuthenticationCheck,
  authenticationCheckLabels,
  authenticationChecks,
} from "../domain-health/authentication-status.ts";
import type { bounceProtectionDefaults } from "../sending/bounce-protection-rules.ts";

export const senderHealthBadges = ["healthy", "watch", "at_risk", "paused"] as const;
export type SenderHealthBadge = (typeof senderHealthBadges)[number];

export const senderHealthLabels: Record<SenderHealthBadge, string> = {
  healthy: "Healthy",
  watch: "Watch",
  at_risk: "At risk",
  paused: "Paused",
};

/** The bounce protection thresholds the rate is held to (the defaults until Settings has them). */
export type BounceThresholds = { [K in keyof typeof bounceProtectionDefaults]: number };

/** This many sends found in spam in 7 days make a sender At risk (one makes it Watch). */
export const SPAM_PLACEMENTS_AT_RISK = 3;
/** Today's sends at this percent of the daily cap or above make a sender Watch. */
export const CAP_WATCH_PERCENT = 90;
/** A hard-bounce rate at this fraction of the pause threshold makes a sender Watch. */
export const WATCH_BOUNCE_FRACTION = 0.5;

export type SenderHealthFigures = {
  /** Sends and hard bounces counted toward the rate over the thresholds' window (windowDays). */
  bounceWindow: { sends: number; hardBounces: number };
  last7Days: { spamPlacements: number; senderWarnings: number };
  today: { sent: number; cap: number };
  /** The last check of the sender's domain; null: never checked. */
  domain: ({ name: string } & Record<AuthenticationCheck, DomainCheckStatus>) | null;
  /** Set while bounce protection holds the mailbox; detail is the figure that paused it. */
  paused: { detail: string | null } | null;
};

export type SenderHealthVerdict = {
  badge: SenderHealthBadge;
  /** What made it this badge, one sentence each (empty for Healthy). */
  reasons: string[];
  /** The rule of the badge, in words (the tooltip's second part). */
  rule: string;
};

/** A percent with one decimal ("4.0%"): the thresholds are a few percent, so whole ones would hide the difference. */
export function formatRate(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** part / whole as a percent with one decimal; 0 when whole is 0. */
export function ratePercent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const days = (n: number) => count(n, "day");
const thresholdText = (percent: number) => `${percent.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/** The rule of each badge, with the thresholds in force. */
export function senderHealthRules(t: BounceThresholds): Record<SenderHealthBadge, string> {
  const watchRate = thresholdText(t.bounceRatePercent * WATCH_BOUNCE_FRACTION);
  return {
    paused:
      "Paused by bounce protection: the mailbox sends nothing, in any campaign, until you resume it, and its queued emails wait.",
    at_risk:
      `At risk when the hard-bounce rate reaches ${thresholdText(t.bounceRatePercent)} of at least ${count(t.minSends, "send")} ` +
      `in the last ${days(t.windowDays)}, an SPF, DKIM or DMARC check of its domain fails, ` +
      `or ${SPAM_PLACEMENTS_AT_RISK} or more of its emails are found in spam in the last 7 days.`,
    watch:
      `Watch when the hard-bounce rate reaches ${watchRate} in the last ${days(t.windowDays)}, ` +
      "an email was refused for a reason about the sender (authentication, policy, reputation, reverse DNS, content) " +
      "or found in spam in the last 7 days, a domain check warns, " +
      `or today's sends reach ${CAP_WATCH_PERCENT}% of the daily cap.`,
    healthy:
      `Healthy while hard bounces stay under ${watchRate} in the last ${days(t.windowDays)}, no email found in spam or refused ` +
      `for a reason about the sender in the last 7 days, no domain check failing or warning, ` +
      `and today's sends under ${CAP_WATCH_PERCENT}% of the daily cap.`,
  };
}

/** "SPF of acme.com fails", "DKIM and DMARC of acme.com warn"; null when no check has that status. */
export function domainChecksReason(
  domain: NonNullable<SenderHealthFigures["domain"]>,
  status: "fail" | "warn",
): string | null {
  const checks = authenticationChecks.filter((c) => domain[c] === status).map((c) => authenticationCheckLabels[c]);
  if (checks.length === 0) return null;
  const names = checks.length === 1 ? checks[0] : `${checks.slice(0, -1).join(", ")} and ${checks.at(-1)}`;
  return `${names} of ${domain.name} ${checks.length === 1 ? `${status}s` : status}`;
}

/** The badge of a sender's figures, and why. */
export function senderHealth(f: SenderHealthFigures, t: BounceThresholds): SenderHealthVerdict {
  const rules = senderHealthRules(t);
  if (f.paused) {
    return { badge: "paused", reasons: f.paused.detail ? [f.paused.detail] : [], rule: rules.paused };
  }

  const { sends, hardBounces } = f.bounceWindow;
  // Compared as products, not rounded rates: 3 in 100 is exactly 3%.
  const atRate = (fraction: number) => hardBounces > 0 && hardBounces * 100 >= t.bounceRatePercent * fraction * sends;
  const bounceText = `Hard-bounce rate ${formatRate(ratePercent(hardBounces, sends))} (${count(hardBounces, "hard bounce")} in ${count(sends, "send")}, last ${days(t.windowDays)})`;
  const spam = f.last7Days.spamPlacements;
  const spamText = `${count(spam, "email")} found in spam in the last 7 days`;

  const atRisk = [
    atRate(1) && sends >= t.minSends ? bounceText : null,
    f.domain ? domainChecksReason(f.domain, "fail") : null,
    spam >= SPAM_PLACEMENTS_AT_RISK ? spamText : null,
  ].filter((r): r is string => r !== null);
  if (atRisk.length > 0) return { badge: "at_risk", reasons: atRisk, rule: rules.at_risk };

  const { sent, cap } = f.today;
  const warnings = f.last7Days.senderWarnings;
  const watch = [
    atRate(WATCH_BOUNCE_FRACTION) ? bounceText : null,
    warnings > 0 ? `${count(warnings, "email")} refused for a reason about the sender in the last 7 days` : null,
    f.domain ? domainChecksReason(f.domain, "warn") : null,
    spam > 0 ? spamText : null,
    cap > 0 && sent * 100 >= CAP_WATCH_PERCENT * cap
      ? `Today's sends at ${Math.floor((sent * 100) / cap)}% of the daily cap (${sent.toLocaleString("en-US")} of ${cap.toLocaleString("en-US")})`
      : null,
  ].filter((r): r is string => r !== null);
  if (watch.length > 0) return { badge: "watch", reasons: watch, rule: rules.watch };

  return { badge: "healthy", reasons: [], rule: rules.healthy };
}

/** The tooltip's text: the badge with what made it, then its rule ("At risk: SPF of acme.com fails. At risk when …"). */
export function senderHealthSummary(v: SenderHealthVerdict): string {
  const label = senderHealthLabels[v.badge];
  // Every rule starts with its badge's label, so one without reasons stands alone.
  return v.reasons.length > 0 ? `${label}: ${v.reasons.join("; ")}. ${v.rule}` : v.rule;
}
