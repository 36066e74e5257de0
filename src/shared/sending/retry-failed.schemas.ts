// Retry failed sends: the API's answers and the screens' wording
// (docs/product.md §11.6, §15).
import { z } from "zod";
import { type RetrySkipReason, retrySkipReasons, retrySkipText } from "./retry-failed.ts";

const skippedSchema = z
  .array(z.object({ reason: z.enum(retrySkipReasons), count: z.number().int() }))
  .describe("The failures not queued again, counted by why (none with a count of 0)");

/** What Retry failed sends would do now (the campaign page's button shows the count). */
export const retryFailedPreviewSchema = z
  .object({ retryable: z.number().int(), skipped: skippedSchema })
  .meta({ id: "RetryFailedPreview" });
export type RetryFailedPreview = z.infer<typeof retryFailedPreviewSchema>;

/** What Retry failed sends did: the steps queued again, and the rest with their reasons. */
export const retryFailedResultSchema = z
  .object({ queued: z.number().int(), skipped: skippedSchema })
  .meta({ id: "RetryFailedResult" });
export type RetryFailedResult = z.infer<typeof retryFailedResultSchema>;

/** One failure queued again. */
export const retryFailedSendResultSchema = z
  .object({
    /** The send record (the Failed emails row). */
    id: z.string(),
    /** When the step is due again (the next allowed instant; held while the campaign is paused). */
    dueAt: z.string(),
  })
  .meta({ id: "RetryFailedSendResult" });
export type RetryFailedSendResult = z.infer<typeof retryFailedSendResultSchema>;

const plural = (n: number) => `${n} failed ${n === 1 ? "email" : "emails"}`;

/** The skipped part of an answer in words: "2 suppressed addresses, 1 bounced after delivery". */
export function skippedSummary(skipped: readonly { reason: RetrySkipReason; count: number }[]): string {
  return skipped.map((s) => retrySkipText[s.reason](s.count)).join(", ");
}

export const retryFailedText = {
  button: "Retry failed sends",
  retry: "Retry",
  confirmTitle: (n: number) => `Retry ${plural(n)}?`,
  confirm:
    "Each is sent again from its sender, and the contact's next steps follow as usual. Hard bounces, refusals, unsubscribed and suppressed addresses are never retried. If a sender could not sign in, fix it in Senders first.",
  busy: "Queuing...",
  queued: (n: number) => `${plural(n)} queued again`,
  queuedOne: "The failed email was queued again",
  skipped: (summary: string) => `Not retried: ${summary}`,
  failed: "Could not queue the failed emails again",
} as const;
