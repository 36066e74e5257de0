// How a request tells the send worker of its own process that mail is due
// now (a launch), without sending anything itself: requests never wait on
// SMTP (issue 26). A process without a worker (role web) has nothing
// attached, and its queue is picked up by the worker processes' next poll
// (WORKER_POLL_MS).
import { createWakeSignal, type WakeSignal } from "../wake-signal.ts";

export type SendSignal = WakeSignal;

export const createSendSignal: () => SendSignal = createWakeSignal;
