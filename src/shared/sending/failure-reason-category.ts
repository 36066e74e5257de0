// Which failure category each failure reason is filed under (the category
// groups reasons for the failure breakdown; the reason says what to do), and
// which reasons make a permanent failure a hard bounce. A classification is
// consistent when its category is one its reason allows: the classifier's
// property test holds every answer to this table.
import type { FailureCategory, FailureReason } from "../db-enums.ts";

/** The categories a reason may be filed under; the first is its usual one. */
export const reasonCategories: Readonly<Record<FailureReason, readonly [FailureCategory, ...FailureCategory[]]>> = {
  user_unknown: ["invalid_address"],
  bad_address_syntax: ["invalid_address"],
  mailbox_full: ["bounced"],
  mailbox_disabled: ["bounced"],
  domain_not_found: ["domain_issue"],
  // A refusal of the sender's own address or domain (x.1.7, x.1.8, x.7.27) is a domain issue of ours.
  policy: ["rejected", "domain_issue"],
  auth_spf: ["authentication"],
  auth_dkim: ["authentication"],
  auth_dmarc: ["authentication"],
  auth_unspecified: ["authentication"],
  sender_login: ["authentication"],
  reputation: ["blocked"],
  reverse_dns: ["blocked"],
  // Spam filtering is "spam"; a virus, an attachment or a content rule is "content_filtered".
  content: ["spam", "content_filtered"],
  message_too_big: ["content_filtered"],
  rate_limited: ["rate_limited"],
  expired: ["network"],
  // The sending server's own host name not resolving is filed with DNS problems.
  network: ["network", "domain_issue"],
  // An unexplained "550 mailbox unavailable"-like refusal is still a mailbox problem.
  other: ["other", "bounced"],
};

export function isConsistent(reason: FailureReason, category: FailureCategory): boolean {
  return reasonCategories[reason].includes(category);
}

/**
 * The reasons that say the address itself can never take mail: a permanent
 * failure with one of them is a hard bounce (the contact is marked bounced and
 * the address suppressed). Every other permanent failure fails only its send:
 * a policy, authentication, reputation or content refusal is about the sender,
 * a full mailbox belongs to a person who is still there.
 */
export const addressReasons: ReadonlySet<FailureReason> = new Set<FailureReason>([
  "user_unknown",
  "bad_address_syntax",
  "mailbox_disabled",
  "domain_not_found",
]);

/**
 * A reason for a failure known only by its category (a DeliveryError built
 * without one, a row written before reasons existed).
 */
export const categoryFallbackReasons: Readonly<Record<FailureCategory, FailureReason>> = {
  invalid_address: "user_unknown",
  bounced: "other",
  rejected: "policy",
  blocked: "reputation",
  spam: "content",
  rate_limited: "rate_limited",
  // Only the sender's own connection produces an authentication failure without a reply to read.
  authentication: "sender_login",
  network: "network",
  // Without a reply, a name that does not resolve is the sending server's host, not the recipient's domain.
  domain_issue: "network",
  content_filtered: "content",
  other: "other",
};
