// What the crash tests share: replayable random kill moments, and the app's
// own entry point (src/server/main.ts) started as a child process to be killed.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { type Executor, queryRows } from "../../src/server/db/sql-helpers.ts";
import { weekdays } from "../../src/shared/db-enums.ts";
import type { SinkMessage } from "./smtp-sink.ts";

const root = join(import.meta.dirname, "../..");

/** A small seeded PRNG (mulberry32), so a failing run's kill moments can be replayed (CRASH_SEED). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed of this run: CRASH_SEED, or one taken from the clock. The tests print
 * it; a failure is replayed with CRASH_SEED=<printed seed> npm run test:integration -- crash-recovery
 */
export const crashSeed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

/** Opens the embedded database in `dataDir` in this process (only while no app runs on it), for `use`. */
export async function withDatabaseIn<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type MainProcess = {
  child: ChildProcess;
  /** Resolves once its send worker has started; rejects (with its output) if it exits first. */
  started: Promise<void>;
  /** Its exit code (null after a signal). */
  exited: Promise<number | null>;
  /** What it has written so far, stdout and stderr (its log lines). */
  output: () => string;
};

/** Starts `main.ts` with `args` and `env` over this process's environment; `children` tracks it until it exits. */
export function startMain(args: string[], env: Record<string, string>, children: Set<ChildProcess>): MainProcess {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts"), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("send worker started")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`main.ts exited (${code}) before starting:\n${output}`)));
  });
  started.catch(() => {});
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  return { child, started, exited, output: () => output };
}

/** A campaign's send as the database has it: recipient, step, status, Message-ID. */
export type SendRow = { email: string; step_number: number; status: string; message_id: string | null };

/**
 * What the sink received of the campaign to `${label}-…`: how often each
 * (recipient, first word of the subject) arrived, and the Message-IDs.
 */
export function receivedOf(messages: SinkMessage[], label: string) {
  const received = new Map<string, number>();
  const receivedIds = new Set<string>();
  for (const m of messages) {
    const to = m.envelope.to[0] ?? "";
    if (!to.startsWith(`${label}-`)) continue;
    const key = `${to} ${m.parsed.subject?.split(" ")[0]}`;
    received.set(key, (received.get(key) ?? 0) + 1);
    if (m.parsed.messageId) receivedIds.add(m.parsed.messageId);
  }
  return { received, receivedIds };
}

/** What the database has of a campaign: each queued send (rows) and the (recipient, step) recorded failed. */
export async function sendsOf(db: Executor, campaignId: string) {
  const rows = await queryRows<SendRow>(
    db,
    sql`select ct.email, q.step_number, se.status, se.message_id
        from scheduled_emails se join contacts ct on ct.id = se.contact_id
        join email_sequences q on q.id = se.sequence_id
        where se.campaign_id = ${campaignId}::uuid`,
  );
  const failedRecords = await queryRows<{ email: string; step_number: number }>(
    db,
    sql`select es.to_email as email, q.step_number from email_sends es
        join email_sequences q on q.id = es.sequence_id
        where es.campaign_id = ${campaignId}::uuid and es.status = 'failed'`,
  );
  return { rows, failed: new Set(failedRecords.map((r) => `${r.email} ${r.step_number}`)) };
}

/** The unknown sends whose message never reached the sink (no Message-ID it received). */
export function unknownUnsent(rows: SendRow[], receivedIds: Set<string>): SendRow[] {
  return rows.filter((r) => r.status === "unknown" && (!r.message_id || !receivedIds.has(r.message_id)));
}

/**
 * The (recipient, step) pairs of a 2-step campaign to `${label}-1..contacts@prospects.test`
 * ("First …", "Second …" subjects) that were neither received (`received`: keys
 * "email FirstWord") nor recorded failed (`failed`: keys "email step"). Unknown is
 * recorded failed, awaiting the user's decision, and a contact whose step 1 is
 * unknown has no step 2 yet: it waits for that decision.
 */
export function unaccounted(o: {
  label: string;
  contacts: number;
  received: Map<string, number>;
  failed: Set<string>;
  rows: SendRow[];
}): string[] {
  const waiting = new Set(o.rows.filter((r) => r.status === "unknown" && r.step_number === 1).map((r) => r.email));
  const missing: string[] = [];
  for (let i = 1; i <= o.contacts; i++) {
    const email = `${o.label}-${i}@prospects.test`;
    for (const [stepNumber, word] of [
      [1, "First"],
      [2, "Second"],
    ] as const) {
      if (stepNumber === 2 && waiting.has(email)) continue;
      if (!o.received.has(`${email} ${word}`) && !o.failed.has(`${email} ${stepNumber}`))
        missing.push(`${email} step ${stepNumber}`);
    }
  }
  return missing;
}

/** Sending settings that never hold a message back: every day, all day, a high daily limit. */
export const sendAlways = {
  timezone: "UTC",
  sendTimeStart: "00:00",
  sendTimeEnd: "23:59",
  sendingDays: [...weekdays],
  dailySendLimit: 10_000,
};
