// Launch timing against the floor of a set-based insert, on the same database:
// - launch service: createLaunchService().launch(), the POST /launch use case.
//   One transaction checks the campaign, queues step 1 for every contact with
//   its sender round-robin (scheduleFirstStep) and activates the campaign; then
//   the worker it wakes runs one round (what is due within the day's limits) to the sink.
//   Follow-ups are NOT inserted: each is queued when the step before it is sent.
// - scheduleFirstStep alone, inside a transaction: the queueing core of launch.
// - floor: ONE INSERT … SELECT of the same step-1 rows (contacts × step 1, one
//   sender for all, so no round-robin to compute), the least any launch must
//   do: same table, same indexes, foreign keys and unique key.
// - reference: the same insert for every step (contacts × steps rows), the
//   "50,000 rows" of the issue; launch never writes these at once.
// Each measurement gets its own freshly seeded campaign; they are interleaved
// and repeated, and the median is reported, so table growth and noise fall on
// all of them alike.
import { sql } from "drizzle-orm";
import type { Config } from "../src/server/config.ts";
import { createSecretBox } from "../src/server/crypto/secret-box.ts";
import type { Db } from "../src/server/db/client.ts";
import { at, queryRows } from "../src/server/db/sql-helpers.ts";
import { scheduleFirstStep } from "../src/server/domain/campaign-queue.ts";
import { loadSendingSettings, sendingRules } from "../src/server/domain/sending-settings.ts";
import { createLaunchService } from "../src/server/features/sending/launch.service.ts";
import type { Logger } from "../src/server/logger.ts";
import { captureSmtpUrl, createSystemMailer } from "../src/server/mail/system-mailer.ts";
import { renderClaimedSend } from "../src/server/sending/delivery/render-claimed.ts";
import { createTransportFactory } from "../src/server/sending/delivery/transports.ts";
import { createSendSignal } from "../src/server/sending/send-signal.ts";
import { createSendWorker } from "../src/server/sending/worker.ts";
import { SENDER_DAILY_LIMIT, type SeededCampaign, seedCampaign, seedUser } from "./seed.ts";
import type { SmtpSinkProcess } from "./smtp-sink.ts";

export type LaunchFigures = {
  contacts: number;
  steps: number;
  repeats: number;
  /** Medians, in seconds. */
  launch: number;
  /** Of which: the worker round the launch woke (what the day allows) after the transaction. */
  launchDelivery: number;
  launchSent: number;
  scheduleFirstStep: number;
  floorFirstStep: number;
  floorAllSteps: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { seconds: (performance.now() - started) / 1000, result };
}

async function queueCount(db: Db, campaignId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from scheduled_emails where campaign_id = ${campaignId}::uuid`,
  );
  return row?.n ?? 0;
}

/** The floor: one set-based insert of contacts × the first `steps` steps. */
async function insertFloor(db: Db, c: SeededCampaign, steps: number, now: Date): Promise<void> {
  await db.execute(sql`
    insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for)
    select ct.campaign_id, ct.id, q.id, ${c.senderIds[0]!}::uuid, ${at(now)}
    from contacts ct join email_sequences q on q.campaign_id = ct.campaign_id and q.step_number <= ${steps}
    where ct.campaign_id = ${c.campaignId}::uuid`);
}

export async function runLaunchBench(o: {
  db: Db;
  config: Config;
  log: Logger;
  sink: SmtpSinkProcess;
  contacts: number;
  steps: number;
  repeats: number;
  /** Called before each measurement, for progress output. */
  progress: (what: string) => void;
}): Promise<LaunchFigures> {
  const { db, config, log } = o;
  const senders = Math.max(1, Math.ceil(o.contacts / SENDER_DAILY_LIMIT));
  const userId = await seedUser(db, "launch", 10_000);
  const campaign = (name: string) =>
    seedCampaign(db, { userId, name, status: "draft", senders, contacts: o.contacts, steps: o.steps });

  const transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log,
    capturePort: o.sink.port,
  });
  const mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(o.sink.port), from: config.mailFrom });
  const worker = createSendWorker({ db, config, log, transports, render: renderClaimedSend(config) });
  let deliverySeconds = 0;
  // The launch wakes the worker of its process; here that is one round of this worker, timed.
  const sendSignal = createSendSignal();
  sendSignal.attach(async () => {
    deliverySeconds = (await timed(() => worker.runOnce())).seconds;
  });
  const launchService = createLaunchService({
    db,
    config,
    log,
    secrets: createSecretBox(config.appSecret),
    mailer,
    transports,
    sendSignal,
    // The answer waits for the whole round, so what it says is what the sink received.
    launchReportWaitMs: 10 * 60_000,
  });

  const runs = { launch: [] as number[], delivery: [] as number[], schedule: [] as number[] };
  const floors = { first: [] as number[], all: [] as number[] };
  let launchSent = 0;
  try {
    for (let i = 0; i < o.repeats; i++) {
      o.progress(`launch ${i + 1}/${o.repeats}: floor (${o.contacts} step-1 rows)`);
      const f1 = await campaign(`floor-1-${i}`);
      floors.first.push((await timed(() => insertFloor(db, f1, 1, new Date()))).seconds);
      if ((await queueCount(db, f1.campaignId)) !== o.contacts) throw new Error("floor insert: wrong row count");

      o.progress(`launch ${i + 1}/${o.repeats}: scheduleFirstStep`);
      const s = await campaign(`schedule-${i}`);
      const rules = sendingRules(await loadSendingSettings(db, userId));
      const scheduled = await timed(() =>
        db.transaction((tx) => scheduleFirstStep(tx, { campaignId: s.campaignId, userId, now: new Date(), rules })),
      );
      runs.schedule.push(scheduled.seconds);
      if (scheduled.result.scheduled !== o.contacts) {
        throw new Error(`scheduleFirstStep queued ${scheduled.result.scheduled}, expected ${o.contacts}`);
      }

      o.progress(`launch ${i + 1}/${o.repeats}: launch service`);
      const l = await campaign(`launch-${i}`);
      const before = await o.sink.stats();
      const launched = await timed(() => launchService.launch(userId, l.campaignId));
      const after = await o.sink.stats();
      runs.launch.push(launched.seconds);
      runs.delivery.push(deliverySeconds);
      const r = launched.result;
      if (r.scheduled !== o.contacts || r.emailsFailed || r.emailsRetrying) {
        throw new Error(`launch: ${JSON.stringify(r)}, expected ${o.contacts} scheduled and no failures`);
      }
      if (after.messages - before.messages !== r.emailsSent) {
        throw new Error(`launch: sent ${r.emailsSent} but the sink received ${after.messages - before.messages}`);
      }
      launchSent = r.emailsSent;

      o.progress(`launch ${i + 1}/${o.repeats}: reference (${o.contacts * o.steps} rows, every step)`);
      const f5 = await campaign(`floor-all-${i}`);
      floors.all.push((await timed(() => insertFloor(db, f5, o.steps, new Date()))).seconds);
      if ((await queueCount(db, f5.campaignId)) !== o.contacts * o.steps)
        throw new Error("reference insert: wrong count");
    }
  } finally {
    transports.closeAll();
    await mailer.close();
  }
  return {
    contacts: o.contacts,
    steps: o.steps,
    repeats: o.repeats,
    launch: median(runs.launch),
    launchDelivery: median(runs.delivery),
    launchSent,
    scheduleFirstStep: median(runs.schedule),
    floorFirstStep: median(floors.first),
    floorAllSteps: median(floors.all),
  };
}
