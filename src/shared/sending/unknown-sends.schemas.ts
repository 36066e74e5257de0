// Sends whose delivery is unknown (the worker stopped, or the connection was
// lost, after the message was handed to the SMTP server): each waits for the
// user's decision, and so do the contact's later steps.
import { z } from "zod";

export const unknownSendSchema = z
  .object({
    /** The queue row (scheduled email) waiting for the decision. */
    id: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    contactEmail: z.string(),
    contactName: z.string().nullable(),
    stepNumber: z.number().int(),
    subject: z.string(),
    senderEmail: z.string().nullable(),
    /** When the attempt ended in doubt. */
    attemptedAt: z.string(),
    /** Why the outcome is unknown. */
    reason: z.string(),
  })
  .meta({ id: "UnknownSend" });
export type UnknownSend = z.infer<typeof unknownSendSchema>;

export const unknownSendListSchema = z.object({ sends: z.array(unknownSendSchema) }).meta({ id: "UnknownSendList" });
export type UnknownSendList = z.infer<typeof unknownSendListSchema>;

export const unknownSendQuerySchema = z.object({
  campaignId: z.uuid("campaignId must be a campaign id").optional(),
});

export const unknownSendDecisionResultSchema = z
  .object({
    id: z.string(),
    decision: z.enum(["send", "skip"]),
    /** When the step (send anyway) or the next step (skip) is due; null when nothing follows. */
    dueAt: z.string().nullable(),
  })
  .meta({ id: "UnknownSendDecision" });
export type UnknownSendDecisionResult = z.infer<typeof unknownSendDecisionResultSchema>;

/** Several sends decided at once: the ones the panel shows. */
export const unknownSendBatchSchema = z
  .object({
    ids: z
      .array(z.uuid("Each id must be a send id"))
      .min(1, "Choose at least one send")
      .max(500, "At most 500 sends can be decided at once"),
  })
  .meta({ id: "UnknownSendBatch" });

export const unknownSendBatchResultSchema = z
  .object({
    /** One per send decided. A send that no longer waits for a decision (or is not the user's) is left out. */
    decided: z.array(unknownSendDecisionResultSchema),
  })
  .meta({ id: "UnknownSendBatchResult" });
export type UnknownSendBatchResult = z.infer<typeof unknownSendBatchResultSchema>;

/** The panel's wording. */
export const unknownSendsText = {
  title: "Delivery unknown",
  explanation:
    "These emails were being handed to the mail server when sending stopped, so they may or may not have been delivered. Check the sender's Sent folder, then choose Send anyway or Skip. The contact's next steps wait for your choice.",
  sendAnyway: "Send anyway",
  skip: "Skip",
  sentAgain: "The email will be sent again",
  skipped: "Skipped; the sequence continues with the next step",
  failed: "Could not save your choice",
  sendAllAnyway: "Send all anyway",
  skipAll: "Skip all",
  confirmSendAllTitle: (n: number) => `Send all ${n} emails again?`,
  confirmSendAll:
    "Any of them that did reach the mail server will arrive twice. Check the senders' Sent folders first if you can.",
  confirmSkipAllTitle: (n: number) => `Skip all ${n} emails?`,
  confirmSkipAll: "None of them is sent again; each contact's sequence continues with the next step.",
  sentAllAgain: (n: number) => `${n} ${n === 1 ? "email" : "emails"} will be sent again`,
  skippedAll: (n: number) => `${n} ${n === 1 ? "email" : "emails"} skipped; the sequences continue`,
} as const;
