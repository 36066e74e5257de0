// Campaigns API contract: creation from the wizard (everything in one request,
// stored in one transaction), the edit screen, the dashboard rows.
import { z } from "zod";
import { contactInputSchema, MAX_CONTACTS_PER_REQUEST } from "../contacts/contacts.schemas.ts";
import { campaignStatuses, senderProviders, sendFormats } from "../db-enums.ts";
import { senderDailyLimitSchema } from "../senders/senders.schemas.ts";
import { abSettingsSchema } from "../sequences/ab-winner.ts";
import { sequenceInputSchema, sequenceStepSchema } from "../sequences/sequence.schemas.ts";
import { CAMPAIGN_NAME_MAX } from "./clone-name.ts";

export { CAMPAIGN_NAME_MAX };
export const campaignNameSchema = z.string().trim().min(1, "Campaign name is required").max(CAMPAIGN_NAME_MAX);
export const campaignDescriptionSchema = z.string().trim().max(2000).nullable().optional();
/** The campaign's 'Track opens': true/false overrides the user's setting, null follows it. */
export const campaignTrackOpensSchema = z.boolean({ error: "Track opens must be true, false or null" }).nullable();
/** The campaign's 'Track clicks': its links go out as signed redirects (off by default; a step may override it). */
export const campaignTrackClicksSchema = z.boolean({ error: "Track clicks must be true or false" });
/** The scheduling link {{bookingLink}} points at: one of the user's own; null: none. */
export const campaignBookingLinkSchema = z.uuid("Scheduling link not found").nullable();
export const bookingLinkNotFound = "Scheduling link not found: choose one of your own scheduling links";
export const sendFormatSchema = z.enum(sendFormats, { error: "Send as must be html or plain_text" });

/** A campaign's sender: a copy of a saved sender (keeps using its connection) or added by hand. */
export const campaignSenderInputSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
  provider: z.enum(senderProviders),
  dailyLimit: senderDailyLimitSchema,
  savedSenderId: z.string().uuid().nullable().optional(),
});
export type CampaignSenderInput = z.infer<typeof campaignSenderInputSchema>;

const uniqueSenderEmails = (senders: { email: string }[]) =>
  new Set(senders.map((s) => s.email.toLowerCase())).size === senders.length;

/** At most this many contacts get step 1 a day; null: no cap (follow-ups are never capped). */
export const dailyNewContactsLimitSchema = z
  .number({ error: "New contacts per day must be a number" })
  .int("New contacts per day must be a whole number")
  .min(1, "New contacts per day must be between 1 and 10,000")
  .max(10_000, "New contacts per day must be between 1 and 10,000")
  .nullable();

/** A reply from one address at a company's domain stops the campaign's other contacts there (free-mail domains never count). */
export const stopOnCompanyReplySchema = z.boolean({ error: "Stop on company reply must be true or false" });

export const createCampaignInputSchema = z
  .object({
    name: campaignNameSchema,
    description: campaignDescriptionSchema,
    emailColumn: z.string().trim().min(1).max(100).default("email"),
    senderAccounts: z
      .array(campaignSenderInputSchema)
      .min(1, "At least one sender account is required")
      .max(100)
      .refine(uniqueSenderEmails, "This email address is already added as a sender account."),
    contacts: z
      .array(contactInputSchema)
      .min(1, "No contacts found. Please upload contacts before launching the campaign.")
      .max(MAX_CONTACTS_PER_REQUEST),
    sequence: sequenceInputSchema,
    trackOpens: campaignTrackOpensSchema.optional(),
    /** Left out: off. */
    trackClicks: campaignTrackClicksSchema.optional(),
    sendAs: sendFormatSchema.optional(),
    bookingLinkId: campaignBookingLinkSchema.optional(),
    dailyNewContactsLimit: dailyNewContactsLimitSchema.optional(),
    stopOnCompanyReply: stopOnCompanyReplySchema.optional(),
    /** The automatic A/B winner's settings (ab-winner.ts); left out: off, 50 sends, 95%. */
    abSettings: abSettingsSchema.optional(),
  })
  .meta({ id: "CreateCampaignInput" });
export type CreateCampaignInput = z.infer<typeof createCampaignInputSchema>;

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** As stored: what the user set (draft on creation, active, paused). */
    status: z.enum(campaignStatuses),
    /**
     * What every screen shows, with its toggle (displayCampaignStatus): an active
     * campaign that has nothing left to send shows as completed.
     */
    displayStatus: z.enum(campaignStatuses),
    emailColumn: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    launchedAt: z.string().nullable(),
    /** The campaign's override of the user's 'Track opens' (null: the setting). */
    trackOpens: z.boolean().nullable(),
    /** Whether its messages carry the open pixel: the override, else the setting. False: no open figures. */
    opensTracked: z.boolean(),
    /** Whether its links go out as click redirects, unless a step says otherwise. */
    trackClicks: z.boolean(),
    /** How its steps are sent unless a step says otherwise. */
    sendAs: z.enum(sendFormats),
    /** The scheduling link its {{bookingLink}} merge tag points at (null: none chosen). */
    bookingLinkId: z.string().nullable(),
    /** At most this many contacts get step 1 a day (null: no cap). */
    dailyNewContactsLimit: z.number().int().nullable(),
    /** A reply from one address at a company domain stops the campaign's other contacts there. */
    stopOnCompanyReply: z.boolean(),
  })
  .meta({ id: "Campaign" });
export type Campaign = z.infer<typeof campaignSchema>;

/** A dashboard row and a Campaigns overview card: the campaign with its counters (kept in campaign_stats). */
export const campaignSummarySchema = campaignSchema
  .extend({
    contactCount: z.number(),
    scheduledCount: z.number(),
    sentCount: z.number(),
    openedCount: z.number(),
    /** Sends that failed, and sends recorded but not yet sent or failed (with sentCount: every send). */
    failedCount: z.number(),
    pendingCount: z.number(),
    /** Sends whose delivery is unknown (a worker stopped mid-send), waiting for Send anyway or Skip. */
    unknownCount: z.number(),
  })
  .meta({ id: "CampaignSummary" });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) }).meta({ id: "CampaignList" });
export type CampaignList = z.infer<typeof campaignListSchema>;

/** A campaign's own sender account (its connection comes from the saved sender it was imported from). */
export const campaignSenderSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    provider: z.enum(senderProviders),
    dailyLimit: z.number(),
    savedSenderId: z.string().nullable(),
    /** False in live mode when there is no working connection (blocks launch). */
    canSend: z.boolean(),
    /** Why a launch would refuse it (its connection's stored settings), as a sentence; null: nothing stored stops it. */
    cannotSendReason: z.string().nullable(),
  })
  .meta({ id: "CampaignSender" });
export type CampaignSender = z.infer<typeof campaignSenderSchema>;

export const campaignDetailSchema = z
  .object({
    campaign: campaignSchema,
    senders: z.array(campaignSenderSchema),
    sequence: z.array(sequenceStepSchema),
    contactCount: z.number(),
    /** The names that fill a merge tag besides the built-ins (mergeTagColumns): what the launch checks against. */
    mergeTagColumns: z.array(z.string()),
  })
  .meta({ id: "CampaignDetail" });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** Edit → Save Changes: details, the whole sequence (by position) and the senders, in one transaction. */
export const updateCampaignInputSchema = z
  .object({
    name: campaignNameSchema,
    description: campaignDescriptionSchema,
    sequence: sequenceInputSchema,
    senderAccounts: z
      .array(campaignSenderInputSchema.extend({ id: z.string().uuid().optional() }))
      .min(1, "At least one sender account is required")
      .max(100)
      .refine(uniqueSenderEmails, "This email address is already added as a sender account."),
    /** Left out: unchanged. */
    trackOpens: campaignTrackOpensSchema.optional(),
    trackClicks: campaignTrackClicksSchema.optional(),
    sendAs: sendFormatSchema.optional(),
    bookingLinkId: campaignBookingLinkSchema.optional(),
    dailyNewContactsLimit: dailyNewContactsLimitSchema.optional(),
    stopOnCompanyReply: stopOnCompanyReplySchema.optional(),
  })
  .meta({ id: "UpdateCampaignInput" });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInputSchema>;

export const campaignStatusInputSchema = z
  .object({ status: z.enum(["active", "paused"]) })
  .meta({ id: "CampaignStatusInput" });
