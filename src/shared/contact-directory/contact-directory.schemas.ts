// Contacts page (docs/product.md §6): every contact of the user's campaigns,
// one entry per email address (case-insensitively) across campaigns.
import { z } from "zod";
import { meetingStatuses } from "../db-enums.ts";
import { leadStatusFilterSchema, leadStatusSummarySchema } from "../lead-status/lead-status.schemas.ts";
import type { ContactEmailStatus, EmailDisplayStatus } from "../reporting/display-status.ts";

export const DIRECTORY_PAGE_SIZE = 50;
/** The newest sends a contact's history shows (a contact has one send per campaign step). */
export const HISTORY_LIMIT = 500;
/** The latest meetings a contact's history shows. */
export const MEETINGS_LIMIT = 100;

export const contactEmailStatuses = [
  "none",
  "replied",
  "failed",
  "opened",
  "sent",
  "pending",
] as const satisfies readonly ContactEmailStatus[];
export const contactSendStatuses = [
  "failed",
  "opened",
  "sent",
  "pending",
] as const satisfies readonly EmailDisplayStatus[];

export const contactDirectorySearchSchema = z
  .object({
    /** Matched case-insensitively against the email, first and last name (also together) and campaign names. */
    search: z.string().trim().max(200).optional(),
  })
  .extend(leadStatusFilterSchema.shape);

export const contactDirectoryQuerySchema = contactDirectorySearchSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(DIRECTORY_PAGE_SIZE),
  /** nextCursor of the previous page; none for the first page. */
  cursor: z.string().max(200).optional(),
});
export type ContactDirectoryQuery = z.infer<typeof contactDirectoryQuerySchema>;

export const directoryCampaignSchema = z.object({ id: z.string(), name: z.string() });

/** One email address: its contact rows in every campaign merged. */
export const directoryContactSchema = z
  .object({
    /** lower(email): the entry's stable key. */
    key: z.string(),
    /** As stored on the newest contact row. */
    email: z.string(),
    /** From the newest contact row that has a name (first and last from the same row). */
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    company: z.string().nullable(),
    /** Newest first. */
    campaigns: z.array(directoryCampaignSchema),
    emailStatus: z.enum(contactEmailStatuses),
    /** Every send (any status). */
    sends: z.number(),
    /** Emails Sent: sends with status sent, summed over the merged contacts. */
    sent: z.number(),
    opened: z.number(),
    failed: z.number(),
    /** The first replied_at found, newest contact row first. */
    repliedAt: z.string().nullable(),
    /** Added: the earliest created_at of the merged contacts. */
    addedAt: z.string(),
    /** The lead's status across campaigns. */
    leadStatus: leadStatusSummarySchema,
  })
  .meta({ id: "DirectoryContact" });
export type DirectoryContact = z.infer<typeof directoryContactSchema>;

export const contactDirectoryPageSchema = z
  .object({
    contacts: z.array(directoryContactSchema),
    /** Every entry matching the search (not only this page's). */
    total: z.number(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "ContactDirectoryPage" });
export type ContactDirectoryPage = z.infer<typeof contactDirectoryPageSchema>;

export const contactHistoryQuerySchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(320),
});

export const contactHistorySendSchema = z.object({
  id: z.string(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  stepNumber: z.number().nullable(),
  /** The per-send label of the Contacts page (contactSendStatus). */
  status: z.enum(contactSendStatuses),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactHistorySend = z.infer<typeof contactHistorySendSchema>;

/** A meeting this address booked with the user through one of their scheduling links. */
export const contactHistoryMeetingSchema = z.object({
  id: z.string(),
  /** The meeting's start (ISO, UTC). */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  /** The link's zone when booked (IANA). */
  timezone: z.string(),
  /** The scheduling link's title. */
  linkTitle: z.string(),
  status: z.enum(meetingStatuses),
});
export type ContactHistoryMeeting = z.infer<typeof contactHistoryMeetingSchema>;

export const contactHistorySchema = z
  .object({
    /** Newest first, at most HISTORY_LIMIT. */
    sends: z.array(contactHistorySendSchema),
    /** Whether older sends exist beyond HISTORY_LIMIT. */
    truncated: z.boolean(),
    /** The user's meetings booked by this address (case-insensitively), latest start first, at most MEETINGS_LIMIT. */
    meetings: z.array(contactHistoryMeetingSchema),
    /** Whether earlier meetings exist beyond MEETINGS_LIMIT. */
    meetingsTruncated: z.boolean(),
  })
  .meta({ id: "ContactHistory" });
export type ContactHistory = z.infer<typeof contactHistorySchema>;
