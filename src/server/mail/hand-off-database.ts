// Hand-offs recorded by the delivery thread itself, on a connection of its own
// to the PostgreSQL server. Recorded through the main thread, each message's
// DATA waited for that thread's event loop (busy claiming, rendering and
// recording) as well as for the database: the SMTP connections idled
// (`npm run bench`: 0.5 of raw nodemailer). Here the write waits for the
// database only, and overlaps MAIL FROM / RCPT TO / DATA.
//
// A hand-off is granted only to a claim that still holds its row (same row,
// same lease, still 'sending'): one that recovery took from this worker (it
// was thought dead) must not be sent by it any more.
//
// A hand-off waits for one statement: up to two run at once (one per
// connection of the pool), each taking every hand-off asked for until it
// starts, so a busy thread groups them and a quiet one does not wait.
import pg from "pg";
import { parseJournal } from "./hand-off-journal.ts";

type Waiting = { key: string; resolve: () => void; reject: (err: Error) => void };

export function openHandOffDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection ended by the server is replaced at the next query.
  pool.on("error", () => {});
  let queue: Waiting[] = [];
  let running = 0;
  const MAX_RUNNING = 2;

  async function write(group: Waiting[]): Promise<void> {
    const entries = parseJournal(group.map((g) => g.key).join("\n"));
    try {
      const result = await pool.query<{ id: string; lease: Date }>({
        name: "hand-off",
        text: `update scheduled_emails se set handed_off_at = now()
         from unnest($1::uuid[], $2::timestamptz[]) as j(id, lease)
         where se.id = j.id and se.lease_expires_at = j.lease and se.status = 'sending'
         returning se.id, se.lease_expires_at as lease`,
        values: [entries.map((e) => e.id), entries.map((e) => e.lease)],
      });
      const held = new Set(result.rows.map((r) => `${r.id} ${new Date(r.lease).toISOString()}`));
      for (const g of group) {
        if (held.has(g.key)) g.resolve();
        else g.reject(new Error("The claim on this message was taken over by another worker"));
      }
    } catch (err) {
      for (const g of group) g.reject(new Error(`The hand-off could not be recorded: ${(err as Error).message}`));
    }
  }

  async function run(): Promise<void> {
    running += 1;
    try {
      while (queue.length > 0) {
        const group = queue;
        queue = [];
        await write(group);
      }
    } finally {
      running -= 1;
    }
  }

  return {
    /** Resolves once the hand-off of this claim (handOffKey) is committed; rejects when it must not happen. */
    record(key: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ key, resolve, reject });
        if (running < MAX_RUNNING) void run();
      });
    },
    /** Opens both connections now, so the first hand-offs do not wait for them. Never rejects. */
    async warm(): Promise<void> {
      const clients = await Promise.all([pool.connect(), pool.connect()]).catch(() => []);
      for (const c of clients) c.release();
    },
    close: () => pool.end(),
  };
}
