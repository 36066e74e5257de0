// Email in Bulk → Send Bulk Emails: the checks in their order
// (docs/product.md §12): campaign name, sender emails, contacts. When Coldreach sends
// the emails itself (no automation webhook), the email needs a subject and a
// message too. The browser and the server run the same function.
import { bulkMessages, MAX_BULK_CONTACTS } from "./bulk-messages.ts";
import { senderEmailError } from "./sender-list.ts";

/** webhook: the user's automation webhook gets the payload; engine: Coldreach sends through saved senders. */
export type BulkMode = "webhook" | "engine";

export type BulkSendFields = {
  campaignName: string;
  senderEmails: readonly string[];
  contacts: readonly { email?: string }[];
  subject?: string;
  message?: string;
};

/**
 * The first problem, or null when the send may go. Without a mode (the server
 * before it has read the user's settings) subject and message are not checked.
 */
export function bulkSendError(fields: BulkSendFields, mode?: BulkMode): string | null {
  if (!fields.campaignName.trim()) return bulkMessages.nameRequired;
  if (fields.senderEmails.length === 0) return bulkMessages.sendersRequired;
  if (fields.contacts.length === 0) return bulkMessages.contactsRequired;
  if (fields.contacts.length > MAX_BULK_CONTACTS) return bulkMessages.tooManyContacts;
  // The list is built by the add rules; a hand-made request is held to them too.
  for (const [i, email] of fields.senderEmails.entries()) {
    const problem = senderEmailError(fields.senderEmails.slice(0, i), email);
    if (problem) return problem;
  }
  if (fields.contacts.some((c) => !c.email?.includes("@"))) return bulkMessages.contactEmailInvalid;
  if (mode === "engine") {
    if (!fields.subject?.trim()) return bulkMessages.subjectRequired;
    if (!fields.message?.trim()) return bulkMessages.messageRequired;
  }
  return null;
}
