// A step whose send record already exists was attempted before. Whether a
// claim may deliver it again is decided by that record alone (the queue row is
// what was claimed; the record is what happened):
// - no record: never attempted (or only released unsent) → send;
// - pending with a failure category: the last attempt is KNOWN to have failed
//   temporarily (or the user chose Send anyway on an unknown send) → send;
// - anything else (sent, failed, or pending without a category: an attempt
//   from before hand-offs were recorded) → do not send; the row is settled by
//   its record.
import type { EmailSendStatus } from "../db-enums.ts";

export type PriorRecord = { status: EmailSendStatus; hasFailureCategory: boolean } | null;

export function maySendAgain(prior: PriorRecord): boolean {
  if (prior === null) return true;
  return prior.status === "pending" && prior.hasFailureCategory;
}
