// Messages the mailbox sync skipped (issue 26 §3): ones it could not apply,
// recorded in the ledger with a reason while the sync moved past them. The
// mail-sync card (the user's mailboxes) and the sender's panel (its mailbox)
// show how many of each reason in the last days, in plain words. No zod here:
// the dashboard's first paint reads these words (the schema is in
// skipped-messages.schemas.ts).
import type { SkipReason } from "../db-enums.ts";

/** Skipped messages are counted over this many days. */
export const SKIPPED_WINDOW_DAYS = 7;

/** Per reason, how many were skipped in the window and when the latest was; most first. */
export type SkippedMessages = { reason: SkipReason; count: number; lastAt: string }[];

/** What happened to a skipped message, after "the message" / "the messages". */
export const skipReasonTexts: Readonly<Record<SkipReason, string>> = {
  unreadable: "could not be read",
  not_saved: "could not be saved",
  unexpected: "could not be processed (an unexpected error)",
};

/** '1 message skipped: the message could not be read', '2 messages skipped: the messages could not be saved'. */
export function skippedMessagesText(count: number, reason: SkipReason): string {
  const one = count === 1;
  return `${count} ${one ? "message" : "messages"} skipped: ${one ? "the message" : "the messages"} ${skipReasonTexts[reason]}`;
}
