// The engine side of the sending benchmark: the production worker
// (createSendWorker with its default batch size and concurrency, driven by
// the production worker loop) claiming a seeded queue, rendering, and
// delivering through the production transport factory in capture mode,
// where the SMTP sink stands in for the capture server, as in the tests.
// Then the books are checked: the sink must have received every message,
// email_sends must say so, and the reporting counters must agree with it.
import { sql } from "drizzle-orm";
import type { Config } from "../src/server/config.ts";
import { createSecretBox } from "../src/server/crypto/secret-box.ts";
import type { Db } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";
import type { Logger } from "../src/server/logger.ts";
import type { DeliveryThread } from "../src/server/sending/delivery/delivery-thread.ts";
import { renderClaimedSend } from "../src/server/sending/delivery/render-claimed.ts";
import { createTransportFactory } from "../src/server/sending/delivery/transports.ts";
import { createSendWorker, type SendWorker, type SendWorkerOptions } from "../src/server/sending/worker.ts";
import { startWorkerLoop } from "../src/server/sending/worker-loop.ts";
import { cpuMeter } from "./machine.ts";
import type { SeededCampaign } from "./seed.ts";
import { type StageTimes, timedDb, timedRender, timedTransports } from "./stage-timer.ts";

export type EngineRun = {
  seconds: number;
  /** CPU time of this process (user + system) during the run, ms. */
  cpuMs: number;
  /** CPU time of the whole machine during the run, ms (cpuMeter). */
  machineCpuMs: number;
  sent: number;
  rounds: number;
  stages: StageTimes;
};

/**
 * Runs the worker loop until a round comes back not full (the loop would
 * then pause for WORKER_POLL_MS): everything due has been sent and recorded.
 */
export async function runEngine(o: {
  db: Db;
  config: Config;
  log: Logger;
  sinkPort: number;
  /** Worker options other than production's defaults (for experiments; the benchmark passes none). */
  tuning?: Partial<SendWorkerOptions>;
  /** As the app does with PGlite: the delivery thread journals hand-offs (server.ts). */
  handOffJournal?: { dir: string; tag: string };
  /** The process's delivery thread (journalling or recording hand-offs as the app's does), kept across runs. */
  deliveryThread: DeliveryThread;
}): Promise<EngineRun> {
  const stages: StageTimes = new Map();
  const transports = createTransportFactory({
    config: o.config,
    secrets: createSecretBox(o.config.appSecret),
    log: o.log,
    capturePort: o.sinkPort,
    // The loop is stopped once everything was delivered; stopping refuses the
    // thread's hand-offs for good (the process is ending), but this thread
    // serves the next run.
    deliveryThread: { ...o.deliveryThread, refuseHandOffs: () => {} },
  });
  const worker = createSendWorker({
    db: timedDb(o.db, stages),
    config: o.config,
    log: o.log,
    transports: timedTransports(transports, stages),
    render: timedRender(renderClaimedSend(o.config), stages),
    exclusive: o.handOffJournal !== undefined,
    handOffJournal: o.handOffJournal,
    ...o.tuning,
  });
  // As server.ts does before starting the worker loop.
  await transports.prepare();
  let rounds = 0;
  let sent = 0;
  let finished!: () => void;
  let failed!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const counted: SendWorker = {
    ...worker,
    async runOnce() {
      const r = await worker.runOnce();
      rounds += 1;
      sent += r.sent;
      if (r.failed > 0 || r.retrying > 0) failed(new Error(`engine: ${r.failed} failed, ${r.retrying} retrying`));
      if (!r.full) finished();
      return r;
    },
  };
  const started = performance.now();
  const cpu = cpuMeter();
  const loop = startWorkerLoop(counted, { intervalMs: o.config.workerPollMs, log: o.log });
  try {
    await done;
  } finally {
    await loop.stop();
    transports.closeAll();
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, ...cpu.stop(), sent, rounds, stages };
}

/**
 * Fails loudly unless the campaign's due queue went out exactly once, all of
 * it recorded as sent, with the next step queued for every contact that has one.
 */
export async function verifyEngineRun(
  db: Db,
  c: SeededCampaign,
  expected: { sent: number; followUps: number },
): Promise<void> {
  const [row] = await queryRows<{ sent_now: number; left: number; not_sent: number; follow_ups: number }>(
    db,
    sql`select
          (select count(*) from email_sends where campaign_id = ${c.campaignId}::uuid and status = 'sent'
             and sent_at > now() - interval '1 hour')::int as sent_now,
          (select count(*) from email_sends where campaign_id = ${c.campaignId}::uuid and status <> 'sent')::int
             as not_sent,
          (select count(*) from scheduled_emails where campaign_id = ${c.campaignId}::uuid
             and (status = 'sending' or (status = 'scheduled' and scheduled_for <= now())))::int as left,
          (select count(*) from scheduled_emails where campaign_id = ${c.campaignId}::uuid and status = 'scheduled'
             and scheduled_for > now())::int as follow_ups`,
  );
  const problems: string[] = [];
  if (row?.sent_now !== expected.sent) {
    problems.push(`email_sends has ${row?.sent_now} 'sent' rows from this run, expected ${expected.sent}`);
  }
  if (row?.not_sent) problems.push(`${row.not_sent} email_sends rows are not 'sent'`);
  if (row?.left) problems.push(`${row.left} queue rows are still due or sending`);
  if (row?.follow_ups !== expected.followUps) {
    problems.push(`${row?.follow_ups} follow-ups scheduled, expected ${expected.followUps}`);
  }
  problems.push(...(await counterProblems(db, c.userId)));
  if (problems.length > 0) throw new Error(`engine run is wrong: ${problems.join("; ")}`);
}

/**
 * The reporting counters (kept by triggers, docs/decisions/002) against a
 * full scan of the user's email_sends, at the volume of a real day.
 */
async function counterProblems(db: Db, userId: string): Promise<string[]> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select
          (select count(*) from email_sends where user_id = ${userId})::int as scan_total,
          (select count(*) from email_sends where user_id = ${userId} and status = 'sent')::int as scan_sent,
          (select count(*) from email_sends where user_id = ${userId} and status = 'failed')::int as scan_failed,
          (select count(*) from email_sends where user_id = ${userId} and status = 'pending')::int as scan_pending,
          (select total from user_send_stats where user_id = ${userId}) as user_total,
          (select sent from user_send_stats where user_id = ${userId}) as user_sent,
          (select failed from user_send_stats where user_id = ${userId}) as user_failed,
          (select pending from user_send_stats where user_id = ${userId}) as user_pending,
          (select coalesce(sum(sent), 0) from user_activity_daily where user_id = ${userId})::int as daily_sent,
          (select coalesce(sum(sent), 0) from sender_activity_daily where user_id = ${userId})::int as sender_sent,
          (select coalesce(sum(sent), 0) from contact_send_stats where user_id = ${userId})::int as contact_sent`,
  );
  if (!row) return ["no counter row"];
  const expect = (what: string, got: number | null, want: number | null) =>
    got === want ? [] : [`${what} is ${got}, a scan of email_sends says ${want}`];
  return [
    ...expect("user_send_stats.total", row.user_total ?? null, row.scan_total ?? null),
    ...expect("user_send_stats.sent", row.user_sent ?? null, row.scan_sent ?? null),
    ...expect("user_send_stats.failed", row.user_failed ?? null, row.scan_failed ?? null),
    ...expect("user_send_stats.pending", row.user_pending ?? null, row.scan_pending ?? null),
    ...expect("sum of user_activity_daily.sent", row.daily_sent ?? null, row.scan_sent ?? null),
    ...expect("sum of sender_activity_daily.sent", row.sender_sent ?? null, row.scan_sent ?? null),
    ...expect("sum of contact_send_stats.sent", row.contact_sent ?? null, row.scan_sent ?? null),
  ];
}
