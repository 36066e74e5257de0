// The Email in Bulk API contract (docs/product.md §12): what the screen posts, what the user's automation
// webhook receives, and what the send answers.
import { z } from "zod";
import { bulkMessages, MAX_BULK_CONTACTS, MAX_BULK_SENDERS } from "./bulk-messages.ts";
import { bulkSendError } from "./send-validation.ts";

/** A contact from the CSV: lowercased email, optional name and company, every other column by lowercased header. */
export const bulkContactSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(320),
    firstName: z.string().max(200).optional(),
    lastName: z.string().max(200).optional(),
    company: z.string().max(300).optional(),
  })
  .catchall(z.string().max(5000))
  .meta({ id: "BulkContact" });
export type BulkContactInput = z.infer<typeof bulkContactSchema>;

export const bulkSendInputSchema = z
  .object({
    campaignName: z.string().max(200, "Campaign names are limited to 200 characters"),
    campaignDescription: z.string().max(2000, "Descriptions are limited to 2,000 characters").default(""),
    senderEmails: z.array(z.string().trim().max(320)).max(MAX_BULK_SENDERS, bulkMessages.tooManySenders),
    // The cap's message comes from bulkSendError, after the spec's checks; this bound only stops abuse.
    contacts: z.array(bulkContactSchema).max(MAX_BULK_CONTACTS * 5, bulkMessages.tooManyContacts),
    /** Only when Coldreach sends (no automation webhook): step 1's subject and message; merge tags allowed. */
    subject: z.string().max(998, "Subjects are limited to 998 characters").default(""),
    message: z.string().max(200_000, "Message must be at most 200,000 characters.").default(""),
  })
  .superRefine((fields, ctx) => {
    const message = bulkSendError(fields);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({ id: "BulkSendInput" });
export type BulkSendInput = z.input<typeof bulkSendInputSchema>;
export type BulkSendRequest = z.output<typeof bulkSendInputSchema>;

/** The JSON body posted to the automation webhook (docs/product.md §12). */
export const bulkPayloadSchema = z
  .object({
    campaignName: z.string(),
    campaignDescription: z.string(),
    senderEmails: z.array(z.string()),
    contacts: z.array(bulkContactSchema),
    totalContacts: z.number().int(),
    totalSenderEmails: z.number().int(),
    /** ISO 8601; the same value as the X-Coldreach-Timestamp header. */
    timestamp: z.string(),
  })
  .meta({ id: "BulkPayload" });
export type BulkPayload = z.infer<typeof bulkPayloadSchema>;

export const bulkModeSchema = z.enum(["webhook", "engine"]);

export const bulkSendResultSchema = z
  .object({
    mode: bulkModeSchema,
    /** Webhook: contacts handed to the webhook. Engine: emails queued (the toast's N). */
    processed: z.number().int(),
    /** Engine: the campaign created and launched for the send. */
    campaignId: z.string().nullable(),
    /** Engine: contacts skipped because their address is on the suppression list. */
    suppressed: z.number().int(),
    /** Engine: contacts skipped because their address or its domain is on the block list. */
    blocked: z.number().int(),
    /** Engine: contacts skipped because their address is incomplete (no domain with a dot). */
    invalid: z.number().int(),
  })
  .meta({ id: "BulkSendResult" });
export type BulkSendResult = z.infer<typeof bulkSendResultSchema>;

/** How "Send Bulk Emails" delivers for this user, and the secret that signs webhook requests. */
export const bulkDeliverySchema = z
  .object({
    mode: bulkModeSchema,
    /** The webhook's host (and port) in webhook mode; null in engine mode. */
    webhookHost: z.string().nullable(),
    /** HMAC-SHA256 key of the X-Coldreach-Signature header; the same for every request of this user. */
    signingSecret: z.string(),
  })
  .meta({ id: "BulkDelivery" });
export type BulkDelivery = z.infer<typeof bulkDeliverySchema>;
