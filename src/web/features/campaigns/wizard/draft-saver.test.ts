import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { createDraftSaver } from "./draft-saver.ts";
import type { StoredDraft } from "./stored-draft.ts";
import { emptyDraft } from "./wizard-draft.ts";

const DELAY = 400;

const state = (name: string): StoredDraft => ({
  version: 1,
  draft: { ...emptyDraft(), name },
  stepIndex: 0,
  savedAt: "2026-05-01T10:00:00.000Z",
});

/** A saver whose writes stay in flight until the test settles them. */
function setup(options: { backupFits?: boolean } = {}) {
  const writes: { key: string; name: string; resolve: () => void; reject: (err: Error) => void }[] = [];
  const copies = new Map<string, string>();
  const saver = createDraftSaver({
    delayMs: DELAY,
    write: (key, stored) =>
      new Promise<void>((resolve, reject) => writes.push({ key, name: stored.draft.name, resolve, reject })),
    backup: (key, stored) => {
      if (options.backupFits === false) return false;
      copies.set(key, stored.draft.name);
      return true;
    },
    removeBackup: (key) => void copies.delete(key),
  });
  const written = () => writes.map((w) => w.name);
  return { saver, writes, written, copies };
}

/** Lets the write's .then callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("saving the wizard draft", () => {
  it("writes a burst of changes once, the delay after the last one", () => {
    const { saver, written } = setup();
    saver.change("k", state("a"));
    vi.advanceTimersByTime(DELAY - 1);
    saver.change("k", state("ab"));
    vi.advanceTimersByTime(DELAY - 1);
    expect(written()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written()).toEqual(["ab"]);
    vi.advanceTimersByTime(DELAY * 10);
    expect(written()).toEqual(["ab"]);
  });

  it("writes the pending change at once on flush, and nothing when nothing is pending", () => {
    const { saver, written } = setup();
    saver.flush();
    saver.change("k", state("leaving"));
    saver.flush();
    expect(written()).toEqual(["leaving"]);
    vi.advanceTimersByTime(DELAY);
    saver.flush();
    expect(written()).toEqual(["leaving"]);
  });

  it("starts a new write while the previous one is in flight, in order", () => {
    const { saver, written } = setup();
    saver.change("k", state("first"));
    vi.advanceTimersByTime(DELAY);
    saver.change("k", state("second"));
    vi.advanceTimersByTime(DELAY);
    expect(written()).toEqual(["first", "second"]);
  });

  it("on hide, writes at once and keeps a copy until the write is confirmed", async () => {
    const { saver, writes, written, copies } = setup();
    saver.change("k", state("typed"));
    saver.hide();
    expect(written()).toEqual(["typed"]);
    expect(copies.get("k")).toBe("typed");
    writes[0]!.resolve();
    await settle();
    expect(copies.size).toBe(0);
  });

  it("on hide, copies a write still in flight without writing it twice", () => {
    const { saver, written, copies } = setup();
    saver.change("k", state("in flight"));
    vi.advanceTimersByTime(DELAY);
    saver.hide();
    expect(written()).toEqual(["in flight"]);
    expect(copies.get("k")).toBe("in flight");
  });

  it("on hide, does nothing when IndexedDB has confirmed everything", async () => {
    const { saver, writes, written, copies } = setup();
    saver.change("k", state("saved"));
    vi.advanceTimersByTime(DELAY);
    writes[0]!.resolve();
    await settle();
    saver.hide();
    expect(written()).toEqual(["saved"]);
    expect(copies.size).toBe(0);
  });

  it("keeps a copy of a newer state when an older write is confirmed after it", async () => {
    const { saver, writes, copies } = setup();
    saver.change("k", state("older"));
    vi.advanceTimersByTime(DELAY);
    saver.change("k", state("newer"));
    saver.hide();
    expect(copies.get("k")).toBe("newer");
    writes[0]!.resolve();
    await settle();
    expect(copies.get("k")).toBe("newer");
    writes[1]!.resolve();
    await settle();
    expect(copies.size).toBe(0);
  });

  it("still writes at once on hide when the draft is too large to copy", () => {
    const { saver, written, copies } = setup({ backupFits: false });
    saver.change("k", state("huge"));
    saver.hide();
    expect(written()).toEqual(["huge"]);
    expect(copies.size).toBe(0);
  });

  it("copies a change whose write failed on the next hide", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const { saver, writes, copies } = setup();
    saver.change("k", state("unlucky"));
    vi.advanceTimersByTime(DELAY);
    writes[0]!.reject(new Error("quota"));
    await settle();
    expect(warn).toHaveBeenCalledOnce();
    saver.hide();
    expect(copies.get("k")).toBe("unlucky");
  });

  it("saveNow writes at once, replaces what was pending, and resolves once the write is confirmed", async () => {
    const { saver, writes, written } = setup();
    saver.change("k", state("typed"));
    let stored = false;
    const saving = saver.saveNow("k", state("launch sent")).then(() => {
      stored = true;
    });
    expect(written()).toEqual(["launch sent"]);
    await settle();
    expect(stored).toBe(false);
    writes[0]!.resolve();
    await saving;
    expect(stored).toBe(true);
    // The earlier pending change is not written after it (it would overwrite the mark).
    vi.advanceTimersByTime(DELAY * 2);
    expect(written()).toEqual(["launch sent"]);
  });

  it("saveNow resolves when the write fails (warned): Launch goes ahead", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const { saver, writes } = setup();
    const saving = saver.saveNow("k", state("launch sent"));
    writes[0]!.reject(new Error("quota"));
    await expect(saving).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it("forgets pending changes and the copy when the draft is discarded", () => {
    const { saver, written, copies } = setup();
    saver.change("k", state("copied"));
    saver.hide();
    saver.change("k", state("thrown away"));
    saver.discard("k");
    vi.advanceTimersByTime(DELAY * 2);
    saver.hide();
    saver.flush();
    expect(written()).toEqual(["copied"]);
    expect(copies.size).toBe(0);
  });
});
