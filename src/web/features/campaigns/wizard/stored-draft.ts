// The wizard's draft as this browser stores it. It is kept in two places
// (IndexedDB, plus a synchronous localStorage copy written when the page may
// be going away); the rule below says which copy a page load trusts.
import type { WizardDraft } from "./wizard-draft.ts";

export type StoredDraft = {
  version: 1;
  draft: WizardDraft;
  stepIndex: number;
  /** When the state was captured (ISO 8601): the later of two copies wins. */
  savedAt: string;
};

/** A value read back from storage looks like a draft of this version (its fields are checked on restore). */
export function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<StoredDraft>;
  return v.version === 1 && typeof v.draft === "object" && v.draft !== null;
}

function savedTime(stored: StoredDraft): number {
  const time = Date.parse(stored.savedAt);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The copy to restore: the one saved later. IndexedDB's wins a tie (it is the
 * main store; equal times are the same state written twice). A copy that is
 * not a draft of this version counts as absent.
 */
export function newerStoredDraft(saved: unknown, backup: unknown): StoredDraft | undefined {
  const a = isStoredDraft(saved) ? saved : undefined;
  const b = isStoredDraft(backup) ? backup : undefined;
  if (!a || !b) return a ?? b;
  return savedTime(b) > savedTime(a) ? b : a;
}
