// Email in Bulk → sender email list (docs/product.md §12): an address
// must contain @ and may be listed once (compared case-insensitively).
import { bulkMessages, MAX_BULK_SENDERS } from "./bulk-messages.ts";

export type AddSenderResult = { ok: true; senders: string[]; email: string } | { ok: false; message: string };

/**
 * The first problem with an address for the list, or null. `saved`: when
 * Coldreach sends (it needs the sender's connection), the user's saved sender
 * addresses, and the address must be one of them; the send would refuse it.
 */
export function senderEmailError(
  list: readonly string[],
  email: string,
  saved: readonly string[] | null = null,
): string | null {
  const value = email.trim();
  if (!value.includes("@")) return bulkMessages.invalidSenderEmail;
  const key = value.toLowerCase();
  if (list.some((s) => s.toLowerCase() === key)) return bulkMessages.duplicateSenderEmail;
  if (list.length >= MAX_BULK_SENDERS) return bulkMessages.tooManySenders;
  if (saved && !saved.some((s) => s.toLowerCase() === key)) return bulkMessages.noSavedSender(value);
  return null;
}

/** Adds the typed address (trimmed; as saved, when it is a saved one) at the end of the list, or says why it cannot. */
export function addSenderEmail(
  list: readonly string[],
  input: string,
  saved: readonly string[] | null = null,
): AddSenderResult {
  const message = senderEmailError(list, input, saved);
  if (message) return { ok: false, message };
  const typed = input.trim();
  const email = saved?.find((s) => s.toLowerCase() === typed.toLowerCase()) ?? typed;
  return { ok: true, senders: [...list, email], email };
}

export function removeSenderEmail(list: readonly string[], email: string): string[] {
  return list.filter((s) => s !== email);
}

/** Saved sender addresses not yet in the list, for suggestions. */
export function senderSuggestions(saved: readonly string[], list: readonly string[]): string[] {
  const listed = new Set(list.map((s) => s.toLowerCase()));
  const seen = new Set<string>();
  return saved.filter((email) => {
    const key = email.toLowerCase();
    if (listed.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
