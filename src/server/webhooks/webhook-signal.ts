// How a request tells this process's webhook worker that a delivery is due
// now (a Send test event, a Resend), so it goes out within milliseconds
// rather than at the next poll. Events emitted by other code are picked up
// by the poll (every second): they become visible only when the transaction
// that emitted them commits, which the emitting statement cannot see.
import { createWakeSignal, type WakeSignal } from "../wake-signal.ts";

export type WebhookSignal = WakeSignal;

export const createWebhookSignal: () => WebhookSignal = createWakeSignal;
