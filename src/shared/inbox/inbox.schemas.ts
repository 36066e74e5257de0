// Inbox API contract (docs/product.md §14.1): sends grouped by contact (one group
// per contact row; direct sends without a contact grouped by recipient
// address), newest activity first, a page at a time; a group's email history
// and replies, a page at a time.
import { z } from "zod";
import { emailSendStatuses, failureCategories, failureReasons, inboundKinds } from "../db-enums.ts";
import { leadStatusFilterSchema, leadStatusSummarySchema } from "../lead-status/lead-status.schemas.ts";

export const INBOX_GROUP_PAGE_SIZE = 25;
export const INBOX_HISTORY_PAGE_SIZE = 20;
export const INBOX_REPLIES_PAGE_SIZE = 20;

const cursorSchema = z.string().trim().min(1).max(400).optional();

export const inboxListQuerySchema = z
  .object({
    /** Matched case-insensitively against the contact's email and name, or the recipient address. */
    search: z.string().trim().max(200).optional(),
    cursor: cursorSchema,
  })
  .extend(leadStatusFilterSchema.shape);
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

/** Which group: a contact (by id) or the direct sends to one address. */
export const inboxGroupQuerySchema = z
  .object({
    contactId: z.uuid("contactId must be a contact id").optional(),
    email: z.string().trim().toLowerCase().min(1).max(320).optional(),
    cursor: cursorSchema,
  })
  .refine((q) => (q.contactId === undefined) !== (q.email === undefined), {
    message: "Give either contactId or email",
  });
export type InboxGroupQuery = z.infer<typeof inboxGroupQuerySchema>;

/** The Received list (messages restored from Junk that no group shows): a page at a time. */
export const inboxReceivedQuerySchema = z.object({ cursor: cursorSchema });

export const inboxGroupSchema = z
  .object({
    /**
     * A contact's id, or null for emails without one: direct compose, Email in
     * Bulk, and the emails of a contact since removed from its campaign.
     */
    contactId: z.string().nullable(),
    /** The contact's address, or the recipient address of the direct sends (lowercased). */
    email: z.string(),
    /**
     * "First Last" of the contact (for direct sends: of the user's contact with that
     * address, if any); null when there is no name.
     */
    name: z.string().nullable(),
    company: z.string().nullable(),
    campaignName: z.string().nullable(),
    lastActivityAt: z.string(),
    sent: z.number(),
    opened: z.number(),
    failed: z.number(),
    replied: z.number(),
    repliedAt: z.string().nullable(),
    /** The status of the group's address as a lead (across campaigns); New when nothing set it. */
    leadStatus: leadStatusSummarySchema,
  })
  .meta({ id: "InboxGroup" });
export type InboxGroup = z.infer<typeof inboxGroupSchema>;

export const inboxPageSchema = z
  .object({ groups: z.array(inboxGroupSchema), nextCursor: z.string().nullable() })
  .meta({ id: "InboxPage" });
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxErrorDetailsSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("details"),
      summary: z.string().nullable(),
      suggestion: z.string().nullable(),
      commonCauses: z.array(z.string()),
      category: z.enum(failureCategories).nullable(),
      recipient: z.string().nullable(),
      sender: z.string().nullable(),
      timestamp: z.string().nullable(),
    }),
    z.object({ kind: z.literal("raw"), text: z.string() }),
  ])
  .meta({ id: "InboxErrorDetails" });

export const inboxSendSchema = z
  .object({
    id: z.string(),
    status: z.enum(emailSendStatuses),
    toEmail: z.string(),
    /** The address it was sent from; null when unknown (shown as Unknown Sender). */
    fromEmail: z.string().nullable(),
    campaignId: z.string().nullable(),
    /** Null for direct sends and deleted campaigns (shown as Unknown Campaign). */
    campaignName: z.string().nullable(),
    stepNumber: z.number().nullable(),
    subject: z.string(),
    /** The message as plain text. */
    message: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    failureCategory: z.enum(failureCategories).nullable(),
    /** The classified reason of a failed send (email_sends.failure_reason); null otherwise, and for older rows. */
    failureReason: z.enum(failureReasons).nullable(),
    /** Why a failed send failed, in the user's words; null unless it failed. */
    reason: z.string().nullable(),
    /** Parsed error details with troubleshooting hints, or the raw text; null when there is no error. */
    error: inboxErrorDetailsSchema.nullable(),
  })
  .meta({ id: "InboxSend" });
export type InboxSend = z.infer<typeof inboxSendSchema>;

export const inboxHistorySchema = z
  .object({ sends: z.array(inboxSendSchema), nextCursor: z.string().nullable() })
  .meta({ id: "InboxHistory" });
export type InboxHistory = z.infer<typeof inboxHistorySchema>;

export const inboxReplySchema = z
  .object({
    id: z.string(),
    /** Who replied (the contact's address). */
    fromEmail: z.string(),
    /** The sender account the reply went to. */
    toEmail: z.string(),
    subject: z.string().nullable(),
    content: z.string(),
    campaignName: z.string().nullable(),
    repliedAt: z.string(),
    /** reply, or what the mailbox sync recognised it as: an auto-reply, a bounce, an unsubscribe request. */
    kind: z.enum(inboundKinds),
  })
  .meta({ id: "InboxReply" });
export type InboxReply = z.infer<typeof inboxReplySchema>;

export const inboxRepliesSchema = z
  .object({ replies: z.array(inboxReplySchema), nextCursor: z.string().nullable() })
  .meta({ id: "InboxReplies" });
export type InboxReplies = z.infer<typeof inboxRepliesSchema>;
