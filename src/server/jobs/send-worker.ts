// The sending engine's worker: recover expired leases, then for each user with
// due work claim a batch (one short transaction), deliver it with bounded
// concurrency, and record outcomes in groups as they arrive. Workers share
// nothing but the database, so any number of them can run (DESIGN.md §1, §4).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { TransportFactory } from "../sending/outgoing.ts";
import { attemptSend, type RenderSend } from "./attempt-send.ts";
import { type ClaimedBatch, claimDue } from "./claim-due.ts";
import { type OutcomeRecord, recordOutcomes } from "./record-outcomes.ts";
import { sendingRules } from "./sending-settings.ts";
import { recoverExpiredLeases } from "./settle-attempted.ts";
import { at, queryRows, type Tx } from "./sql-helpers.ts";

export type SendWorkerOptions = {
  db: Db;
  config: Config;
  log: Logger;
  transports: TransportFactory;
  render: RenderSend;
  /** The clock; tests drive it forward instead of sleeping. */
  now?: () => Date;
  workerId?: string;
  /**
   * How long a claim may stay 'sending' before it is presumed dead. Longer than
   * any delivery can take (transport timeouts are well under it), since an
   * expired lease turns the send into "unknown".
   */
  leaseMs?: number;
  /** Rows claimed per user per round. */
  batchSize?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Outcomes recorded per statement, at most (see createOutcomeWriter). */
  recordGroupSize?: number;
  /** How long a delivered message may wait for its group to fill before it is recorded. */
  recordMaxWaitMs?: number;
};

export type BatchResult = { claimed: number; sent: number; failed: number; retrying: number };
export type RoundResult = BatchResult & { recovered: number; users: number; full: boolean };

/** Users served per round; each gets one batch, so one busy user cannot starve the others. */
const USERS_PER_ROUND = 100;

const emptyResult = (): BatchResult => ({ claimed: 0, sent: 0, failed: 0, retrying: 0 });

/** Runs `work` over `items` with at most `limit` at once. */
async function forEachConcurrent<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Writes outcomes in groups, many per statement: a group goes when it holds
 * `groupSize` outcomes, when its first has waited `maxWaitMs`, or when the
 * batch is done; while one group is being written the next accumulates. A
 * delivered message is therefore recorded within about `maxWaitMs` plus one
 * write of its SMTP reply, which keeps the "sent but not recorded" window
 * (what a crash turns into unknown sends) short without a statement per row.
 *
 * Why not write whatever has arrived as soon as the previous write ends: on
 * PGlite a query runs on this thread and no socket is read while it runs, so
 * after each write only the one or two replies read since were waiting, and
 * the engine wrote one statement per ~2 messages, each costing most of a
 * message's send time (measured with `npm run bench`, bench/RESULTS.md).
 */
function createOutcomeWriter(
  write: (records: OutcomeRecord[]) => Promise<void>,
  log: Logger,
  o: { groupSize: number; maxWaitMs: number },
) {
  let queue: OutcomeRecord[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failure: unknown;

  const arm = () => {
    // When it fires during a write, the write's end arms it again.
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!running) run(true);
    }, o.maxWaitMs);
  };

  /** Writes full groups while there are any; with `force`, whatever is queued. */
  const run = (force: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    running = (async () => {
      while (queue.length >= o.groupSize || (force && queue.length > 0)) {
        const group = queue;
        queue = [];
        try {
          await write(group);
        } catch (err) {
          // The rows stay 'sending'; lease recovery settles them (as unknown if sent).
          failure ??= err;
          log.error({ err, count: group.length }, "could not record delivery outcomes");
        }
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) arm();
    });
  };

  return {
    push(record: OutcomeRecord) {
      queue.push(record);
      if (running) return;
      if (queue.length >= o.groupSize) run(false);
      else arm();
    },
    async drain() {
      while (running) await running;
      if (queue.length > 0) run(true);
      while (running) await running;
      clearTimeout(timer);
      timer = undefined;
      if (failure) throw failure;
    },
  };
}

export function createSendWorker(opts: SendWorkerOptions) {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.concurrency ?? 10;
  const recording = { groupSize: opts.recordGroupSize ?? 25, maxWaitMs: opts.recordMaxWaitMs ?? 100 };

  /** Claims due rows of one user (optionally one campaign) inside the caller's transaction. */
  function claim(tx: Tx, o: { userId: string; campaignId?: string; limit?: number }): Promise<ClaimedBatch> {
    return claimDue(tx, { ...o, limit: o.limit ?? batchSize, now: now(), workerId, leaseMs });
  }

  /** Delivers a claimed batch and records every outcome. */
  async function deliver(batch: ClaimedBatch): Promise<BatchResult> {
    const result = { ...emptyResult(), claimed: batch.sends.length };
    if (batch.sends.length === 0) return result;
    const ctx = { transports: opts.transports, render: opts.render, rules: sendingRules(batch.settings), now, log };
    const writer = createOutcomeWriter((records) => recordOutcomes(db, records, workerId, now()), log, recording);
    await forEachConcurrent(batch.sends, concurrency, async (send) => {
      const outcome = await attemptSend(send, batch, ctx);
      if (outcome.kind === "sent") result.sent++;
      else if (outcome.kind === "failed") result.failed++;
      else result.retrying++;
      writer.push(outcome);
    });
    await writer.drain();
    return result;
  }

  /** One round: recover dead claims, then one batch for each user with due work. */
  async function runOnce(): Promise<RoundResult> {
    const recovered = await recoverExpiredLeases(db, now());
    const users = await queryRows<{ user_id: string }>(
      db,
      sql`
      select c.user_id from scheduled_emails se join campaigns c on c.id = se.campaign_id
      where se.status = 'scheduled' and se.scheduled_for <= ${at(now())} and c.status = 'active'
      group by c.user_id
      order by min(se.scheduled_for)
      limit ${USERS_PER_ROUND}`,
    );
    // A full page of users means more may be waiting: go again without pausing.
    const total: RoundResult = {
      ...emptyResult(),
      recovered,
      users: users.length,
      full: users.length >= USERS_PER_ROUND,
    };
    for (const { user_id: userId } of users) {
      try {
        const batch = await db.transaction((tx) => claim(tx, { userId }));
        const r = await deliver(batch);
        total.claimed += r.claimed;
        total.sent += r.sent;
        total.failed += r.failed;
        total.retrying += r.retrying;
        if (r.claimed >= batchSize) total.full = true;
      } catch (err) {
        // One user's problem (odd settings, a failed write) must not hold up everyone else's mail.
        log.error({ err, userId }, "send round failed for a user");
      }
    }
    return total;
  }

  return { workerId, claim, deliver, runOnce };
}

export type SendWorker = ReturnType<typeof createSendWorker>;
