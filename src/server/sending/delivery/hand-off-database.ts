// Hand-offs recorded by the delivery thread itself, on connections of its own
// to the PostgreSQL server. Recorded through the main thread, each message's
// DATA waited for that thread's event loop (busy claiming, rendering and
// recording) as well as for the database: the SMTP connections idled
// (docs/decisions/007-hand-off-and-heartbeats.md). Here the write waits for the
// database only, and overlaps MAIL FROM / RCPT TO / DATA.
//
// A hand-off is granted only to a claim that still holds its row (same row,
// same lease, still 'sending'): one that recovery took from this worker (it
// was thought dead) must not be sent by it any more.
//
// A hand-off waits for one statement: up to two run at once, one per
// connection, each taking every hand-off asked for until it starts, so a busy
// thread groups them and a quiet one does not wait. The two connections are
// plain clients, not a pg.Pool: this thread is the one that talks SMTP, and a
// pool's check-out, release and idle timer for each statement were a visible
// part of its time.
import pg from "pg";
import { parseJournal } from "./hand-off-journal.ts";

type Waiting = { key: string; resolve: () => void; reject: (err: Error) => void };

const CONNECTIONS = 2;

/**
 * The statement. Each row is found by its primary key; the status is tested
 * through coalesce() on purpose: written plainly, it lets the planner pick the
 * partial lease index (status = 'sending'), whose statistics count the claimed
 * rows as about none, and walk every claimed row for each statement, about
 * twice as slow (docs/decisions/020-hand-off-moment-and-connections.md). Only
 * ids come back: a returned id had its lease matched already.
 */
const HAND_OFF = `update scheduled_emails se set handed_off_at = now()
  from unnest($1::uuid[], $2::timestamptz[]) as j(id, lease)
  where se.id = j.id and se.lease_expires_at = j.lease and coalesce(se.status, '') = 'sending'
  returning se.id`;

export function openHandOffDatabase(url: string) {
  /** Open (or opening) connections not in use; a broken one is dropped and opened again when needed. */
  const idle: Promise<pg.Client>[] = [];
  let opened = 0;
  let queue: Waiting[] = [];
  let closed = false;

  /** Connections the server or the network ended: not used again. */
  const ended = new WeakSet<pg.Client>();

  function connect(): Promise<pg.Client> {
    // Named, so that an operator can tell these connections apart in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: "coldreach hand-offs" });
    // Ended while idle: the next hand-off opens another instead of failing on it.
    client.on("error", () => ended.add(client));
    client.on("end", () => ended.add(client));
    return client.connect().then(() => client);
  }

  async function write(client: pg.Client, group: Waiting[]): Promise<void> {
    const entries = parseJournal(group.map((g) => g.key).join("\n"));
    const result = await client.query<{ id: string }>({
      name: "hand-off",
      text: HAND_OFF,
      values: [entries.map((e) => e.id), entries.map((e) => e.lease)],
    });
    const held = new Set(result.rows.map((r) => r.id));
    for (const g of group) {
      if (held.has(g.key.split(" ")[0] ?? "")) g.resolve();
      else g.reject(new Error("The claim on this message was taken over by another worker"));
    }
  }

  /** One connection's turn: it writes every group asked for until the queue is empty. */
  async function run(connection: Promise<pg.Client>): Promise<void> {
    let client: pg.Client | null = null;
    try {
      client = await connection;
      if (ended.has(client)) {
        opened -= 1;
        start();
        return;
      }
      while (queue.length > 0) {
        const group = queue;
        queue = [];
        try {
          await write(client, group);
        } catch (err) {
          for (const g of group) g.reject(new Error(`The hand-off could not be recorded: ${(err as Error).message}`));
          throw err;
        }
      }
      if (closed) void client.end().catch(() => {});
      else idle.push(connection);
    } catch (err) {
      // Not connected, or the connection broke: it is opened again at the next
      // hand-off. What waits now is refused (those messages go back to the
      // queue unsent) rather than left to a connection that may never come.
      opened -= 1;
      if (client) void client.end().catch(() => {});
      const waiting = queue;
      queue = [];
      for (const g of waiting) g.reject(new Error(`The hand-off could not be recorded: ${(err as Error).message}`));
    }
  }

  function start(): void {
    let connection = idle.pop();
    if (!connection && opened < CONNECTIONS) {
      opened += 1;
      connection = connect();
    }
    if (connection) void run(connection);
  }

  return {
    /** Resolves once the hand-off of this claim (handOffKey) is committed; rejects when it must not happen. */
    record(key: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (closed) return reject(new Error("The hand-off could not be recorded: the connection is closed"));
        queue.push({ key, resolve, reject });
        start();
      });
    },
    /** Opens the connections now, so the first hand-offs do not wait for them. Never rejects. */
    async warm(): Promise<void> {
      while (opened < CONNECTIONS) {
        opened += 1;
        const connection = connect();
        // A failure is handled by the first hand-off that takes this connection.
        connection.catch(() => {});
        idle.push(connection);
      }
      await Promise.allSettled(idle);
    },
    async close(): Promise<void> {
      closed = true;
      const clients = await Promise.allSettled(idle.splice(0));
      await Promise.allSettled(clients.map((c) => (c.status === "fulfilled" ? c.value.end() : undefined)));
    },
  };
}
