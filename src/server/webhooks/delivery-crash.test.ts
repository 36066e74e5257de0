// The webhook worker killed mid-delivery: `npm start`'s process (embedded
// database, the worker in it) delivers a batch of events to a slow receiver
// and is killed with SIGKILL at random moments, then restarted. Every event
// must arrive at least once, always with the same webhook-id and the same
// body for the same event, each request signed so that the Standard Webhooks
// library verifies it; once the process is left alone, every delivery is
// recorded as delivered. (A duplicate is what "at least once" allows: the
// receiver got the post, the process died before recording it.)
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashSeed, seededRandom, sleep, startMain, withDatabaseIn } from "../../../tests/support/crash-support.ts";
import { freePort } from "../../../tests/support/free-port.ts";
import { createTestContext } from "../../../tests/support/test-app.ts";
import { testDbKind } from "../../../tests/support/test-database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import type { Database } from "../db/client.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { emitWebhookEvents } from "./emit-events.ts";

const APP_SECRET = "crash-secret-crash-secret-crash-secret-0123";
const EVENTS = 60;
const KILLS = 4;

describe.skipIf(testDbKind !== "pglite")("the webhook worker killed mid-delivery", () => {
  let dataDir: string;
  let hook: WebhookReceiver;
  let secret: string;
  const children = new Set<ChildProcess>();

  const withDatabase = <T>(use: (database: Database) => Promise<T>) => withDatabaseIn(dataDir, use);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "coldreach-webhook-crash-"));
    // Slow enough that a kill finds posts in flight.
    hook = await startWebhookReceiver({ "/crash": { delayMs: 250 } });
    await withDatabase(async (database) => {
      await database.migrate();
      const ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on", APP_SECRET }, database);
      try {
        const owner = await ctx.signUpVerified("webhook-crash@example.com");
        const res = await ctx.request("/api/webhooks", {
          method: "POST",
          cookie: owner.cookie,
          json: { url: hook.url("/crash"), events: ["email.sent"] },
        });
        expect(res.status).toBe(201);
        secret = ((await res.json()) as { secret: string }).secret;
        await emitWebhookEvents(
          database.db,
          Array.from({ length: EVENTS }, (_, i) => ({
            userId: owner.userId,
            type: "email.sent" as const,
            data: { n: i },
          })),
        );
      } finally {
        await ctx.close();
      }
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await hook?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function startApp() {
    const port = await freePort();
    return startMain(
      [],
      {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        APP_SECRET,
        WEBHOOK_ALLOW_PRIVATE: "on",
        // A short deadline, hence a short lease: a killed worker's deliveries are due again within seconds.
        WEBHOOK_TIMEOUT_MS: "1000",
        WORKER_STOP_GRACE_SECONDS: "5",
      },
      children,
    );
  }

  const distinctIds = () => new Set(hook.to("/crash").map((r) => r.headers["webhook-id"] as string));

  it(`every event arrives, with one webhook-id per event, after ${KILLS} SIGKILLs`, async () => {
    console.info(`webhook crash seed ${crashSeed} (replay: CRASH_SEED=${crashSeed})`);
    const rand = seededRandom(crashSeed);
    let kills = 0;
    for (; kills < KILLS && distinctIds().size < EVENTS; kills++) {
      const app = await startApp();
      await app.started;
      await sleep(200 + Math.floor(rand() * 1_200));
      app.child.kill("SIGKILL");
      await app.exited;
    }
    const last = await startApp();
    await last.started;
    const until = Date.now() + 90_000;
    while (distinctIds().size < EVENTS && Date.now() < until) await sleep(200);
    // Its in-flight posts recorded: a graceful stop lets the round finish.
    await sleep(1_500);
    last.child.kill("SIGTERM");
    expect(await last.exited).toBe(0);

    const requests = hook.to("/crash");
    const byId = new Map<string, Set<string>>();
    for (const r of requests) {
      const id = r.headers["webhook-id"] as string;
      const body = new Webhook(secret).verify(r.body, r.headers as never) as { data: { n: number } };
      expect(body.data.n).toBeGreaterThanOrEqual(0);
      byId.set(id, (byId.get(id) ?? new Set()).add(r.body));
    }
    const rows = await withDatabase((database) =>
      queryRows<{ event_id: string; status: string; n: number }>(
        database.db,
        sql`select d.event_id, d.status, (ev.data->>'n')::int as n
            from webhook_deliveries d join webhook_events ev on ev.id = d.event_id`,
      ),
    );
    console.info(
      `webhook crash: ${kills} kills, ${requests.length} requests for ${EVENTS} events (${requests.length - byId.size} duplicates)`,
    );
    expect(rows).toHaveLength(EVENTS);
    // Every event arrived, under its own id, each time with the same body.
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(byId.keys()));
    for (const bodies of byId.values()) expect(bodies.size).toBe(1);
    expect(rows.every((r) => r.status === "delivered")).toBe(true);
    expect(kills).toBeGreaterThanOrEqual(1);
  }, 300_000);
});
