// The launch API contract (docs/product.md §9.9):
// what step 1 came to by the time the launch answered (the worker sends; the
// answer waits for it a few seconds at most), for the wizard's toasts.
import { z } from "zod";

export const launchResultSchema = z
  .object({
    /** Delivered by the time the launch answered. */
    emailsSent: z.number().int(),
    /** Failed for good by then (details in the Inbox), or of unknown delivery (waiting for the user's decision). */
    emailsFailed: z.number().int(),
    /** Failed temporarily by then; retried later by the queue. */
    emailsRetrying: z.number().int(),
    /** Not sent yet: waiting for the worker, the sending window or the day's limits. */
    emailsQueued: z.number().int(),
    /** Step-1 emails queued at launch. */
    scheduled: z.number().int(),
    /** Contacts skipped because their address is on the suppression list. */
    suppressed: z.number().int(),
    /** Contacts left out because their address or its domain is on the block list. */
    blocked: z.number().int(),
  })
  .meta({ id: "LaunchResult" });
export type LaunchResult = z.infer<typeof launchResultSchema>;

/** The success toast (docs/product.md §9.9). */
export const launchSuccessMessage = (sent: number) => `Campaign launched successfully! Sent ${sent} emails.`;

/** The 8-second warning when some of the first batch failed (docs/product.md §9.9). */
export const launchFailureWarning = (failed: number) =>
  `${failed} emails failed to send. Check the Inbox for detailed error information.`;

/** Added to the success toast when part of step 1 is still queued (sent later by the worker). */
export const launchQueuedNote = (queued: number) =>
  `${queued} more ${queued === 1 ? "email is" : "emails are"} queued and will be sent within your sending window and daily limits.`;

/** Added to the success toast when blocked contacts were left out. */
export const launchBlockedNote = (blocked: number) =>
  `${blocked} ${blocked === 1 ? "contact is" : "contacts are"} on your block list and ${blocked === 1 ? "was" : "were"} left out.`;
