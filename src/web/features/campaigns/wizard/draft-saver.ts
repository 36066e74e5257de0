// When the wizard's draft is written. Changes come fast (every keystroke, a
// whole imported file), so writes are debounced; but a debounce alone loses
// the last changes whenever the page goes away before it fires (a reload or a
// closed tab within the delay, a tab whose timers the browser throttles). So:
//   - a change is written `delayMs` after the last one (restarted by each);
//   - `flush()` writes what is pending at once (leaving the wizard);
//   - `saveNow()` writes a state at once and says when it is stored (Launch
//     records that it was sent before the request goes: a reload mid-request
//     must find that mark);
//   - `hide()` (pagehide, or the tab hidden) writes at once AND makes a
//     synchronous copy of the newest state IndexedDB has not confirmed, since
//     the asynchronous write may not finish before the page is gone;
//   - that copy is removed once IndexedDB confirms that state or a later one.
// Writes are never dropped: each is handed to IndexedDB, whose read-write
// transactions on one store complete in the order they were started.
import type { StoredDraft } from "./stored-draft.ts";

export type DraftSaverOptions = {
  delayMs: number;
  /** The asynchronous write to the main store (IndexedDB). */
  write: (key: string, stored: StoredDraft) => Promise<void>;
  /** The synchronous copy; returns whether it was made (a large draft is not copied). */
  backup: (key: string, stored: StoredDraft) => boolean;
  removeBackup: (key: string) => void;
};

export type DraftSaver = {
  /** The draft changed: write it after the delay. */
  change(key: string, stored: StoredDraft): void;
  /** Write the pending change now. */
  flush(): void;
  /** This state, written now; resolves once IndexedDB confirms it (or the write failed: warned, kept for the next write). */
  saveNow(key: string, stored: StoredDraft): Promise<void>;
  /** The page is hidden or going away: write now and keep a synchronous copy. */
  hide(): void;
  /** The draft was thrown away: forget pending changes and the copy. */
  discard(key: string): void;
};

type Snapshot = { key: string; stored: StoredDraft; seq: number };

export function createDraftSaver({ delayMs, write, backup, removeBackup }: DraftSaverOptions): DraftSaver {
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Changed, not yet handed to `write`. */
  let pending: Snapshot | null = null;
  /** Handed to `write`, not confirmed (still in flight, or failed). */
  let unconfirmed: Snapshot | null = null;
  /** The synchronous copy this page made, if it still exists. */
  let copied: Snapshot | null = null;

  function confirmed(snapshot: Snapshot) {
    if (unconfirmed === snapshot) unconfirmed = null;
    // The copy holds this state or an earlier one: IndexedDB has all of it now.
    if (copied && copied.key === snapshot.key && copied.seq <= snapshot.seq) {
      removeBackup(copied.key);
      copied = null;
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const snapshot = pending;
    if (!snapshot) return Promise.resolve();
    pending = null;
    unconfirmed = snapshot;
    return write(snapshot.key, snapshot.stored).then(
      () => confirmed(snapshot),
      // Kept as unconfirmed: the next hide() copies it, the next change writes again.
      (err: unknown) => console.warn("could not save the campaign draft", err),
    );
  }

  return {
    change(key, stored) {
      pending = { key, stored, seq: ++seq };
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush: () => void flush(),
    saveNow(key, stored) {
      pending = { key, stored, seq: ++seq };
      return flush();
    },
    hide() {
      const latest = pending ?? unconfirmed;
      if (latest && latest !== copied && backup(latest.key, latest.stored)) copied = latest;
      flush();
    },
    discard(key) {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
      unconfirmed = null;
      copied = null;
      removeBackup(key);
    },
  };
}
