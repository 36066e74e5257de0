// Starts the pieces a role needs on an open database: capture SMTP server,
// system mailer, auth and the HTTP app (roles all and web), and the send
// worker loop (roles all and worker). main.ts calls it for `npm start`; the
// browser tests call it in-process with their own database and random ports.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type { Config } from "./config.ts";
import { createSecretBox } from "./crypto/secret-box.ts";
import type { Database } from "./db/client.ts";
import { startStatisticsKeeper } from "./db/planner-statistics.ts";
import { evaluateAutoWinners } from "./domain/ab-winners.ts";
import { createNotificationOutbox, startNotificationsLoop } from "./features/notifications/notification-outbox.ts";
import { createMeetingNotices, startMeetingNoticesLoop } from "./features/scheduling/meeting-notices.ts";
import { createTrackingHostService } from "./features/tracking-hosts/tracking-hosts.service.ts";
import type { Logger } from "./logger.ts";
import { type CaptureServer, startCaptureServer } from "./mail/capture-server.ts";
import { captureSmtpUrl, createSystemMailer } from "./mail/system-mailer.ts";
import { createMailboxSync, startMailboxSyncLoop } from "./mailbox/mailbox-sync.ts";
import { createMailboxSources } from "./mailbox/sources.ts";
import { startPeriodicTask } from "./periodic-task.ts";
import { renderClaimedSend } from "./sending/delivery/render-claimed.ts";
import { createTransportFactory } from "./sending/delivery/transports.ts";
import { createSendSignal } from "./sending/send-signal.ts";
import { createSendWorker } from "./sending/worker.ts";
import { startWorkerLoop, type WorkerLoop } from "./sending/worker-loop.ts";
import { startWebhookDeliveryLoop } from "./webhooks/delivery-loop.ts";
import { createWebhookDeliveryWorker } from "./webhooks/delivery-worker.ts";
import { createWebhookSignal } from "./webhooks/webhook-signal.ts";

export type RunningServer = {
  /** The HTTP port actually bound (PORT=0 picks a free one). */
  port: number | undefined;
  capturePort: number | undefined;
  close: () => Promise<void>;
};

export async function startServer(opts: {
  config: Config;
  database: Database;
  log: Logger;
  version: string;
  /** How often the send worker looks for due mail when idle. */
  workerPollMs?: number;
}): Promise<RunningServer> {
  const { config, database, log } = opts;
  let capture: CaptureServer | undefined;
  if (config.mailDelivery === "capture" && config.role !== "worker") {
    capture = await startCaptureServer({ db: database.db, port: config.captureSmtpPort, log });
    log.info({ port: capture.port }, "capture SMTP server listening on 127.0.0.1 (mail is captured, not delivered)");
  }
  const smtpUrl =
    config.mailDelivery === "capture" ? captureSmtpUrl(capture?.port ?? config.captureSmtpPort) : config.systemSmtpUrl;
  const mailer = createSystemMailer({ smtpUrl: smtpUrl ?? "", from: config.mailFrom });
  // The delivery thread records hand-offs itself: with the embedded database in
  // a journal file (sending/delivery/hand-off-journal.ts), with a PostgreSQL server on a
  // connection of its own (sending/delivery/hand-off-database.ts).
  const handOffJournal =
    database.kind === "pglite"
      ? { dir: join(config.dataDir, "hand-offs"), tag: `${process.pid}-${randomUUID().slice(0, 8)}` }
      : undefined;
  const transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log,
    handOffJournal,
    handOffDatabaseUrl: database.kind === "postgres" ? config.databaseUrl : undefined,
    // In capture mode campaign mail goes to the capture server too: this
    // process's own, or (role worker) the web process's on CAPTURE_SMTP_PORT.
    capturePort: config.mailDelivery === "capture" ? (capture?.port ?? config.captureSmtpPort) : undefined,
  });

  // A launch wakes this process's send worker (roles all; a web process has none to wake).
  const sendSignal = config.role === "all" ? createSendSignal() : undefined;
  // A test event or a Resend wakes this process's webhook worker the same way.
  const webhookSignal = config.role === "all" ? createWebhookSignal() : undefined;

  let port: number | undefined;
  let closeHttp = async () => {};
  if (config.role !== "worker") {
    // Loaded only by roles that serve HTTP: a worker process starts (and restarts) without
    // the API, better-auth and every feature's code (a few seconds of start-up under tsx).
    const [{ createApp }, { createAuth }] = await Promise.all([import("./app.ts"), import("./auth/auth.ts")]);
    const auth = createAuth({ config, db: database.db, mailer, log });
    const app = createApp({
      config,
      database,
      auth,
      log,
      mailer,
      transports,
      version: opts.version,
      capturePort: capture?.port ?? (config.mailDelivery === "capture" ? config.captureSmtpPort : undefined),
      sendSignal,
      webhookSignal,
    });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    port = (server.address() as AddressInfo).port;
    log.info({ host: config.host, port }, "web server listening");
    closeHttp = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
  }

  let worker: WorkerLoop | undefined;
  let mailboxSync: { stop: () => Promise<void> } | undefined;
  let meetingNotices: { stop: () => Promise<void> } | undefined;
  let notifications: { stop: () => Promise<void> } | undefined;
  let abWinners: { stop: () => Promise<unknown> } | undefined;
  let trackingHostChecks: { stop: () => Promise<unknown> } | undefined;
  let webhookDeliveries: { stop: () => Promise<unknown> } | undefined;
  if (config.role !== "web") {
    const sendWorker = createSendWorker({
      db: database.db,
      config,
      log,
      transports,
      render: renderClaimedSend(config),
      exclusive: database.kind === "pglite",
      handOffJournal,
    });
    // The delivery thread loads its code and opens its connections before the
    // first round claims anything, so claimed mail does not wait for that.
    await transports.prepare();
    const heartbeatMs = Math.max(1000, Math.floor(config.workerDeadAfterMs / 6));
    // Beaten from the delivery thread too, which a busy main thread cannot hold up (PostgreSQL).
    transports.keepHeartbeat?.(sendWorker.workerId, heartbeatMs);
    worker = startWorkerLoop(sendWorker, {
      intervalMs: opts.workerPollMs ?? config.workerPollMs,
      log,
      heartbeatMs,
      graceMs: config.workerStopGraceMs,
      abandonDeliveries: async () => transports.closeAll(),
      signal: sendSignal,
    });
    log.info({ worker: sendWorker.workerId }, "send worker started");
    mailboxSync = startMailboxSyncLoop(
      createMailboxSync({
        db: database.db,
        log,
        sourcesFor: createMailboxSources({ db: database.db, config, secrets: createSecretBox(config.appSecret), log })
          .sourcesFor,
        captureMode: config.mailDelivery === "capture",
        intervalMs: config.mailboxSyncMs,
      }),
      // Often enough that a Refresh (requested_at) is picked up within a second.
      { pollMs: Math.min(1_000, config.workerPollMs), log },
    );
    // Booking mail a web process recorded but did not get to send (it died, or the mail server refused).
    meetingNotices = startMeetingNoticesLoop(createMeetingNotices({ db: database.db, config, log, mailer }), {
      intervalMs: 5_000,
      log,
    });
    // The notification outbox (launches, open digests, replies, bounce protection's pauses), off the
    // request path and the send path: decision 037.
    notifications = startNotificationsLoop(createNotificationOutbox({ db: database.db, config, log, mailer }), {
      intervalMs: 5_000,
      log,
    });
    // The automatic A/B winners, off the send path: once a minute (docs/decisions/023-ab-variants.md).
    abWinners = startPeriodicTask({
      what: "A/B winner evaluation",
      log,
      intervalMs: 60_000,
      firstRunMs: 60_000,
      unref: true,
      run: async () => {
        const chosen = await database.db.transaction((tx) => evaluateAutoWinners(tx, new Date()));
        if (chosen > 0) log.info({ chosen }, "A/B winners chosen");
        return undefined;
      },
    });
    // Tracking hosts checked over a day ago, looked at again: a CNAME removed stops the host's use
    // (decision 031). Hourly; a run takes the oldest fifty.
    const trackingHosts = createTrackingHostService({ db: database.db, config });
    trackingHostChecks = startPeriodicTask({
      what: "tracking host recheck",
      log,
      intervalMs: 3_600_000,
      firstRunMs: 60_000,
      unref: true,
      run: () => trackingHosts.recheckDue(),
    });
    // Outbound webhooks: due deliveries every second, off the request path (src/server/webhooks).
    webhookDeliveries = startWebhookDeliveryLoop(
      createWebhookDeliveryWorker({
        db: database.db,
        secrets: createSecretBox(config.appSecret),
        log,
        timeoutMs: config.webhookTimeoutMs,
        allowPrivate: config.webhookAllowPrivate,
      }),
      { db: database.db, log, intervalMs: 1_000, signal: webhookSignal },
    );
  }

  const statistics = startStatisticsKeeper(database, { intervalMs: config.pgliteAnalyzeMs, log });

  return {
    port,
    capturePort: capture?.port,
    close: async () => {
      // The worker first: its round in progress finishes delivering and recording.
      await worker?.stop();
      await mailboxSync?.stop();
      await meetingNotices?.stop();
      await notifications?.stop();
      await abWinners?.stop();
      await trackingHostChecks?.stop();
      await webhookDeliveries?.stop();
      await statistics.stop();
      await closeHttp();
      transports.closeAll();
      // Mail still being handed to the capture server needs it open.
      await mailer.close();
      await capture?.close();
    },
  };
}
