import { z } from "zod";
import { isStorableInstant } from "../api/storable-dates.ts";

export const outboxMessageSummarySchema = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    receivedAt: z.string(),
  })
  .meta({ id: "OutboxMessageSummary" });

export const outboxListSchema = z
  .object({ messages: z.array(outboxMessageSummarySchema), nextBefore: z.string().nullable() })
  .meta({ id: "OutboxList" });

export const outboxListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Cursor: only messages received before this ISO time. */
  before: z.iso
    .datetime({ offset: true })
    .refine((text) => isStorableInstant(Date.parse(text)), "Use a time between the years 1 and 9999")
    .optional(),
});

export const outboxMessageSchema = outboxMessageSummarySchema
  .extend({
    messageId: z.string().nullable(),
    /** A campaign sent it: it can be answered with Simulate reply. */
    campaignMessage: z.boolean(),
    html: z.string().nullable(),
    text: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
  })
  .meta({ id: "OutboxMessage" });

export type OutboxMessageSummary = z.infer<typeof outboxMessageSummarySchema>;
export type OutboxList = z.infer<typeof outboxListSchema>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
