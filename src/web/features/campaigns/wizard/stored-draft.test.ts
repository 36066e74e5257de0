import { describe, expect, it } from "vitest";
import { isStoredDraft, newerStoredDraft, type StoredDraft } from "./stored-draft.ts";
import { emptyDraft } from "./wizard-draft.ts";

const at = (savedAt: string, name = savedAt): StoredDraft => ({
  version: 1,
  draft: { ...emptyDraft(), name },
  stepIndex: 0,
  savedAt,
});

describe("which stored copy of the wizard draft is restored", () => {
  it("takes the copy saved later, whichever store it is in", () => {
    const older = at("2026-05-01T10:00:00.000Z");
    const newer = at("2026-05-01T10:00:00.001Z");
    expect(newerStoredDraft(older, newer)).toBe(newer);
    expect(newerStoredDraft(newer, older)).toBe(newer);
  });

  it("keeps IndexedDB's copy on a tie", () => {
    const saved = at("2026-05-01T10:00:00.000Z", "saved");
    const backup = at("2026-05-01T10:00:00.000Z", "backup");
    expect(newerStoredDraft(saved, backup)).toBe(saved);
  });

  it("compares instants, not the text of the timestamps", () => {
    const utc = at("2026-05-01T10:00:00.000Z");
    const laterWithOffset = at("2026-05-01T11:30:00.000+01:00");
    expect(newerStoredDraft(utc, laterWithOffset)).toBe(laterWithOffset);
  });

  it("takes the only copy there is, and nothing when there is none", () => {
    const one = at("2026-05-01T10:00:00.000Z");
    expect(newerStoredDraft(undefined, one)).toBe(one);
    expect(newerStoredDraft(one, undefined)).toBe(one);
    expect(newerStoredDraft(undefined, undefined)).toBeUndefined();
  });

  it("ignores a copy of another version or shape, and ranks an unreadable time below any other", () => {
    const good = at("2026-05-01T10:00:00.000Z");
    expect(newerStoredDraft({ version: 2, draft: {}, savedAt: "2030-01-01T00:00:00Z" }, good)).toBe(good);
    expect(newerStoredDraft(good, "not a draft")).toBe(good);
    expect(newerStoredDraft(good, { version: 1, draft: null })).toBe(good);
    const undated = at("yesterday-ish");
    expect(newerStoredDraft(undated, good)).toBe(good);
    expect(newerStoredDraft(good, undated)).toBe(good);
  });

  it("recognises a stored draft of this version", () => {
    expect(isStoredDraft(at("2026-05-01T10:00:00.000Z"))).toBe(true);
    expect(isStoredDraft({ version: 1 })).toBe(false);
    expect(isStoredDraft(null)).toBe(false);
  });
});
