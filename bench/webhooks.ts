// Outbound webhooks (`--only=webhooks`), on a database of its own:
// - deliveries per second: EVENTS events emitted for one endpoint, delivered
//   by the production worker (createWebhookDeliveryWorker: lease, sign with
//   standardwebhooks, post through the guarded client, record each attempt)
//   to a local HTTP receiver answering 204; every request is verified with
//   the library, and the run fails unless each event arrived exactly once;
// - the cost of emitting email.sent per sent message: recordOutcomes (the
//   statement that records a batch of sends, into which the emit is folded)
//   timed alone over claimed batches, for a user without an endpoint and for
//   one with an endpoint subscribed to email.sent.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { createSecretBox } from "../src/server/crypto/secret-box.ts";
import type { Db } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";
import { createLogger } from "../src/server/logger.ts";
import { claimDue } from "../src/server/sending/claim/claim-due.ts";
import { type OutcomeRecord, recordOutcomes } from "../src/server/sending/outcomes/record-outcomes.ts";
import { createWebhookDeliveryWorker } from "../src/server/webhooks/delivery-worker.ts";
import { emitWebhookEvents } from "../src/server/webhooks/emit-events.ts";
import { generateWebhookSecret, webhookSecretPurpose } from "../src/server/webhooks/webhook-secret.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { seedCampaign, seedDueQueue, seedUser } from "./seed.ts";

const APP_SECRET = "bench-webhooks-secret-bench-webhooks-secret";
const EVENTS = 3_000;
const MESSAGES = 2_000;
const BATCH = 200;

export type WebhookFigures = {
  database: string;
  events: number;
  deliverMs: number;
  perSecond: number;
  concurrency: number;
  outcomes: { label: string; messages: number; ms: number }[];
};

async function addEndpoint(db: Db, userId: string, url: string, events: string[]): Promise<string> {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const sealed = createSecretBox(APP_SECRET).encrypt(secret, webhookSecretPurpose(id));
  await db.execute(sql`
    insert into webhook_endpoints (id, user_id, url, events, secret_encrypted)
    values (${id}::uuid, ${userId}, ${url}, ${`{${events.join(",")}}`}::text[], ${sealed})`);
  return secret;
}

async function deliveries(db: Db, progress: (s: string) => void) {
  const received: { id: string; body: string; headers: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        id: String(req.headers["webhook-id"]),
        body: Buffer.concat(chunks).toString("utf8"),
        headers: req.headers as Record<string, string>,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    const userId = await seedUser(db, "webhooks-deliver", 10_000);
    const secret = await addEndpoint(db, userId, `http://127.0.0.1:${port}/bench`, ["email.sent"]);
    for (let i = 0; i < EVENTS; i += 500) {
      await emitWebhookEvents(
        db,
        Array.from({ length: Math.min(500, EVENTS - i) }, (_, k) => ({
          userId,
          type: "email.sent" as const,
          data: { sendId: randomUUID(), n: i + k, to: `p${i + k}@prospects.test` },
        })),
      );
    }
    const concurrency = 16;
    const worker = createWebhookDeliveryWorker({
      db,
      secrets: createSecretBox(APP_SECRET),
      log: createLogger("silent"),
      timeoutMs: 10_000,
      allowPrivate: true,
      concurrency,
      // One endpoint: let it take the whole pool, as the worker's per-endpoint share is what is measured against.
      perEndpoint: concurrency,
      roundMs: 60_000,
    });
    progress(`webhooks: delivering ${EVENTS} events to a local receiver`);
    const started = performance.now();
    for (let rounds = 0; rounds < 100; rounds++) {
      const { claimed } = await worker.round();
      if (claimed === 0) break;
    }
    const deliverMs = performance.now() - started;
    const verifier = new Webhook(secret);
    for (const r of received) verifier.verify(r.body, r.headers);
    const ids = new Set(received.map((r) => r.id));
    const [row] = await queryRows<{ delivered: number }>(
      db,
      sql`select count(*)::int as delivered from webhook_deliveries where user_id = ${userId} and status = 'delivered'`,
    );
    if (received.length !== EVENTS || ids.size !== EVENTS || row?.delivered !== EVENTS) {
      throw new Error(
        `webhooks: ${received.length} requests, ${ids.size} distinct ids, ${row?.delivered} delivered, for ${EVENTS} events`,
      );
    }
    return { deliverMs, perSecond: EVENTS / (deliverMs / 1000), concurrency };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** recordOutcomes over MESSAGES claimed sends, in batches of BATCH, timed alone. */
async function outcomeCost(db: Db, label: string, subscribe: boolean) {
  const userId = await seedUser(db, `webhooks-outcomes-${subscribe ? "on" : "off"}`, 10_000);
  if (subscribe) await addEndpoint(db, userId, "https://hooks.example.com/bench", ["email.sent"]);
  const campaign = await seedCampaign(db, {
    userId,
    name: `webhooks ${label}`,
    status: "active",
    senders: 20,
    contacts: MESSAGES,
    steps: 2,
  });
  await seedDueQueue(db, campaign);
  await db.execute(sql`analyze`);
  const workerId = `bench-${randomUUID()}`;
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  let messages = 0;
  let ms = 0;
  while (messages < MESSAGES) {
    const batch = await db.transaction((tx) => claimDue(tx, { userId, limit: BATCH, now, workerId, leaseMs: 60_000 }));
    if (batch.sends.length === 0) break;
    const records: OutcomeRecord[] = batch.sends.map((s) => ({
      scheduledId: s.scheduledId,
      sendId: s.send.id,
      campaignId: s.campaignId,
      contactId: s.contact.id,
      userId,
      senderId: s.sender.id,
      toEmail: s.contact.email,
      kind: "sent",
      endedAt: now,
      day,
      subject: s.step.subject,
      body: s.step.body,
      fromEmail: s.sender.email,
      failureCategory: null,
      failureReason: null,
      bounceType: null,
      errorMessage: null,
      retryAt: null,
      hardBounce: false,
      nextSequenceId: null,
      nextDueAt: null,
    }));
    const started = performance.now();
    await recordOutcomes(db, records, workerId, now);
    ms += performance.now() - started;
    messages += records.length;
  }
  const [events] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_events where user_id = ${userId} and type = 'email.sent'`,
  );
  if ((events?.n ?? 0) !== (subscribe ? messages : 0)) {
    throw new Error(`webhooks: ${events?.n} email.sent events for ${messages} sends (${label})`);
  }
  return { label, messages, ms };
}

export async function runWebhooksBench(o: {
  databaseUrl: string | undefined;
  progress: (s: string) => void;
}): Promise<WebhookFigures> {
  const bench = await openBenchDatabase(o.databaseUrl, "webhooks");
  try {
    const db = bench.database.db;
    const delivered = await deliveries(db, o.progress);
    o.progress(`webhooks: recording ${MESSAGES} sends without, then with, an endpoint subscribed to email.sent`);
    const outcomes = [];
    // Twice each, alternating, so the machine's drift does not favour one side; the second pair is kept.
    for (let pass = 0; pass < 2; pass++) {
      const off = await outcomeCost(db, "no endpoint", false);
      const on = await outcomeCost(db, "an endpoint wants email.sent", true);
      if (pass === 1) outcomes.push(off, on);
    }
    return { database: bench.description, events: EVENTS, ...delivered, outcomes };
  } finally {
    await bench.dispose({ keep: false });
  }
}

export function webhooksReport(f: WebhookFigures): string {
  const lines = [
    `Outbound webhooks (${f.database}):`,
    `- deliveries: ${f.events} events to one local receiver in ${f.deliverMs.toFixed(0)} ms, ${f.perSecond.toFixed(0)} a second (${f.concurrency} posts in flight; each signed, posted, its attempt recorded)`,
    "- email.sent emitted in the outcome statement (recordOutcomes alone, batches of 200):",
    "| run | messages | total | per message |",
    "|---|---:|---:|---:|",
  ];
  for (const r of f.outcomes) {
    lines.push(
      `| ${r.label} | ${r.messages} | ${r.ms.toFixed(0)} ms | ${(r.ms / Math.max(1, r.messages)).toFixed(3)} ms |`,
    );
  }
  const [off, on] = f.outcomes;
  if (off && on) {
    const extra = on.ms / on.messages - off.ms / off.messages;
    lines.push(`- added cost of emitting email.sent: ${extra.toFixed(3)} ms per sent message`);
  }
  return lines.join("\n");
}
