import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { SystemMailer } from "../mail/system-mailer.ts";
import type { TransportFactory } from "../sending/outgoing.ts";
import type { SendSignal } from "../sending/send-signal.ts";
import type { WebhookSignal } from "../webhooks/webhook-signal.ts";

/** What a feature's routes and services may use. Built once in createApp. */
export type FeatureDeps = {
  db: Db;
  config: Config;
  log: Logger;
  secrets: SecretBox;
  /** System mail (notifications to the account owner). */
  mailer: SystemMailer;
  /** Delivery through sender accounts (campaign sends). */
  transports: TransportFactory;
  /** Capture mode: the capture server's port (simulated and test replies are sent to it). */
  capturePort?: number;
  /** The clock of the sending engine; tests drive it. Defaults to the real time. */
  now?: () => Date;
  /** Wakes this process's send worker (a launch); absent when the process runs none (role web). */
  sendSignal?: SendSignal;
  /** How long a launch's answer waits for the worker (default LAUNCH_REPORT_WAIT_MS). */
  launchReportWaitMs?: number;
  /** The database handle with its engine (the public rate limiter shares its budgets through PostgreSQL when there is one). */
  database?: Database;
  /** Wakes this process's webhook worker (a test event, a Resend); absent when the process runs none. */
  webhookSignal?: WebhookSignal;
};
