// The lead status API contract (docs/product.md §24): a lead is one of the
// user's contact addresses, across campaigns; its status, setting it, its
// history, and the filter the Inbox and Contacts lists take.
import { z } from "zod";
import { leadStatuses, leadStatusSources } from "../db-enums.ts";

/** The newest changes a lead's history shows. */
export const LEAD_HISTORY_LIMIT = 200;

const statusEnum = z.enum(leadStatuses, {
  error: `status must be one of: ${leadStatuses.join(", ")}`,
});

/** A lead's status where lists show it; New (not suggested) when nothing was ever set. */
export const leadStatusSummarySchema = z
  .object({
    status: statusEnum,
    /** Set by the app from a reply's reading and not confirmed by the user yet. */
    suggested: z.boolean(),
  })
  .meta({ id: "LeadStatusSummary" });
export type LeadStatusSummary = z.infer<typeof leadStatusSummarySchema>;

/** `?leadStatus=` on the Inbox and Contacts lists: only leads with this status. */
export const leadStatusFilterSchema = z.object({
  leadStatus: z.enum(leadStatuses, { error: `leadStatus must be one of: ${leadStatuses.join(", ")}` }).optional(),
});

export const leadParamsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(3, "email must be an email address")
    .max(320, "email must be at most 320 characters")
    .regex(/^[^@\s]+@[^@\s]+$/, "email must be an email address"),
});

export const setLeadStatusInputSchema = z
  .object({
    /** Any status; choosing the one suggested confirms it. */
    status: statusEnum,
  })
  .meta({ id: "SetLeadStatusInput" });
export type SetLeadStatusInput = z.infer<typeof setLeadStatusInputSchema>;

export const leadStatusSchema = leadStatusSummarySchema
  .extend({
    /** lower-cased */
    email: z.string(),
    /** Who set it last (null: never set). */
    source: z.enum(leadStatusSources).nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "LeadStatus" });
export type LeadStatusDto = z.infer<typeof leadStatusSchema>;

export const leadStatusChangeSchema = z
  .object({
    id: z.string(),
    /** null: the lead was New. */
    from: statusEnum.nullable(),
    to: statusEnum,
    source: z.enum(leadStatusSources),
    suggested: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "LeadStatusChange" });
export type LeadStatusChangeDto = z.infer<typeof leadStatusChangeSchema>;

export const leadStatusHistorySchema = z
  .object({
    lead: leadStatusSchema,
    /** Newest first, at most LEAD_HISTORY_LIMIT. */
    changes: z.array(leadStatusChangeSchema),
    truncated: z.boolean(),
  })
  .meta({ id: "LeadStatusHistory" });
export type LeadStatusHistory = z.infer<typeof leadStatusHistorySchema>;
