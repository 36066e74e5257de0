// SMTP delivery on a worker thread of its own. nodemailer's work per message
// (building the MIME message, DKIM signing, the SMTP conversation) is CPU on
// the thread that calls it; on the main thread it competed with HTTP requests,
// the sending engine's queries and, with PGlite, the database itself, so a
// busy send made the app slow and the engine fell well short of what
// nodemailer alone does (docs/decisions/005-delivery-thread.md).
// The transports handed out here keep SenderTransport's contract: deliver()
// resolves with the server's answer or rejects with a DeliveryError.
import { Worker } from "node:worker_threads";
import { DeliveryError, type DeliveryResult, type HandOff, type OutgoingMessage } from "../outgoing.ts";
import { closedTransportError } from "./delivery-error.ts";
import type { DeliveryThreadData, FromThread, ToThread } from "./delivery-thread-worker.ts";
import type { ClosableTransport, SmtpTransportOptions } from "./smtp-transport.ts";

export type DeliveryThread = {
  /** A pooled SMTP transport whose connections live on the delivery thread. */
  smtpTransport(options: SmtpTransportOptions): ClosableTransport;
  /**
   * Stops the thread now: deliveries in flight fail as unknown (see
   * threadLostError) and the open transports reopen their pools on a new thread
   * at their next delivery. What happens after a crash of the thread, on purpose.
   */
  restart(): Promise<void>;
  /** Closes every pool and stops the thread; a later transport starts a new one. */
  terminate(): Promise<void>;
  /** Refuses every hand-off from now on (the worker is stopping); messages not handed off fail unsent. */
  refuseHandOffs(reason: string): void;
  /** Keeps the send worker's heartbeat from the thread, with a PostgreSQL database only (thread-heartbeat.ts). */
  keepHeartbeat(workerId: string, everyMs: number): void;
  /**
   * Starts the thread now and resolves once it has loaded its code (slow under
   * tsx: bench/RESULTS.md) and opened its hand-off connections, so the first
   * round of a starting worker does not wait for that. Resolves, never
   * rejects: a thread that fails to start is started again at the next delivery.
   */
  prepare(): Promise<void>;
};

/**
 * What a delivery in flight becomes when the thread stops under it: the
 * message may or may not have reached the server, so it is reported like a
 * connection lost mid-session (ECONNECTION without a reply), which the engine
 * records as unknown instead of retrying (attempt-send.ts: mayHaveBeenAccepted).
 */
function threadLostError(reason: string): DeliveryError {
  return new DeliveryError(
    `The delivery thread stopped while the message was being sent (${reason})`,
    "network",
    false,
    {
      code: "ECONNECTION",
      lostMidSession: true,
      reason: "network",
    },
  );
}

type Pending = { resolve: (r: DeliveryResult) => void; reject: (e: DeliveryError) => void; handOff?: HandOff };

export type DeliveryThreadOptions = {
  /** Hears when the thread stopped unexpectedly (its deliveries in flight have failed). */
  onLost?: (reason: string) => void;
  /** The thread journals hand-offs itself here (embedded database: sending/delivery/hand-off-journal.ts). */
  journal?: DeliveryThreadData["journal"];
  /** The thread records hand-offs itself in this PostgreSQL database (sending/delivery/hand-off-database.ts). */
  database?: DeliveryThreadData["database"];
};

export function createDeliveryThread(options: DeliveryThreadOptions = {}): DeliveryThread {
  const onLost = options.onLost ?? (() => {});
  let worker: Worker | null = null;
  let refusal: string | null = null;
  /** The send worker whose heartbeat the thread keeps (sent again to a restarted thread). */
  let heartbeat: { workerId: string; everyMs: number } | null = null;
  /** Which thread each open transport's pool was created on (a restarted thread has none). */
  const openedOn = new Map<number, Worker>();
  const optionsOf = new Map<number, SmtpTransportOptions>();
  const pending = new Map<number, Pending>();
  let nextTransportId = 1;
  let nextRequestId = 1;
  /** Who waits for the current thread's "ready" (prepare). */
  let whenReady: { worker: Worker; ready: Promise<void> } | null = null;

  function failAll(reason: string) {
    const lost = [...pending.values()];
    pending.clear();
    for (const p of lost) {
      // A hand-off the thread recorded is told with the outcome, which died with
      // the thread: count it as handed off (unknown, not resent).
      if (options.journal || options.database) p.handOff?.journaled();
      p.reject(threadLostError(reason));
    }
  }

  function start(): Worker {
    const data: DeliveryThreadData = { journal: options.journal, database: options.database };
    const w = new Worker(new URL("./delivery-thread-entry.mjs", import.meta.url), { workerData: data });
    if (refusal !== null) w.postMessage({ type: "refuse-hand-offs", reason: refusal } satisfies ToThread);
    if (heartbeat) w.postMessage({ type: "heartbeat", ...heartbeat } satisfies ToThread);
    // The thread never keeps the process alive by itself; pools close with terminate().
    w.unref();
    let ready!: () => void;
    whenReady = { worker: w, ready: new Promise<void>((resolve) => (ready = resolve)) };
    w.on("message", (msg: FromThread) => {
      if (msg.type === "ready") {
        ready();
        return;
      }
      const p = pending.get(msg.requestId);
      if (!p) return;
      if (msg.type === "hand-off") {
        const answer = (ok: boolean, reason?: string) => {
          // A thread restarted meanwhile has forgotten the message: nothing to answer.
          if (worker === w) post(w, { type: "handed-off", requestId: msg.requestId, ok, reason });
        };
        if (!p.handOff) answer(true);
        else
          p.handOff.confirm().then(
            () => answer(true),
            (err: Error) => answer(false, err?.message),
          );
        return;
      }
      pending.delete(msg.requestId);
      if (msg.handedOff) p.handOff?.journaled();
      if (msg.type === "delivered") p.resolve(msg.result);
      else p.reject(new DeliveryError(msg.error.message, msg.error.category, msg.error.permanent, msg.error.details));
    });
    const lost = (reason: string) => {
      if (worker !== w) return;
      worker = null;
      onLost(reason);
      failAll(reason);
    };
    w.on("error", (err) => {
      ready();
      lost(err.message);
    });
    w.on("exit", (code) => {
      ready();
      lost(`exit code ${code}`);
    });
    return w;
  }

  /** Ends the current thread, failing what it had in flight; the next delivery starts another. */
  async function stop(reason: string) {
    const w = worker;
    worker = null;
    failAll(reason);
    if (w) await w.terminate();
  }

  function post(w: Worker, msg: ToThread) {
    w.postMessage(msg);
  }

  function threadFor(transportId: number): Worker {
    worker ??= start();
    if (openedOn.get(transportId) !== worker) {
      post(worker, { type: "open", transportId, options: optionsOf.get(transportId)! });
      openedOn.set(transportId, worker);
    }
    return worker;
  }

  return {
    smtpTransport(options) {
      const transportId = nextTransportId++;
      optionsOf.set(transportId, options);
      return {
        deliver(message: OutgoingMessage, handOff?: HandOff): Promise<DeliveryResult> {
          if (!optionsOf.has(transportId)) {
            return Promise.reject(closedTransportError());
          }
          const w = threadFor(transportId);
          const requestId = nextRequestId++;
          return new Promise<DeliveryResult>((resolve, reject) => {
            pending.set(requestId, { resolve, reject, handOff });
            post(w, { type: "deliver", requestId, transportId, message, handOffKey: handOff?.key });
          });
        },
        close() {
          optionsOf.delete(transportId);
          const w = openedOn.get(transportId);
          openedOn.delete(transportId);
          if (w && w === worker) post(w, { type: "close", transportId });
        },
      };
    },
    restart: () => stop("the thread was restarted"),
    prepare() {
      worker ??= start();
      return whenReady?.worker === worker ? whenReady.ready : Promise.resolve();
    },
    refuseHandOffs(reason) {
      refusal = reason;
      if (worker) post(worker, { type: "refuse-hand-offs", reason });
    },
    keepHeartbeat(workerId, everyMs) {
      heartbeat = { workerId, everyMs };
      worker ??= start();
      post(worker, { type: "heartbeat", workerId, everyMs });
    },
    async terminate() {
      openedOn.clear();
      optionsOf.clear();
      await stop("the app is shutting down");
    },
  };
}
