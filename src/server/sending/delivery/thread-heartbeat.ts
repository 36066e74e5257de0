// The send worker's heartbeat, kept from the delivery thread on a connection
// of its own (PostgreSQL only). Beaten from the main thread alone, a heartbeat
// stopped whenever that thread's event loop was busy (big messages, a large
// launch, a long statement), and another process then took a live worker's
// claims as a dead one's (issue 26). This thread does nothing but talk to mail
// servers and the database, so its beat stops when the process does: it
// measures what "dead" means. (With the embedded database no other process
// shares the queue: there, claims are never taken from a live process.)
import pg from "pg";

export function startThreadHeartbeat(url: string, workerId: string, everyMs: number) {
  let client: pg.Client | null = null;
  let busy = false;
  let stopped = false;

  async function beat(): Promise<void> {
    if (busy || stopped) return;
    busy = true;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url, application_name: "coldreach heartbeat" });
        c.on("error", () => {
          if (client === c) client = null;
        });
        await c.connect();
        client = c;
      }
      // This host's clock, as the main thread's beat and the recovery use.
      await client.query(
        "update send_workers set heartbeat_at = greatest(heartbeat_at, $2::timestamptz) where id = $1",
        [workerId, new Date().toISOString()],
      );
    } catch {
      // Not fatal: the main thread beats too, and the next beat reconnects.
      const c = client;
      client = null;
      void c?.end().catch(() => {});
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  void beat();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      void client?.end().catch(() => {});
      client = null;
    },
  };
}
