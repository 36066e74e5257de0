// Inbox display rules (docs/product.md §14.1): the placeholders Unknown
// Contact, Unknown Campaign and Unknown Sender, the group's title and its
// Replied counter.
import type { FailureCategory } from "../db-enums.ts";
import { breakdownCategories } from "../reporting/failure-breakdown.ts";

export const UNKNOWN_CONTACT = "Unknown Contact";
export const UNKNOWN_CAMPAIGN = "Unknown Campaign";
export const UNKNOWN_SENDER = "Unknown Sender";

/** "First Last" from the parts that are set, or null. */
export function contactName(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || null;
}

/**
 * A group's title: the contact's name; a contact without a name shows its
 * address; emails sent without a contact (direct compose) show the name of a
 * contact with that address when there is one, else 'Unknown Contact'.
 */
export function groupTitle(group: { contactId: string | null; name: string | null; email: string }): string {
  return group.name ?? (group.contactId ? group.email : UNKNOWN_CONTACT);
}

export const campaignLabel = (name: string | null | undefined): string => name?.trim() || UNKNOWN_CAMPAIGN;
export const senderLabel = (email: string | null | undefined): string => email?.trim() || UNKNOWN_SENDER;

/**
 * Replied: the replies recorded for the contact; a contact marked as replied
 * (replied_at set, e.g. by hand in the Reply Tracker) without a recorded
 * reply counts one.
 */
export function repliedCount(replies: number, repliedAt: string | null): number {
  return Math.max(replies, repliedAt ? 1 : 0);
}

const unshownCategoryLabels: Partial<Record<FailureCategory, string>> = {
  domain_issue: "Domain Issue",
  content_filtered: "Content Filtered",
  other: "Other",
};

/** A failure category's label: the failure panel's eight, and the three it counts but does not show. */
export function failureCategoryLabel(category: FailureCategory): string {
  return breakdownCategories.find((c) => c.category === category)?.label ?? unshownCategoryLabels[category] ?? "Other";
}
