// The sending engine's worker: recover expired leases, then for each user with
// due work claim a batch (one short transaction), deliver it with bounded
// concurrency while the next batch is claimed, and record outcomes in groups
// as they arrive. Workers share nothing but the database, so any number of
// them can run (DESIGN.md §1, §4).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { TransportFactory } from "../sending/outgoing.ts";
import type { AttemptContext, RenderSend } from "./attempt-send.ts";
import { type ClaimedBatch, claimDue } from "./claim-due.ts";
import { type BatchResult, createDeliveryLanes, emptyResult } from "./delivery-lanes.ts";
import { createOutcomeWriter } from "./outcome-writer.ts";
import { recordOutcomes } from "./record-outcomes.ts";
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

export type { BatchResult } from "./delivery-lanes.ts";
export type RoundResult = BatchResult & { recovered: number; users: number; full: boolean };

/** Users served per round; each gets one batch per pass, so one busy user cannot starve the others. */
const USERS_PER_ROUND = 100;

/**
 * Passes over the users of a round: a user whose batch came back full is
 * claimed again in the next pass while the earlier batches are still being
 * delivered. Bounded so that a round (which shutdown waits for) stays short
 * and expired leases are looked at regularly.
 */
const MAX_PASSES = 10;

export function createSendWorker(opts: SendWorkerOptions) {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  // Defaults measured with `npm run bench` (bench/RESULTS.md). Deliveries run on
  // the delivery thread (mail/delivery-thread.ts), so many in flight cost this
  // thread nothing. They are what keeps that thread busy while a claim or a
  // record statement holds this one (with PGlite, for 50–150 ms: at ~500 msg/s
  // that is 25–75 messages, so 50 in flight let the pools run dry; 200 keep
  // them fed: PGlite 425 → 480 msg/s). The price: claimed but unrecorded rows,
  // which a crash leaves "unknown" (never sent twice), reach about 500 instead
  // of 350 (in flight + up to 1.5 batches waiting). Larger batches and record groups spread each statement's fixed cost
  // over more messages (25 → 100 per record statement: 241 → 408 msg/s on PGlite).
  const batchSize = opts.batchSize ?? 200;
  const concurrency = opts.concurrency ?? 200;
  const recording = { groupSize: opts.recordGroupSize ?? 100, maxWaitMs: opts.recordMaxWaitMs ?? 200 };

  /** Claims due rows of one user (optionally one campaign) inside the caller's transaction. */
  function claim(tx: Tx, o: { userId: string; campaignId?: string; limit?: number }): Promise<ClaimedBatch> {
    return claimDue(tx, { ...o, limit: o.limit ?? batchSize, now: now(), workerId, leaseMs });
  }

  const attemptContext = (batch: ClaimedBatch): AttemptContext => ({
    transports: opts.transports,
    render: opts.render,
    rules: sendingRules(batch.settings),
    now,
    log,
  });

  const startLanes = () =>
    createDeliveryLanes({
      concurrency,
      log,
      writer: createOutcomeWriter((records) => recordOutcomes(db, records, workerId, now()), log, recording),
    });

  /** Delivers a claimed batch and records every outcome. */
  async function deliver(batch: ClaimedBatch): Promise<BatchResult> {
    const result = { ...emptyResult(), claimed: batch.sends.length };
    if (batch.sends.length === 0) return result;
    const lanes = startLanes();
    lanes.add(batch, attemptContext(batch), result);
    await lanes.drain();
    return result;
  }

  /**
   * One round: recover dead claims, then passes over the users with due work,
   * one batch per user per pass. The next claim is made while the lanes still
   * hold about half a batch, so they never run dry while it is made, and no
   * more than about one batch waits claimed but unsent (its lease running).
   */
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
    const lanes = startLanes();
    const results: BatchResult[] = [];
    let waiting = users.map((u) => u.user_id);
    for (let pass = 0; pass < MAX_PASSES && waiting.length > 0; pass++) {
      const again: string[] = [];
      for (const userId of waiting) {
        await lanes.waitForRoom(Math.floor(batchSize / 2));
        try {
          const batch = await db.transaction((tx) => claim(tx, { userId }));
          const result = { ...emptyResult(), claimed: batch.sends.length };
          results.push(result);
          lanes.add(batch, attemptContext(batch), result);
          if (batch.sends.length >= batchSize) again.push(userId);
        } catch (err) {
          // One user's problem (odd settings, a failed write) must not hold up everyone else's mail.
          log.error({ err, userId }, "claiming a batch failed for a user");
        }
      }
      waiting = again;
    }
    await lanes.drain();
    // A full page of users, or users still full after the last pass: more is waiting, go again at once.
    const total: RoundResult = {
      ...emptyResult(),
      recovered,
      users: users.length,
      full: users.length >= USERS_PER_ROUND || waiting.length > 0,
    };
    for (const r of results) {
      total.claimed += r.claimed;
      total.sent += r.sent;
      total.failed += r.failed;
      total.retrying += r.retrying;
    }
    return total;
  }

  return { workerId, claim, deliver, runOnce };
}

export type SendWorker = ReturnType<typeof createSendWorker>;
