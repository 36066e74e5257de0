// Where the wizard's draft lives in this browser: IndexedDB (idb-keyval), the
// main store, because 10,000 imported contacts exceed localStorage quotas;
// plus the localStorage copy of draft-backup.ts. Loading keeps the newer one.
import { createStore, del, get, promisifyRequest } from "idb-keyval";
import { type KeyValueStorage, readDraftBackup, removeDraftBackup } from "./draft-backup.ts";
import { newerStoredDraft, type StoredDraft } from "./stored-draft.ts";

// idb-keyval's own default database and store, so drafts saved before are found.
const draftStore = createStore("keyval-store", "keyval");

/** localStorage, read on each call: where storage is disabled, merely touching it throws. */
export const backupStorage: KeyValueStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
};

export function writeSavedDraft(key: string, stored: StoredDraft): Promise<void> {
  return draftStore("readwrite", (store) => {
    store.put(stored, key);
    // Commit now rather than when this task ends: a write started in
    // pagehide is then already on its way when the page is torn down.
    store.transaction.commit?.();
    return promisifyRequest(store.transaction);
  });
}

export function deleteSavedDraft(key: string): Promise<void> {
  return del(key, draftStore);
}

/**
 * The draft to restore: the newer of IndexedDB's and the localStorage copy. A
 * newer copy (the IndexedDB write of a closing page did not finish) is first
 * written to IndexedDB; the copy is then removed, so it is used once.
 */
export async function loadStoredDraft(key: string): Promise<StoredDraft | undefined> {
  const backup = readDraftBackup(backupStorage, key);
  const saved = await get<unknown>(key, draftStore);
  const newer = newerStoredDraft(saved, backup);
  if (!backup) return newer;
  try {
    if (newer === backup) await writeSavedDraft(key, backup);
    removeDraftBackup(backupStorage, key);
  } catch (err) {
    // The copy stays for the next load; this one restores it all the same.
    console.warn("could not move the campaign draft copy into IndexedDB", err);
  }
  return newer;
}
