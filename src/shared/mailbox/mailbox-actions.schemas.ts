// The mailbox actions' API contract: Refresh (sync now), Restore a spam
// message, simulate a prospect's reply (capture mode), test reply tracking.
import { z } from "@hono/zod-openapi";
import { markRepliedError } from "./mailbox.schemas.ts";

export const mailboxSyncResultSchema = z
  .object({
    /** Mailboxes synced (or tried) by this request. */
    mailboxes: z.number().int(),
    /** Still syncing when the request stopped waiting (they finish in the background). */
    pending: z.number().int(),
    errors: z.array(z.object({ email: z.string(), error: z.string() })),
    message: z.string(),
  })
  .meta({ id: "MailboxSyncResult" });
export type MailboxSyncResult = z.infer<typeof mailboxSyncResultSchema>;

export const mailboxActionResultSchema = z.object({ message: z.string() }).meta({ id: "MailboxActionResult" });
export type MailboxActionResult = z.infer<typeof mailboxActionResultSchema>;

/** The Manual Reply Tracking card's two inputs, checked as for Mark as Replied (docs/product.md §7.1). */
export const testReplyRequestSchema = z
  .object({ contactEmail: z.string().max(320), campaignId: z.string().max(100) })
  .superRefine((fields, ctx) => {
    const message = markRepliedError(fields);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({ id: "TestReplyRequest" });

export const testReplyResultSchema = z
  .object({ pickedUp: z.boolean(), message: z.string() })
  .meta({ id: "TestReplyResult" });
export type TestReplyResult = z.infer<typeof testReplyResultSchema>;
