// The hand-off journal: with the embedded database (PGlite), hand-offs are
// written by the delivery thread to a local append-only file instead of the
// database. PGlite runs on the main thread, where one claim or record
// statement holds everything for longer than many deliveries take; a hand-off
// that had to wait for it before each message's DATA left the SMTP connections
// idle most of the time (docs/decisions/007-hand-off-and-heartbeats.md). The journal costs the delivery
// thread one write per message, and never waits for the main thread.
//
// Written, not fsynced: an entry is in the operating system's cache before the
// content goes, so it survives anything that stops the process (SIGKILL, a
// crash, the OOM killer). A power loss could lose the last entries, but PGlite
// itself runs with fsync=off, so its own last commits (the outcomes) would go
// with them; an fdatasync per message would have put a disk flush on the SMTP
// connection's critical path (docs/decisions/022-measurements-behind-the-code.md)
// for no guarantee the database keeps. PGlite is opened by one process at a time, so the next start of
// the app reads what a dead process journaled and applies it to the database
// before any claim is recovered (docs/decisions/007-hand-off-and-heartbeats.md).
//
// An entry names one claim of a queue row: its id and its lease expiry (set by
// that claim), so an entry left from an earlier claim of the same row never
// marks a later claim as handed off.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The journal key of one claim of a queue row. */
export function handOffKey(scheduledId: string, leaseExpiresAt: Date): string {
  return `${scheduledId} ${leaseExpiresAt.toISOString()}`;
}

export type JournalEntry = { id: string; lease: string };

export function parseJournal(text: string): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const line of text.split("\n")) {
    const [id, lease] = line.trim().split(" ");
    // A line cut short by a crash mid-write is not an entry (its message's content never left).
    if (id && lease && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(Date.parse(lease))) entries.push({ id, lease });
  }
  return entries;
}

/** Segments are rotated at this size; a settled segment is deleted (closedSegments). */
const SEGMENT_BYTES = 1 << 20;

/** Writes this process's journal (in the delivery thread). Files are `<tag>-<n>.log` in `dir`. */
export function openJournal(dir: string, tag: string, o: { segmentBytes?: number } = {}) {
  const segmentBytes = o.segmentBytes ?? SEGMENT_BYTES;
  mkdirSync(dir, { recursive: true });
  let segment = 0;
  let fd = -1;
  let size = 0;
  return {
    /** Appends the key (a synchronous write): only then may the content go. */
    append(key: string): void {
      if (fd < 0 || size >= segmentBytes) {
        if (fd >= 0) closeSync(fd);
        segment += 1;
        fd = openSync(join(dir, `${tag}-${segment}.log`), "a");
        size = 0;
      }
      const line = `${key}\n`;
      writeSync(fd, line);
      size += line.length;
    },
    close(): void {
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}

export type Journal = ReturnType<typeof openJournal>;

type Segment = { file: string; tag: string; n: number };

function segments(dir: string): Segment[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => /^(.+)-(\d+)\.log$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: join(dir, m[0]), tag: m[1]!, n: Number(m[2]) }));
}

/** The entries of every journal not written by this process (`ownTag`): dead processes' hand-offs. */
export function readOtherJournals(dir: string, ownTag: string): { entries: JournalEntry[]; files: string[] } {
  const others = segments(dir).filter((s) => s.tag !== ownTag);
  return {
    entries: others.flatMap((s) => parseJournal(readFileSync(s.file, "utf8"))),
    files: others.map((s) => s.file),
  };
}

/** Every entry this process's delivery thread journaled so far (read before recovering its own claims). */
export function readOwnJournal(dir: string, ownTag: string): JournalEntry[] {
  return segments(dir)
    .filter((s) => s.tag === ownTag)
    .flatMap((s) => {
      try {
        return parseJournal(readFileSync(s.file, "utf8"));
      } catch {
        return []; // a segment removed meanwhile was settled
      }
    });
}

/** This process's closed segments (all but the one being written), with their entries. */
export function closedSegments(dir: string, ownTag: string): { file: string; entries: JournalEntry[] }[] {
  const own = segments(dir).filter((s) => s.tag === ownTag);
  const last = Math.max(0, ...own.map((s) => s.n));
  return own
    .filter((s) => s.n < last)
    .map((s) => ({ file: s.file, entries: parseJournal(readFileSync(s.file, "utf8")) }));
}

export function removeFiles(files: readonly string[]): void {
  for (const file of files) rmSync(file, { force: true });
}
