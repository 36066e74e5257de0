// What bounce protection and sender health count, shared by the classifier
// that fills email_sends.failure_reason, the pause that reads it and the
// health badge. A bounce rate is about the addresses a sender mails: only a
// permanent "no such user" or "no such domain" says an address was bad. A
// policy, authentication, reputation or reverse-DNS refusal says the sender
// has a problem to fix, so it warns about the sender instead of counting.
import type { FailureReason } from "../db-enums.ts";

/** Hard bounces with these reasons count toward a sender's and a campaign's bounce rate. */
export const bounceRateReasons = ["user_unknown", "domain_not_found"] as const satisfies readonly FailureReason[];

/** Failures with these reasons raise a warning about the sender (its domain, IP or content), not the address. */
export const senderWarningReasons = [
  "policy",
  "auth_spf",
  "auth_dkim",
  "auth_dmarc",
  "auth_unspecified",
  "reputation",
  "reverse_dns",
  "content",
] as const satisfies readonly FailureReason[];

/** The thresholds a user starts with (Settings may change them, a sender may override them). */
export const bounceProtectionDefaults = {
  /** Pause at this hard-bounce rate or above… */
  bounceRatePercent: 3,
  /** …once at least this many sends are in the window… */
  minSends: 50,
  /** …over this many days. */
  windowDays: 7,
} as const;
