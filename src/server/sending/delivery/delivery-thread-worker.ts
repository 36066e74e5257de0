// Runs inside the delivery thread (delivery-thread.ts): the SMTP pools live
// here, so building MIME, DKIM signing and the SMTP conversation use a core of
// their own instead of the thread that serves HTTP and runs the database
// (PGlite runs on the main thread). The protocol is plain data both ways.
import { parentPort, workerData } from "node:worker_threads";
import { DeliveryError, type DeliveryResult, type OutgoingMessage } from "../outgoing.ts";
import { closedTransportError } from "./delivery-error.ts";
import { openHandOffDatabase } from "./hand-off-database.ts";
import { type Journal, openJournal } from "./hand-off-journal.ts";
import {
  createSmtpTransport,
  type HandOffGate,
  type SmtpTransport,
  type SmtpTransportOptions,
} from "./smtp-transport.ts";
import { startThreadHeartbeat } from "./thread-heartbeat.ts";

/**
 * Given at the thread's start: where the thread records hand-offs itself, if it
 * does: a journal file (embedded database) or the PostgreSQL server. Without
 * either, it asks the main thread for each.
 */
export type DeliveryThreadData = { journal?: { dir: string; tag: string }; database?: { url: string } };

export type ToThread =
  | { type: "open"; transportId: number; options: SmtpTransportOptions }
  | {
      type: "deliver";
      requestId: number;
      transportId: number;
      message: OutgoingMessage;
      /** The hand-off's journal key; absent: the message is not gated. */
      handOffKey?: string;
    }
  | { type: "close"; transportId: number }
  /** From now on every hand-off is refused (the worker is stopping). */
  | { type: "refuse-hand-offs"; reason: string }
  /** Keep this send worker's heartbeat from here (thread-heartbeat.ts); needs the thread's database. */
  | { type: "heartbeat"; workerId: string; everyMs: number }
  /** The answer to a hand-off question: the content may go (ok) or must not. */
  | { type: "handed-off"; requestId: number; ok: boolean; reason?: string };

export type SerializedDeliveryError = {
  message: string;
  category: DeliveryError["category"];
  permanent: boolean;
  details: DeliveryError["details"];
};

export type FromThread =
  /** The thread has loaded its code (and opened its hand-off connections): deliveries start without waiting for that. */
  | { type: "ready" }
  /** A connection took the message: may its content go? (answered with handed-off) */
  | { type: "hand-off"; requestId: number }
  /**
   * The outcome. handedOff: the thread recorded the message's hand-off itself
   * (journal or database), so its content may have reached the server. Said
   * here, not in a notice of its own when it happens: the main thread needs it
   * only with the outcome (and counts every recorded hand-off as such if the
   * thread dies first), and a notice per message was a visible part of both
   * threads' time on `npm run bench`.
   */
  | { type: "delivered"; requestId: number; result: DeliveryResult; handedOff: boolean }
  | { type: "failed"; requestId: number; error: SerializedDeliveryError; handedOff: boolean };

function serialize(error: unknown): SerializedDeliveryError {
  if (error instanceof DeliveryError) {
    return { message: error.message, category: error.category, permanent: error.permanent, details: error.details };
  }
  // Not expected (deliver turns every failure into a DeliveryError): reported, retried.
  return {
    message: `Delivery failed: ${(error as Error)?.message ?? String(error)}`,
    category: "other",
    permanent: false,
    details: {},
  };
}

const port = parentPort;
if (!port) throw new Error("delivery-thread-worker runs only as a worker thread");

const transports = new Map<number, SmtpTransport>();
/** Hand-offs asked of the main thread and not answered yet, by request. */
const handOffs = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
const data = (workerData ?? {}) as DeliveryThreadData;
const journal: Journal | null = data.journal ? openJournal(data.journal.dir, data.journal.tag) : null;
const handOffDatabase = data.database ? openHandOffDatabase(data.database.url) : null;
let refusal: string | null = null;
let heartbeat: ReturnType<typeof startThreadHeartbeat> | null = null;
/** Requests whose hand-off was refused here: they fail as refused (nothing sent), not as delivery errors. */
const refusedHere = new Set<number>();
/** Requests whose hand-off this thread recorded (journal or database): told with their outcome. */
const handedOffHere = new Set<number>();

/**
 * A journaled hand-off needs this much of its claim's lease left: recovery
 * takes a row only once its lease has run out, and reads this process's
 * journal first (send-worker.ts), so an entry written this long before the
 * expiry is certainly on disk by then.
 */
const JOURNAL_LEASE_MARGIN_MS = 5_000;

/** The gate of one message: journal it here, or ask the main thread to record it. */
function handOffGate(requestId: number, key: string): HandOffGate {
  return () => {
    if (refusal !== null) {
      refusedHere.add(requestId);
      return Promise.reject(new Error(refusal));
    }
    // The journal cannot ask the database whether the claim still holds the row;
    // it can tell that its lease ran out, after which recovery may have given the
    // row to another claim (the database's hand-off checks the row itself).
    if (journal && !(Date.parse(key.split(" ")[1] ?? "") - JOURNAL_LEASE_MARGIN_MS > Date.now())) {
      refusedHere.add(requestId);
      return Promise.reject(new Error("The claim on this message expired before it could be handed off"));
    }
    if (journal) {
      journal.append(key);
      handedOffHere.add(requestId);
      return Promise.resolve();
    }
    const recorded = handOffDatabase?.record(key);
    if (recorded) {
      return recorded.then(
        () => {
          handedOffHere.add(requestId);
        },
        (err: Error) => {
          // Refused (the claim was lost) or not recorded: the message goes back to the queue unsent.
          refusedHere.add(requestId);
          throw err;
        },
      );
    }
    return new Promise<void>((resolve, reject) => {
      handOffs.set(requestId, { resolve, reject });
      port?.postMessage({ type: "hand-off", requestId } satisfies FromThread);
    });
  };
}

port.on("message", (msg: ToThread) => {
  switch (msg.type) {
    case "open":
      transports.get(msg.transportId)?.close();
      transports.set(msg.transportId, createSmtpTransport(msg.options));
      break;
    case "close":
      transports.get(msg.transportId)?.close();
      transports.delete(msg.transportId);
      break;
    case "refuse-hand-offs":
      refusal = msg.reason;
      break;
    case "heartbeat":
      heartbeat?.stop();
      heartbeat = data.database ? startThreadHeartbeat(data.database.url, msg.workerId, msg.everyMs) : null;
      break;
    case "handed-off": {
      const waiting = handOffs.get(msg.requestId);
      handOffs.delete(msg.requestId);
      if (msg.ok) waiting?.resolve();
      else waiting?.reject(new Error(msg.reason ?? "The hand-off was refused"));
      break;
    }
    case "deliver": {
      const transport = transports.get(msg.transportId);
      const reply = (m: FromThread) => port.postMessage(m);
      if (!transport) {
        reply({
          type: "failed",
          requestId: msg.requestId,
          error: serialize(closedTransportError()),
          handedOff: false,
        });
        break;
      }
      const gate = msg.handOffKey === undefined ? undefined : handOffGate(msg.requestId, msg.handOffKey);
      transport.deliver(msg.message, gate).then(
        (result) => {
          refusedHere.delete(msg.requestId);
          const handedOff = handedOffHere.delete(msg.requestId);
          reply({ type: "delivered", requestId: msg.requestId, result, handedOff });
        },
        (error: unknown) => {
          const failure = serialize(error);
          if (refusedHere.delete(msg.requestId)) failure.details = { ...failure.details, handOffRefused: true };
          const handedOff = handedOffHere.delete(msg.requestId);
          reply({ type: "failed", requestId: msg.requestId, error: failure, handedOff });
        },
      );
      break;
    }
  }
});

// Loaded: tell the main thread, once the hand-off connections are open too
// (a failed connection is retried at the first hand-off; readiness does not wait for it).
void (handOffDatabase?.warm() ?? Promise.resolve()).then(() =>
  port.postMessage({ type: "ready" } satisfies FromThread),
);
