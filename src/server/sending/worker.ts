// The sending engine's worker: keep a heartbeat, recover the claims of dead
// workers, then for each user with due work claim what the connections can
// deliver in a few seconds (one short transaction), deliver it with bounded
// concurrency while the next claim is made, and record outcomes in groups as
// they arrive. Workers share nothing but the database, so any number of them
// can run (docs/architecture.md §2, §3).
import { sql } from "drizzle-orm";
import { claimNow, holdLimit, recentRate } from "#shared/sending/claim-size.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { at, type Executor, queryRows, type Tx } from "../db/sql-helpers.ts";
import { sendingRules } from "../domain/sending-settings.ts";
import type { Logger } from "../logger.ts";
import { claimDue } from "./claim/claim-due.ts";
import type { ClaimedBatch } from "./claim/claimed-send.ts";
import type { AttemptContext, RenderSend } from "./delivery/attempt-send.ts";
import { type BatchResult, createDeliveryLanes, emptyResult } from "./delivery/delivery-lanes.ts";
import { closedSegments, readOtherJournals, readOwnJournal, removeFiles } from "./delivery/hand-off-journal.ts";
import { createHandOffWriter } from "./delivery/hand-off-writer.ts";
import { createOutcomeWriter } from "./outcomes/outcome-writer.ts";
import { recordOutcomes } from "./outcomes/record-outcomes.ts";
import type { TransportFactory } from "./outgoing.ts";
import { anyStillHeld, applyJournaledHandOffs, recoverClaims, releaseClaims } from "./recovery/recover-claims.ts";
import { createWorkerHeartbeat, newWorkerId, THIS_PROCESS } from "./worker-heartbeat.ts";

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
   * How long a claim may stay 'sending' before it is presumed stuck, even
   * with a live heartbeat. Longer than any delivery can take (transport
   * timeouts are well under it).
   */
  leaseMs?: number;
  /** A worker whose heartbeat is older than this is dead (default: config.workerDeadAfterMs). */
  deadAfterMs?: number;
  /**
   * The only worker on this database (the embedded PGlite is opened by one
   * process): whatever other workers left is recovered at the first round,
   * without waiting for their heartbeat to age.
   */
  exclusive?: boolean;
  /**
   * This process's hand-off journal (the embedded database: the delivery thread
   * records hand-offs there, sending/delivery/hand-off-journal.ts). With `exclusive`, the
   * journals of dead processes are applied at the first round.
   */
  handOffJournal?: { dir: string; tag: string };
  /** Rows claimed per user per claim, at most. */
  batchSize?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Seconds of measured delivery rate a worker claims ahead (see #shared/sending/claim-size.ts). */
  aheadSeconds?: number;
  /** Claimed rows held at least (before a rate is measured). */
  minHeld?: number;
  /** Outcomes recorded per statement, at most (see createOutcomeWriter). */
  recordGroupSize?: number;
  /** How long a delivered message may wait for its group to fill before it is recorded. */
  recordMaxWaitMs?: number;
};

export type { BatchResult } from "./delivery/delivery-lanes.ts";
export type RoundResult = BatchResult & { recovered: number; users: number; full: boolean };

/** Users served per round; each gets one claim per pass, so one busy user cannot starve the others. */
const USERS_PER_ROUND = 100;

/**
 * Passes over the users of a round: a user whose claim came back full is
 * claimed again in the next pass while the earlier sends are still being
 * delivered. Bounded so that a round stays short and dead workers' claims
 * are looked at regularly.
 */
const MAX_PASSES = 10;

/** The window over which the delivery rate is measured. */
const RATE_WINDOW_MS = 5_000;

export function createSendWorker(opts: SendWorkerOptions) {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const workerId = opts.workerId ?? newWorkerId();
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  const deadAfterMs = opts.deadAfterMs ?? opts.config.workerDeadAfterMs;
  // Defaults measured with `npm run bench` (bench/RESULTS.md). Deliveries run on
  // the delivery thread (sending/delivery/delivery-thread.ts), so many in flight cost this
  // thread nothing. They are what keeps that thread busy while a claim or a
  // record statement holds this one (with PGlite, long enough for dozens of
  // messages to finish meanwhile). A send in flight that has not reached its server
  // is not at risk: it is handed off only when a connection takes it
  // (hand-off-writer.ts), and goes back to the queue if the worker dies first.
  // How much is claimed ahead follows the measured rate (aheadSeconds of it).
  const batchSize = opts.batchSize ?? 200;
  const concurrency = opts.concurrency ?? 200;
  const sizing = {
    aheadSeconds: opts.aheadSeconds ?? 3,
    minHeld: opts.minHeld ?? 20,
    maxHeld: 2 * batchSize,
  };
  const recording = { groupSize: opts.recordGroupSize ?? 100, maxWaitMs: opts.recordMaxWaitMs ?? 200 };
  const heartbeat = createWorkerHeartbeat(db, workerId, now);
  /** What this process's delivery thread journaled (embedded database), read before its own claims are settled. */
  const journal = opts.handOffJournal;
  const ownJournal = journal ? () => readOwnJournal(journal.dir, journal.tag) : undefined;
  const handOffs = createHandOffWriter({ db, workerId, now, log });
  /** End times (ms, this process's clock) of recent deliveries, oldest first. */
  const finished: number[] = [];
  /** When this worker began delivering, after a pause of a whole window or more (its rate is measured from then). */
  let deliveringSince: number | null = null;
  let started = false;
  let stopping = false;
  /** The lanes of the round in progress (stop() releases what they still hold). */
  let currentLanes: ReturnType<typeof startLanes> | null = null;

  const noteFinished = () => {
    const t = performance.now();
    finished.push(t);
    while (finished.length > 0 && t - finished[0]! > RATE_WINDOW_MS) finished.shift();
  };

  /**
   * Registers the worker (and, when it is the only one, forgets the others)
   * before its first claim. Inside a transaction it must use it: PGlite
   * deadlocks on the outer connection there.
   */
  async function ensureStarted(on: Executor = db): Promise<void> {
    if (started) return;
    await heartbeat.beat(on);
    if (opts.exclusive && opts.handOffJournal) {
      // Before any claim is recovered: what the previous process handed off must not go back to the queue.
      const { entries, files } = readOtherJournals(opts.handOffJournal.dir, opts.handOffJournal.tag);
      const marked = await applyJournaledHandOffs(on, entries, now());
      if (marked > 0) log.warn({ marked }, "messages handed off by a stopped process: their delivery is unknown");
      removeFiles(files);
    }
    if (opts.exclusive) await heartbeat.forgetOthers(on);
    await heartbeat.prune(on);
    started = true;
  }

  /** Claims due rows of one user (optionally one campaign) inside the caller's transaction. */
  async function claim(tx: Tx, o: { userId: string; campaignId?: string; limit?: number }): Promise<ClaimedBatch> {
    await ensureStarted(tx);
    return claimDue(tx, { ...o, limit: o.limit ?? batchSize, now: now(), workerId, leaseMs });
  }

  const attemptContext = (batch: ClaimedBatch): AttemptContext => ({
    transports: opts.transports,
    render: opts.render,
    rules: sendingRules(batch.settings),
    now,
    log,
    handOff: handOffs.handOff,
  });

  function startLanes() {
    return createDeliveryLanes({
      concurrency,
      log,
      onFinished: noteFinished,
      writer: createOutcomeWriter((records) => recordOutcomes(db, records, workerId, now()), log, recording),
    });
  }

  /**
   * Delivers a batch claimed with claim() and records every outcome, outside
   * a round (the tests' held and late batches): the heartbeat is kept here,
   * as no loop keeps it. No request delivers (decision 017).
   */
  async function deliver(batch: ClaimedBatch): Promise<BatchResult> {
    const result = { ...emptyResult(), claimed: batch.sends.length };
    if (batch.sends.length === 0) return result;
    const lanes = startLanes();
    const beating = setInterval(
      () => {
        heartbeat.beat().catch((err: unknown) => log.warn({ err }, "could not refresh the send worker's heartbeat"));
      },
      Math.max(1000, deadAfterMs / 4),
    );
    try {
      lanes.add(batch, attemptContext(batch), result);
      await lanes.drain();
    } finally {
      clearInterval(beating);
    }
    return result;
  }

  /** How many rows to claim now: the measured rate's worth, less what is held (0: wait). */
  const claimSize = (held: number) =>
    claimNow(
      held,
      holdLimit({
        ...sizing,
        ratePerSecond: recentRate(finished, performance.now(), RATE_WINDOW_MS, deliveringSince ?? performance.now()),
      }),
      batchSize,
    );

  /** Waits until the lanes hold little enough for another claim (or the worker stops). */
  async function waitForClaimRoom(lanes: ReturnType<typeof startLanes>): Promise<number> {
    for (;;) {
      if (stopping) return 0;
      const size = claimSize(lanes.held());
      if (size > 0) return size;
      await lanes.waitForHeld(lanes.held() - 1);
    }
  }

  /**
   * One round: heartbeat, recover dead workers' claims, then passes over the
   * users with due work, one claim per user per pass, each as large as the
   * measured delivery rate allows.
   */
  async function runOnce(): Promise<RoundResult> {
    await ensureStarted();
    await heartbeat.beat();
    const recovered = await recoverClaims(db, {
      now: now(),
      deadAfterMs,
      self: workerId,
      ownProcess: workerId.startsWith(`${THIS_PROCESS}:`) ? THIS_PROCESS : undefined,
      ownJournal,
    });
    const users = stopping
      ? []
      : await queryRows<{ user_id: string }>(
          db,
          sql`
      select c.user_id from scheduled_emails se join campaigns c on c.id = se.campaign_id
      where se.status = 'scheduled' and se.scheduled_for <= ${at(now())} and c.status = 'active'
      group by c.user_id
      order by min(se.scheduled_for)
      limit ${USERS_PER_ROUND}`,
        );
    const lanes = startLanes();
    currentLanes = lanes;
    const results: BatchResult[] = [];
    let waiting = users.map((u) => u.user_id);
    for (let pass = 0; pass < MAX_PASSES && waiting.length > 0 && !stopping; pass++) {
      const again: string[] = [];
      for (const userId of waiting) {
        const limit = await waitForClaimRoom(lanes);
        if (limit === 0) break;
        try {
          // A worker that delivered nothing for a whole window measures its rate afresh.
          const t = performance.now();
          const last = finished[finished.length - 1];
          if (deliveringSince === null || ((last === undefined || t - last > RATE_WINDOW_MS) && lanes.held() === 0)) {
            deliveringSince = t;
          }
          const batch = await db.transaction((tx) => claim(tx, { userId, limit }));
          const result = { ...emptyResult(), claimed: batch.sends.length };
          results.push(result);
          lanes.add(batch, attemptContext(batch), result);
          // Stopped while claiming: what was just claimed goes straight back.
          if (stopping) lanes.releaseWaiting(now());
          if (batch.sends.length >= limit) again.push(userId);
        } catch (err) {
          // One user's problem (odd settings, a failed write) must not hold up everyone else's mail.
          log.error({ err, userId }, "claiming a batch failed for a user");
        }
      }
      waiting = again;
    }
    if (stopping) lanes.releaseWaiting(now());
    try {
      await lanes.drain();
    } finally {
      currentLanes = null;
    }
    await dropSettledJournalSegments();
    // A full page of users, or users still full after the last pass: more is waiting, go again at once.
    const total: RoundResult = {
      ...emptyResult(),
      recovered,
      users: users.length,
      full: !stopping && (users.length >= USERS_PER_ROUND || waiting.length > 0),
    };
    for (const r of results) {
      total.claimed += r.claimed;
      total.sent += r.sent;
      total.failed += r.failed;
      total.retrying += r.retrying;
      total.unknown += r.unknown;
      total.released += r.released;
    }
    return total;
  }

  /** This process's full journal segments whose claims are all settled are no longer needed. */
  async function dropSettledJournalSegments(): Promise<void> {
    if (!opts.handOffJournal) return;
    for (const segment of closedSegments(opts.handOffJournal.dir, opts.handOffJournal.tag)) {
      if (!(await anyStillHeld(db, segment.entries))) removeFiles([segment.file]);
    }
  }

  /**
   * Stops sending: no more claims, every hand-off from now on is refused (a
   * send not yet handed to a server goes back to the queue), and what waits
   * for a lane is released at once. Deliveries already handed off finish and
   * are recorded; the caller bounds that wait (worker-loop.ts) and, past it,
   * whatever is still 'sending' is settled by releaseAll().
   */
  function beginStop(): void {
    stopping = true;
    handOffs.refuse("The worker is stopping");
    opts.transports.refuseHandOffs("The worker is stopping");
    currentLanes?.releaseWaiting(now());
  }

  /** After the round ended (or its grace ran out): releases this worker's remaining claims and unregisters it. */
  async function releaseAll(): Promise<number> {
    const released = await releaseClaims(db, workerId, now(), ownJournal);
    await heartbeat.remove();
    return released;
  }

  return { workerId, claim, deliver, runOnce, beat: () => heartbeat.beat(), beginStop, releaseAll };
}

export type SendWorker = ReturnType<typeof createSendWorker>;
