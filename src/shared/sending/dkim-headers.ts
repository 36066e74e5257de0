// Which header fields the DKIM signature covers (its h= tag). One list for every
// message the app signs (campaign steps, follow-ups, compose).
//
// RFC 8058 §4: List-Unsubscribe and List-Unsubscribe-Post must both be covered
// by a valid signature, or receivers (Gmail, Yahoo) ignore the one-click
// unsubscribe. The rest are what a receiver shows or threads by.

/** The fields signed whenever the message carries them, lower case. */
export const DKIM_SIGNED_HEADERS = [
  "from",
  "to",
  "cc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "in-reply-to",
  "references",
  "mime-version",
  "content-type",
  "list-unsubscribe",
  "list-unsubscribe-post",
] as const;

/**
 * Signed once more than they occur ("oversigned"): a verifier hashes an empty
 * value for the extra name, so a second From or Subject added on the way (the
 * one a mail client may show) breaks the signature instead of riding along.
 */
export const DKIM_OVERSIGNED_HEADERS = ["from", "subject"] as const;

/**
 * The h= list for a message whose header fields are named `present` (in any
 * case, one entry per occurrence): each signed field as often as it occurs,
 * the oversigned ones once more. In the order of DKIM_SIGNED_HEADERS.
 */
export function dkimHeaderList(present: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of present) {
    const key = name.trim().toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const oversigned = new Set<string>(DKIM_OVERSIGNED_HEADERS);
  const list: string[] = [];
  for (const name of DKIM_SIGNED_HEADERS) {
    const times = (counts.get(name) ?? 0) + (oversigned.has(name) ? 1 : 0);
    for (let i = 0; i < times; i++) list.push(name);
  }
  return list;
}
