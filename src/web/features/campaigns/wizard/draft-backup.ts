// A synchronous copy of the draft in localStorage, written only when the page
// is hidden or going away with changes IndexedDB has not confirmed yet.
//
// Why: an IndexedDB write is asynchronous, and one started in `pagehide` may
// never finish if the page is torn down first; a localStorage write is done
// when setItem returns. localStorage rather than sessionStorage because a
// closed tab must find the copy again in a new tab. It is not the main store
// because its quota (about 5 MB per origin, shared with the rest of the app)
// does not hold 10,000 contacts: a draft above MAX_BACKUP_CHARS is not copied
// and relies on the IndexedDB write alone (committed at once, see
// draft-storage.ts). The next page load keeps the newer of the two copies.
import { isStoredDraft, type StoredDraft } from "./stored-draft.ts";

/** Far below the quota, so the copy never crowds out the app's own small keys. */
export const MAX_BACKUP_CHARS = 1_000_000;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Copies the draft; returns whether it was copied (false when too large or
 * the storage refused it).
 */
export function writeDraftBackup(storage: KeyValueStorage, key: string, stored: StoredDraft): boolean {
  try {
    const text = JSON.stringify(stored);
    if (text.length > MAX_BACKUP_CHARS) return false;
    storage.setItem(key, text);
    return true;
  } catch (err) {
    // Quota exceeded or storage disabled: the IndexedDB write is still on its way.
    console.warn("could not copy the campaign draft to localStorage", err);
    return false;
  }
}

export function readDraftBackup(storage: KeyValueStorage, key: string): StoredDraft | undefined {
  try {
    const text = storage.getItem(key);
    if (text === null) return undefined;
    const value: unknown = JSON.parse(text);
    return isStoredDraft(value) ? value : undefined;
  } catch {
    // Unreadable (hand-edited, or storage disabled): as if there were none.
    return undefined;
  }
}

/** Drops the copy (IndexedDB holds this state or a later one, or the draft was discarded). */
export function removeDraftBackup(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage disabled: there is no copy to remove.
  }
}
