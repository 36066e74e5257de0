// Runs inside the delivery thread (delivery-thread.ts): the SMTP pools live
// here, so building MIME, DKIM signing and the SMTP conversation use a core of
// their own instead of the thread that serves HTTP and runs the database
// (PGlite runs on the main thread). The protocol is plain data both ways.
import { parentPort } from "node:worker_threads";
import { DeliveryError, type DeliveryResult, type HandOff, type OutgoingMessage } from "../sending/outgoing.ts";
import { closedTransportError } from "./delivery-error.ts";
import { type ClosableTransport, createSmtpTransport, type SmtpTransportOptions } from "./smtp-transport.ts";

export type ToThread =
  | { type: "open"; transportId: number; options: SmtpTransportOptions }
  | { type: "deliver"; requestId: number; transportId: number; message: OutgoingMessage; gated: boolean }
  | { type: "close"; transportId: number }
  /** The answer to a hand-off question: the content may go (ok) or must not. */
  | { type: "handed-off"; requestId: number; ok: boolean; reason?: string };

export type SerializedDeliveryError = {
  message: string;
  category: DeliveryError["category"];
  permanent: boolean;
  details: DeliveryError["details"];
};

export type FromThread =
  /** A connection took the message: may its content go? (see HandOff) */
  | { type: "hand-off"; requestId: number }
  | { type: "delivered"; requestId: number; result: DeliveryResult }
  | { type: "failed"; requestId: number; error: SerializedDeliveryError };

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

const transports = new Map<number, ClosableTransport>();
/** Hand-offs asked of the main thread and not answered yet, by request. */
const handOffs = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

function askHandOff(requestId: number): HandOff {
  return () =>
    new Promise<void>((resolve, reject) => {
      handOffs.set(requestId, { resolve, reject });
      port?.postMessage({ type: "hand-off", requestId } satisfies FromThread);
    });
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
        });
        break;
      }
      transport.deliver(msg.message, msg.gated ? askHandOff(msg.requestId) : undefined).then(
        (result) => reply({ type: "delivered", requestId: msg.requestId, result }),
        (error: unknown) => reply({ type: "failed", requestId: msg.requestId, error: serialize(error) }),
      );
      break;
    }
  }
});
