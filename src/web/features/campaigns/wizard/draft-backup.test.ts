import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import {
  type KeyValueStorage,
  MAX_BACKUP_CHARS,
  readDraftBackup,
  removeDraftBackup,
  writeDraftBackup,
} from "./draft-backup.ts";
import type { StoredDraft } from "./stored-draft.ts";
import { emptyDraft } from "./wizard-draft.ts";

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const stored = (name: string, contacts: number = 0): StoredDraft => ({
  version: 1,
  draft: { ...emptyDraft(), name, contacts: Array.from({ length: contacts }, (_, i) => ({ email: `p${i}@x.test` })) },
  stepIndex: 2,
  savedAt: "2026-05-01T10:00:00.000Z",
});

// Only console.warn is restored here: console.error belongs to the shared fail-on-console-error setup.
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
});

describe("the localStorage copy of the wizard draft", () => {
  it("reads back what it wrote", () => {
    const storage = memoryStorage();
    const draft = stored("Copied");
    expect(writeDraftBackup(storage, "k", draft)).toBe(true);
    expect(readDraftBackup(storage, "k")).toEqual(draft);
    removeDraftBackup(storage, "k");
    expect(readDraftBackup(storage, "k")).toBeUndefined();
  });

  it("does not copy a draft too large for localStorage's quota", () => {
    const storage = memoryStorage();
    const perContact = JSON.stringify({ email: "p1000@x.test" }).length + 1;
    const big = stored("Big", Math.ceil(MAX_BACKUP_CHARS / perContact) + 1);
    expect(writeDraftBackup(storage, "k", big)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it("says no copy was made when the storage refuses it", () => {
    const full: KeyValueStorage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    expect(writeDraftBackup(full, "k", stored("Refused"))).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("treats an unreadable or foreign value as no copy", () => {
    const storage = memoryStorage();
    storage.setItem("broken", "{not json");
    storage.setItem("other", JSON.stringify({ version: 7, draft: {} }));
    expect(readDraftBackup(storage, "broken")).toBeUndefined();
    expect(readDraftBackup(storage, "other")).toBeUndefined();
    expect(readDraftBackup(storage, "missing")).toBeUndefined();
  });

  it("never throws where storage is disabled", () => {
    const disabled: KeyValueStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      removeItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(writeDraftBackup(disabled, "k", stored("x"))).toBe(false);
    expect(readDraftBackup(disabled, "k")).toBeUndefined();
    expect(() => removeDraftBackup(disabled, "k")).not.toThrow();
  });
});
