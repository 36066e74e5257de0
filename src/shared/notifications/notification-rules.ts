// The notification outbox's rules (docs/product.md §11.5, decision 037): how
// often an open digest may go, how much it lists, how long a failed email
// waits before its next try, and what of a reply its notification quotes.
import type { ReplyClass } from "../db-enums.ts";

/** At most one open digest per user in this many minutes. */
export const OPEN_DIGEST_PERIOD_MINUTES = 60;
/** A digest lists this many opens; the rest as "and N more". */
export const OPEN_DIGEST_MAX_ROWS = 20;
/** Tries of one notification before it is given up (failed). */
export const NOTIFICATION_MAX_ATTEMPTS = 8;
/** A reply notification quotes at most this many characters of the reply. */
export const REPLY_EXCERPT_MAX = 2_000;

/**
 * The classes of a message recorded as a reply that are not a person
 * answering: an out-of-office, a bounce, an unsubscribe request. No reply
 * notification for them (auto-replies, bounces and unsubscribes are other
 * kinds already; these guard the class too).
 */
export const unnotifiedReplyClasses: readonly ReplyClass[] = ["out_of_office", "bounce", "unsubscribe_request"];

/**
 * Seconds before the next try of a notification whose try number `attempt`
 * (1-based) failed: 1, 2, 4, … minutes, at most an hour. A mail server down
 * for a while is not hammered, and one back within minutes gets the mail soon.
 */
export function retryDelaySeconds(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(3_600, 60 * 2 ** (n - 1));
}

/** The reply's text as a notification quotes it: trimmed, runs of blank lines as one, at most `max` characters. */
export function replyExcerpt(text: string, max = REPLY_EXCERPT_MAX): string {
  const clean = text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** "and 3 more" below a digest's rows, or null when it lists them all. */
export function moreOpensLine(total: number, listed: number): string | null {
  const more = total - listed;
  if (more <= 0) return null;
  return `and ${more} more ${more === 1 ? "open" : "opens"}`;
}
