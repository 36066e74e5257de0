// The hand-off journal on disk: what a process appends, what the next process
// reads back (its own files excluded), lines cut short by a crash ignored,
// and segments rotated so that settled ones can be dropped.
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closedSegments, handOffKey, openJournal, parseJournal, readOtherJournals } from "./hand-off-journal.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const lease = new Date("2026-12-07T09:10:00.000Z");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "coldreach-journal-test-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the hand-off journal", () => {
  it("names a claim by its row and its lease", () => {
    expect(handOffKey(id(1), lease)).toBe(`${id(1)} 2026-12-07T09:10:00.000Z`);
    expect(parseJournal(`${handOffKey(id(1), lease)}\n`)).toEqual([{ id: id(1), lease: lease.toISOString() }]);
  });

  it("ignores a line cut short by a crash mid-write", () => {
    expect(parseJournal(`${handOffKey(id(1), lease)}\n${id(2)} 2026-12-0`)).toEqual([
      { id: id(1), lease: lease.toISOString() },
    ]);
    expect(parseJournal(`${id(3).slice(0, 20)}`)).toEqual([]);
  });

  it("is read back by the next process, without its own files", () => {
    const dead = openJournal(dir, "111-aaaa");
    dead.append(handOffKey(id(1), lease));
    dead.append(handOffKey(id(2), lease));
    dead.close();
    const alive = openJournal(dir, "222-bbbb");
    alive.append(handOffKey(id(3), lease));
    const seen = readOtherJournals(dir, "222-bbbb");
    expect(seen.entries.map((e) => e.id)).toEqual([id(1), id(2)]);
    expect(seen.files).toEqual([join(dir, "111-aaaa-1.log")]);
    alive.close();
  });

  it("rotates segments, so a full segment can be dropped once its claims are settled", () => {
    const line = `${handOffKey(id(1), lease)}\n`;
    const perSegment = 10;
    const journal = openJournal(dir, "333-cccc", { segmentBytes: perSegment * line.length });
    for (let i = 0; i <= perSegment; i++) journal.append(handOffKey(id(i), lease));
    journal.close();
    expect(readdirSync(dir).sort()).toEqual(["333-cccc-1.log", "333-cccc-2.log"]);
    const closed = closedSegments(dir, "333-cccc");
    expect(closed.map((s) => s.file)).toEqual([join(dir, "333-cccc-1.log")]);
    expect(closed[0]!.entries).toHaveLength(perSegment);
  });

  it("appends after what an earlier thread of the same process wrote", () => {
    const first = openJournal(dir, "444-dddd");
    first.append(handOffKey(id(1), lease));
    first.close();
    appendFileSync(join(dir, "444-dddd-1.log"), "");
    const restarted = openJournal(dir, "444-dddd");
    restarted.append(handOffKey(id(2), lease));
    restarted.close();
    expect(readOtherJournals(dir, "other").entries.map((e) => e.id)).toEqual([id(1), id(2)]);
  });
});
