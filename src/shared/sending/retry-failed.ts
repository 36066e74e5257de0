// Retry failed sends (issue 30 §5; docs/product.md §11.6): which failures are
// worth sending again, and why the others are not. Pure rules over what the
// send record and its queue row say; the server reads those facts in one
// query and queues the retryable steps again as 'Send anyway' does.
//
// Worth retrying: what may work the next time without the address or the
// message changing — a soft bounce (a full mailbox, a temporary refusal that
// ran out of attempts), a rate limit, a network failure, a sign-in failure
// (the user is expected to have fixed the sender first) and an unexplained
// one ('other': its common cause is a temporary problem at the server).
// Never: a hard bounce or an address that does not exist, a refusal by
// policy, a blocklist, spam or content filtering and a domain that cannot
// take mail (the same message would meet the same answer, and resending
// hurts the sender's reputation). 'Delivery unknown' is not a failure to
// retry: it has its own Send anyway / Skip.
import type { BounceType, FailureCategory, ScheduledEmailStatus } from "../db-enums.ts";

export const retryableCategories: readonly FailureCategory[] = ["rate_limited", "network", "authentication", "other"];

/**
 * Whether the failure itself is worth another attempt (its category and bounce
 * type alone). A soft bounce is a mailbox that may take it later, unless it is
 * soft only because it was about the sender (a policy, block-list or content
 * refusal read from a bounce: docs/decisions/028-bounce-reasons.md), which the
 * same message would meet again.
 */
export function isRetryable(failure: { category: FailureCategory | null; bounceType: BounceType | null }): boolean {
  if (failure.bounceType === "hard") return false;
  if (failure.bounceType === "soft" && failure.category === "bounced") return true;
  return failure.category !== null && retryableCategories.includes(failure.category);
}

/** Why a failed send is not queued again. */
export const retrySkipReasons = [
  "not_retryable",
  "delivery_unknown",
  "bounced_after_delivery",
  "contact_stopped",
  "suppressed",
  "removed",
  "sender_removed",
] as const;
export type RetrySkipReason = (typeof retrySkipReasons)[number];

/** What is known of one failed send when the user asks to retry it. */
export type FailedSendFacts = {
  category: FailureCategory | null;
  bounceType: BounceType | null;
  /** Its step's queue row; null when the contact or the step was removed (the row went with it). */
  queueStatus: ScheduledEmailStatus | null;
  /** The contact replied, unsubscribed, bounced or completed: its sequence stopped. */
  contactStopped: boolean;
  /** The address is on the user's suppression list. */
  suppressed: boolean;
  /** The queue row lost its sender (the campaign's sender was removed). */
  senderRemoved: boolean;
};

/** null: queue it again; else why not. The failure's own kind first, then the contact, then what is left of the row. */
export function retrySkipReason(f: FailedSendFacts): RetrySkipReason | null {
  if (f.queueStatus === "unknown") return "delivery_unknown";
  if (!isRetryable(f)) return "not_retryable";
  if (f.suppressed) return "suppressed";
  if (f.contactStopped) return "contact_stopped";
  if (f.queueStatus === null) return "removed";
  // Bounced after the server took it: the sequence already went on from that send.
  if (f.queueStatus !== "failed") return "bounced_after_delivery";
  if (f.senderRemoved) return "sender_removed";
  return null;
}

/** The words for each reason, as the answer's toast lists them ("2 hard bounces or refusals"). */
export const retrySkipText: Readonly<Record<RetrySkipReason, (n: number) => string>> = {
  not_retryable: (n) => `${n} not worth retrying (hard bounce, invalid address, refusal or block)`,
  delivery_unknown: (n) => `${n} of unknown delivery (choose Send anyway or Skip)`,
  bounced_after_delivery: (n) => `${n} bounced after delivery`,
  contact_stopped: (n) => `${n} whose sequence stopped (replied, unsubscribed or bounced)`,
  suppressed: (n) => `${n} suppressed ${n === 1 ? "address" : "addresses"}`,
  removed: (n) => `${n} whose contact or step was removed`,
  sender_removed: (n) => `${n} whose sender was removed`,
};

/** Why one failure is not retried (the answer to its own Retry). */
export const retrySkipOneText: Readonly<Record<RetrySkipReason, string>> = {
  not_retryable: "This email is not retried: a hard bounce, an invalid address, a refusal or a block would fail again",
  delivery_unknown: "This email's delivery is unknown: choose Send anyway or Skip",
  bounced_after_delivery: "This email bounced after delivery; the sequence already went on",
  contact_stopped: "This contact's sequence stopped (replied, unsubscribed or bounced)",
  suppressed: "This address is suppressed",
  removed: "This email's contact or step was removed",
  sender_removed: "This email's sender was removed from the campaign",
};
