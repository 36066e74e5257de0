// The default set-up survives crashes too: `main.ts` as `npm start` runs it
// (web and worker in one process, the embedded PGlite in DATA_DIR), sending a
// campaign in live mode to a slow SMTP server, killed with SIGKILL at random
// moments and started again on the same directory. Its hand-offs are the
// delivery thread's journal (sending/delivery/hand-off-journal.ts) instead of a database
// row. Nothing may be received twice or lost, and 'unknown' is only for a
// message that may have reached the server. The PostgreSQL variant, with
// separate worker processes, is crash-recovery.test.ts.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  crashSeed,
  receivedOf,
  seededRandom,
  sendAlways,
  sendsOf,
  sleep,
  startMain,
  unaccounted,
  unknownUnsent,
  withDatabaseIn,
} from "../../../../tests/support/crash-support.ts";
import { freePort } from "../../../../tests/support/free-port.ts";
import { createCampaign, people, setSendingSettings, step } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext } from "../../../../tests/support/test-app.ts";
import { testDbKind } from "../../../../tests/support/test-database.ts";
import type { Database } from "../../db/client.ts";

/** Kills: each restart opens the embedded database again (a few seconds), so fewer than on PostgreSQL. */
const KILLS = 8;
/** Contacts × 2 steps = messages; the 1% limit is then 5. */
const CONTACTS = 250;
const SINK_DELAY_MS = 250;
const APP_SECRET = "crash-embedded-secret-0123456789abcdef01";

describe.skipIf(testDbKind !== "pglite")("the embedded set-up killed mid-campaign", () => {
  let dataDir: string;
  let sink: SmtpSink;
  let cookie: string;
  let campaignId: string;
  const children = new Set<ChildProcess>();

  const withDatabase = <T>(use: (database: Database) => Promise<T>) => withDatabaseIn(dataDir, use);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "coldreach-crash-embedded-"));
    sink = await startSmtpSink({ faults: [smtpFaults.delay(SINK_DELAY_MS)] });
    await withDatabase(async (database) => {
      await database.migrate();
      const ctx = await createTestContext(
        { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1", SMTP_ALLOW_PRIVATE: "on", APP_SECRET },
        database,
      );
      try {
        const owner = await ctx.signUpVerified("embedded@example.com");
        cookie = owner.cookie;
        await setSendingSettings(database.db, owner.userId, sendAlways);
        const senders = [];
        for (const email of ["one@sender.test", "two@sender.test"]) {
          const saved = await ctx.request("/api/senders", {
            method: "POST",
            cookie,
            json: {
              email,
              provider: "custom",
              dailyLimit: 500,
              smtp: { host: "127.0.0.1", port: sink.port, security: "none", username: "u", password: "p" },
            },
          });
          expect(saved.status).toBe(201);
          const { id } = (await saved.json()) as { id: string };
          senders.push({ email, provider: "custom" as const, dailyLimit: 500, savedSenderId: id });
        }
        const created = await createCampaign(ctx, cookie, {
          senderAccounts: senders,
          contacts: people(CONTACTS, "embedded"),
          sequence: [
            step("First {{firstName}}", "Hello"),
            step("Second {{firstName}}", "Again", { amount: 0, unit: "minutes" }),
          ],
        });
        campaignId = created.campaign.id;
        const res = await ctx.request(`/api/campaigns/${campaignId}/status`, {
          method: "PATCH",
          cookie,
          json: { status: "active" },
        });
        expect(res.status).toBe(200);
      } finally {
        await ctx.close();
      }
    });
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await sink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** `npm start`'s process on DATA_DIR, delivering live to the sink. */
  async function startApp() {
    const port = await freePort();
    const app = startMain(
      [],
      {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        APP_SECRET,
        MAIL_DELIVERY: "live",
        SYSTEM_SMTP_URL: "smtp://127.0.0.1:1",
        SMTP_ALLOW_PRIVATE: "on",
        WORKER_POLL_MS: "200",
        WORKER_STOP_GRACE_SECONDS: "10",
      },
      children,
    );
    return { ...app, port };
  }

  /** Whether the campaign still has messages queued or being sent, asked of the running app (it holds the database). */
  async function open(port: number): Promise<boolean> {
    const res = await fetch(`http://localhost:${port}/api/campaigns`, { headers: { cookie } });
    const { campaigns } = (await res.json()) as {
      campaigns: { id: string; scheduledCount: number; pendingCount: number }[];
    };
    const c = campaigns.find((x) => x.id === campaignId);
    if (!c) throw new Error("the campaign is not listed");
    return c.scheduledCount > 0 || c.pendingCount > 0;
  }

  async function settled(port: number, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (await open(port)) {
      if (Date.now() > until) throw new Error(`the campaign still has messages queued after ${timeoutMs} ms`);
      await sleep(300);
    }
  }

  it(`loses nothing, sends nothing twice and leaves at most 1% unknown unsent after ${KILLS} SIGKILLs`, async () => {
    console.info(`crash-recovery (embedded) seed ${crashSeed} (replay: CRASH_SEED=${crashSeed})`);
    const rand = seededRandom(crashSeed);
    let kills = 0;
    for (; kills < KILLS; kills++) {
      const app = await startApp();
      await app.started;
      // A random moment of its life: recovering, claiming, journaling hand-offs, waiting for the server, recording.
      await sleep(300 + Math.floor(rand() * 2_000));
      const unfinished = await open(app.port);
      app.child.kill("SIGKILL");
      await app.exited;
      if (!unfinished) break; // finished before all the kills: counted, and checked below
    }

    const last = await startApp();
    await last.started;
    await settled(last.port, 120_000);
    last.child.kill("SIGTERM");
    expect(await last.exited).toBe(0);
    await sleep(SINK_DELAY_MS + 200);

    const { received, receivedIds } = receivedOf(sink.messages, "embedded");
    const { rows, failed } = await withDatabase((database) => sendsOf(database.db, campaignId));

    expect([...received].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
    const unknown = rows.filter((r) => r.status === "unknown");
    const unsent = unknownUnsent(rows, receivedIds);
    const total = CONTACTS * 2;
    console.info(
      `crash-recovery (embedded): ${kills} kills, ${received.size} of ${total} received, ${unknown.length} unknown (${unsent.length} of them never reached the sink)`,
    );
    expect(kills).toBeGreaterThanOrEqual(4);
    expect(unsent.length).toBeLessThanOrEqual(Math.floor(total * 0.01));
    expect(unaccounted({ label: "embedded", contacts: CONTACTS, received, failed, rows })).toEqual([]);
    expect(rows.filter((r) => r.status === "sending" || r.status === "scheduled")).toEqual([]);
  }, 600_000);
});
