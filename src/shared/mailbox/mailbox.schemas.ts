// Mailbox screens' API contract: the Reply Tracker (docs/product.md §7),
// Failed emails / Spam (docs/product.md §15) with its Recent Failures panel,
// and Email Classification (issue 12).
// The words shown to the user are the spec's, kept here so the server's
// messages and the screens' say the same thing.
import { z } from "zod";
import {
  bounceTypes,
  emailSendStatuses,
  failureCategories,
  failureReasons,
  inboundKinds,
  replyClasses,
} from "../db-enums.ts";
import { inboxErrorDetailsSchema } from "../inbox/inbox.schemas.ts";

const count = z.number().int().min(0);
const cursorSchema = z.string().trim().min(1).max(400).optional();
const searchSchema = z.string().trim().max(200).optional();

// ---------------------------------------------------------------- Reply Tracker

export const REPLY_TRACKER_PAGE_SIZE = 25;
/** A reply's or a spam email's text as listed: the first 200 characters (docs/product.md §15). */
export const PREVIEW_LENGTH = 200;

export const replyTrackerSummarySchema = z
  .object({
    /** The user's contacts with status active. */
    totalContacts: count,
    /** Of those, the ones with replied_at. */
    replied: count,
    noReply: count,
    /** replied / totalContacts, a whole percent (0 with no contacts). */
    replyRate: z.number().int().min(0).max(100),
  })
  .meta({ id: "ReplyTrackerSummary" });
export type ReplyTrackerSummary = z.infer<typeof replyTrackerSummarySchema>;

export const replyTrackerLists = ["replied", "awaiting"] as const;
export type ReplyTrackerList = (typeof replyTrackerLists)[number];

export const replyTrackerQuerySchema = z.object({
  /** replied: newest reply first; awaiting: newest contact first. */
  list: z.enum(replyTrackerLists),
  /** Matched case-insensitively against the contact's email and name. */
  search: searchSchema,
  cursor: cursorSchema,
});
export type ReplyTrackerQuery = z.infer<typeof replyTrackerQuerySchema>;

export const replyTrackerContactSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** "First Last", or null without a name. */
    name: z.string().nullable(),
    company: z.string().nullable(),
    campaignId: z.string(),
    campaignName: z.string(),
    repliedAt: z.string().nullable(),
    addedAt: z.string(),
    /** The start of the newest reply recorded for the contact (or the note of a hand marking), when there is one. */
    replyPreview: z.string().nullable(),
  })
  .meta({ id: "ReplyTrackerContact" });
export type ReplyTrackerContact = z.infer<typeof replyTrackerContactSchema>;

export const replyTrackerPageSchema = z
  .object({ contacts: z.array(replyTrackerContactSchema), nextCursor: z.string().nullable() })
  .meta({ id: "ReplyTrackerPage" });
export type ReplyTrackerPage = z.infer<typeof replyTrackerPageSchema>;

/** The simple email shape (something@something.something, no spaces). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const replyTrackerText = {
  missingTitle: "Missing Information",
  missing: "Please enter both email and campaign ID",
  invalidEmail: "Please enter a valid email address",
  invalidCampaignId: "Please enter a valid campaign ID (the id in a campaign's address, /campaigns/edit/…)",
  campaignNotFound: "Campaign not found",
  contactNotFound: (email: string) => `No contact ${email} in this campaign`,
  marked: (email: string) => `Contact ${email} marked as replied`,
  errorTitle: "Error",
  markFailed: (message: string | null | undefined) =>
    `Failed to mark contact as replied: ${message || "Unknown error"}`,
  testFailedTitle: "Test Failed",
  testFailed: (message: string | null | undefined) => `Test failed: ${message || "Unknown error"}`,
  testCompleteTitle: "Test Complete",
  testErrorTitle: "Test Error",
  testError: "Failed to run test",
  allReplied: "All contacts have replied!",
} as const;

/**
 * The first problem with a manual marking (or a test of reply tracking), in
 * the order the fields are read, or null. Shared by the form and the server.
 */
export function markRepliedError(fields: { contactEmail: string; campaignId: string }): string | null {
  const email = fields.contactEmail.trim();
  const campaignId = fields.campaignId.trim();
  if (!email || !campaignId) return replyTrackerText.missing;
  if (!EMAIL_SHAPE.test(email)) return replyTrackerText.invalidEmail;
  if (!z.uuid().safeParse(campaignId).success) return replyTrackerText.invalidCampaignId;
  return null;
}

export const markRepliedInputSchema = z
  .object({
    contactEmail: z.string().max(320),
    campaignId: z.string().max(100),
    /** Kept as the reply's content (a marking by hand has no message). */
    note: z.string().max(5000).optional(),
  })
  .superRefine((fields, ctx) => {
    const message = markRepliedError(fields);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({ id: "MarkRepliedInput" });
export type MarkRepliedInput = z.infer<typeof markRepliedInputSchema>;

export const markRepliedResultSchema = z
  .object({
    contactId: z.string(),
    contactEmail: z.string(),
    campaignId: z.string(),
    repliedAt: z.string(),
    /** The contact had already replied: nothing was changed. */
    alreadyReplied: z.boolean(),
    /** Queued steps that will no longer be sent. */
    cancelledSteps: count,
  })
  .meta({ id: "MarkRepliedResult" });
export type MarkRepliedResult = z.infer<typeof markRepliedResultSchema>;

/** The rule recorded on a reply marked by hand (shown on Email Classification). */
export const MARKED_BY_HAND_RULE = "marked by hand";

// ------------------------------------------------------------------------- Spam

export const SPAM_PAGE_SIZE = 50;

export const spamListQuerySchema = z.object({ cursor: cursorSchema });

export const spamEmailSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    senderEmail: z.string(),
    /** The content's first 200 characters, whitespace collapsed, with "…" when cut. */
    preview: z.string(),
    receivedAt: z.string(),
    /** The sender account whose mailbox it was found in, and the folder (null for samples). */
    mailbox: z.string().nullable(),
    folder: z.string().nullable(),
  })
  .meta({ id: "SpamEmail" });
export type SpamEmail = z.infer<typeof spamEmailSchema>;

export const spamEmailDetailSchema = spamEmailSchema.extend({ content: z.string() }).meta({ id: "SpamEmailDetail" });
export type SpamEmailDetail = z.infer<typeof spamEmailDetailSchema>;

export const spamListSchema = z
  .object({
    emails: z.array(spamEmailSchema),
    /** All of the user's spam emails (the count badge). */
    total: count,
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "SpamList" });
export type SpamList = z.infer<typeof spamListSchema>;

export const spamClearResultSchema = z.object({ deleted: count }).meta({ id: "SpamClearResult" });
export const spamSamplesResultSchema = z.object({ added: count }).meta({ id: "SpamSamplesResult" });

/** docs/product.md §15. */
export const spamText = {
  fetchFailed: "Failed to fetch spam emails",
  deleteFailed: "Failed to delete spam email",
  deleted: "Spam email deleted permanently",
  restoreFailed: "Failed to restore email",
  restored: "Email restored to inbox",
  clearFailed: "Failed to clear spam emails",
  cleared: "All spam emails cleared",
  samplesAdded: "Sample spam emails added",
  samplesFailed: "Failed to add sample emails",
  notFound: "Spam email not found",
} as const;

/** A spam email's or a reply's text as listed: whitespace collapsed, cut at 200 characters. */
export function previewText(content: string, max = PREVIEW_LENGTH): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

// -------------------------------------------------------------- Recent failures

export const RECENT_DELIVERY_FAILURES = 10;

export const deliveryFailureSchema = z
  .object({
    id: z.string(),
    /** The contact's address, or the recipient of a direct send. */
    contactEmail: z.string(),
    /** null for a direct send. */
    campaignName: z.string().nullable(),
    status: z.enum(emailSendStatuses),
    category: z.enum(failureCategories),
    categoryLabel: z.string(),
    /**
     * Why, in the user's words: the reason's sentence (what happened and what to do), or the
     * category's meaning for a failure recorded without a reason; and hard or soft for a bounce.
     */
    reason: z.string(),
    /** The classified reason (email_sends.failure_reason); null for failures recorded before reasons. */
    failureReason: z.enum(failureReasons).nullable(),
    bounceType: z.enum(bounceTypes).nullable(),
    /** The technical error: the server's reply and troubleshooting hints, or the raw text. */
    error: inboxErrorDetailsSchema.nullable(),
    createdAt: z.string(),
    /** Whether Retry may queue it again (#shared/sending/retry-failed.ts): a campaign send worth retrying, its contact still going. */
    retryable: z.boolean(),
  })
  .meta({ id: "DeliveryFailure" });
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const deliveryFailureListSchema = z
  .object({ failures: z.array(deliveryFailureSchema) })
  .meta({ id: "DeliveryFailureList" });
export type DeliveryFailureList = z.infer<typeof deliveryFailureListSchema>;

// --------------------------------------------------------- Email Classification

export const CLASSIFIED_REPLIES_PAGE_SIZE = 25;

export const replyClassLabels: Readonly<Record<(typeof replyClasses)[number], string>> = {
  interested: "Interested",
  not_interested: "Not interested",
  meeting_request: "Meeting request",
  out_of_office: "Out of office",
  unsubscribe_request: "Unsubscribe request",
  wrong_person: "Wrong person",
  bounce: "Bounce",
  other: "Other",
};

/** What kind of inbound message a reply row is (replies hold no spam or ignored messages). */
export const replyKindLabels: Readonly<Record<(typeof inboundKinds)[number], string>> = {
  reply: "Reply",
  auto_reply: "Auto-reply",
  bounce: "Bounce",
  unsubscribe: "Unsubscribe",
  spam: "Spam",
  ignored: "Ignored",
  received: "Received",
};

const replyClassSchema = z.enum(replyClasses);

export const classifiedRepliesQuerySchema = z.object({
  replyClass: replyClassSchema.optional(),
  cursor: cursorSchema,
});
export type ClassifiedRepliesQuery = z.infer<typeof classifiedRepliesQuerySchema>;

export const classifiedReplySchema = z
  .object({
    id: z.string(),
    contactId: z.string().nullable(),
    contactEmail: z.string(),
    contactName: z.string().nullable(),
    /** The sender account's address the reply came to. */
    senderEmail: z.string(),
    subject: z.string().nullable(),
    preview: z.string(),
    repliedAt: z.string(),
    kind: z.enum(inboundKinds),
    replyClass: replyClassSchema,
    /** The rule that decided the class (shown on hover). */
    classRule: z.string(),
    /** The user set the class. */
    classCorrected: z.boolean(),
    campaignName: z.string().nullable(),
  })
  .meta({ id: "ClassifiedReply" });
export type ClassifiedReply = z.infer<typeof classifiedReplySchema>;

export const classifiedReplyPageSchema = z
  .object({ replies: z.array(classifiedReplySchema), nextCursor: z.string().nullable() })
  .meta({ id: "ClassifiedReplyPage" });
export type ClassifiedReplyPage = z.infer<typeof classifiedReplyPageSchema>;

export const replyDetailSchema = classifiedReplySchema
  .extend({
    content: z.string(),
    /** The reply's own Message-ID, In-Reply-To and References: answering it threads under them. */
    messageId: z.string().nullable(),
    inReplyTo: z.string().nullable(),
    references: z.array(z.string()),
  })
  .meta({ id: "ReplyDetail" });
export type ReplyDetail = z.infer<typeof replyDetailSchema>;

export const replyClassCountsSchema = z
  .object({ total: count, counts: z.record(replyClassSchema, count) })
  .meta({ id: "ReplyClassCounts" });
export type ReplyClassCounts = z.infer<typeof replyClassCountsSchema>;

export const replyClassUpdateSchema = z.object({ replyClass: replyClassSchema }).meta({ id: "ReplyClassUpdate" });
export type ReplyClassUpdate = z.infer<typeof replyClassUpdateSchema>;

/** What hovering a reply's class says: the rule that decided it, and whether the user set the class. */
export function classRuleText(reply: { classRule: string; classCorrected: boolean }): string {
  const rule = reply.classRule.trim();
  if (reply.classCorrected) return rule ? `Set by you (the classifier's rule: ${rule})` : "Set by you";
  return rule ? `Rule: ${rule}` : "No rule recorded";
}

export const classificationText = {
  corrected: (label: string) => `Class changed to ${label}`,
  correctFailed: "Failed to change the class",
  empty: "No replies yet",
} as const;
