// The launch API contract (spec part 2 §7 send-campaign-email, §8 Launch):
// what the first batch did, for the wizard's toasts.
import { z } from "zod";

export const launchResultSchema = z
  .object({
    /** Delivered in the first batch, during the launch request. */
    emailsSent: z.number().int(),
    /** Failed for good in the first batch (details in the Inbox). */
    emailsFailed: z.number().int(),
    /** Failed temporarily in the first batch; retried later by the queue. */
    emailsRetrying: z.number().int(),
    /** Step-1 emails queued at launch (the first batch included). */
    scheduled: z.number().int(),
    /** Contacts skipped because their address is on the suppression list. */
    suppressed: z.number().int(),
  })
  .meta({ id: "LaunchResult" });
export type LaunchResult = z.infer<typeof launchResultSchema>;

/** The success toast (spec part 2 §8). */
export const launchSuccessMessage = (sent: number) => `Campaign launched successfully! Sent ${sent} emails.`;

/** The 8-second warning when some of the first batch failed (spec part 2 §8). */
export const launchFailureWarning = (failed: number) =>
  `${failed} emails failed to send. Check the Inbox for detailed error information.`;
