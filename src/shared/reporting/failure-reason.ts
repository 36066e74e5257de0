// Why a send failed, in the user's words: the Recent Failures panel of Failed
// emails (docs/product.md §15: category, reason and technical error) and every
// other place that shows a failure (the dashboard's recent failures, the
// Inbox's error details, a sender's emails). When the classifier gave the
// failure a reason (email_sends.failure_reason), it is a sentence that says
// what happened and what to do; without one (rows written before reasons
// existed, or a reason of "other") it is what the category means — the
// breakdown's hint for its eight categories, a hint of the same kind for the
// three it does not show. For a bounce, it also says whether it was hard (the
// address is suppressed) or soft (it may work later).
import type { BounceType, FailureCategory, FailureReason } from "../db-enums.ts";
import { breakdownCategories } from "./failure-breakdown.ts";

const unshownHints: Partial<Record<FailureCategory, string>> = {
  domain_issue: "Domain or DNS problem",
  content_filtered: "Content refused",
  other: "Unexpected error",
};

/** One sentence per reason: what happened, and what the user can do about it. */
export const failureReasonSentences: Readonly<Record<Exclude<FailureReason, "other">, string>> = {
  user_unknown: "The address does not exist",
  bad_address_syntax: "The address is malformed: correct it in the contact",
  mailbox_full: "The recipient's mailbox is full",
  mailbox_disabled: "The mailbox is disabled or suspended",
  domain_not_found: "The recipient's domain does not exist or takes no mail",
  policy: "Refused by the receiving server's policy: read its reply below",
  auth_spf: "SPF check failed at the receiver: publish or fix your SPF record",
  auth_dkim: "DKIM check failed at the receiver: sign your mail with a published DKIM key",
  auth_dmarc: "DMARC check failed at the receiver: make SPF or DKIM pass for your From domain",
  auth_unspecified: "Your domain failed the receiver's authentication checks: set up SPF and DKIM",
  sender_login: "The sending account could not sign in: update its password or reconnect it in Senders",
  reputation: "Rejected for the sender's reputation or a block list",
  reverse_dns: "Reverse DNS (PTR) missing for the sending IP",
  content: "Refused by a content or spam filter: make the message more personal, with fewer links",
  message_too_big: "The message is too big for the receiving server: remove large images or attachments",
  rate_limited: "The server is limiting how fast you send: it is retried later",
  expired: "The receiving server could not be reached for days, so delivery gave up",
  network: "The mail server could not be reached",
};

const bounceTypeText: Record<BounceType, string> = {
  hard: "hard bounce: the address was suppressed",
  soft: "soft bounce: it may work later",
};

function categoryHint(category: FailureCategory): string {
  return breakdownCategories.find((c) => c.category === category)?.hint ?? unshownHints[category] ?? "Unexpected error";
}

export function failureReason(
  category: FailureCategory,
  bounceType: BounceType | null,
  reason: FailureReason | null = null,
): string {
  const sentence = reason && reason !== "other" ? failureReasonSentences[reason] : categoryHint(category);
  return bounceType ? `${sentence} (${bounceTypeText[bounceType]})` : sentence;
}
