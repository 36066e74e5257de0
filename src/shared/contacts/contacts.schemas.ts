// Contacts as imported (wizard, edit campaign) and stored.
import { z } from "zod";
import { blockListReasons } from "../block-list/block-list-reasons.ts";
import { contactStatuses } from "../db-enums.ts";
import { leadStatusSummarySchema } from "../lead-status/lead-status.schemas.ts";
import { parseTimeZone } from "./time-zone.ts";

export const MAX_CONTACTS_PER_REQUEST = 10_000;

/**
 * A contact's time zone as given: an IANA name or a UTC offset ("+05:30",
 * "UTC-3"), stored as parseTimeZone normalises it; empty or null: the user's.
 */
export const contactTimeZoneSchema = z
  .string()
  .nullable()
  .superRefine((value, ctx) => {
    const parsed = parseTimeZone(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  })
  .meta({
    description: "IANA time zone (America/New_York) or UTC offset (+05:30, UTC-3); null or empty: the user's zone.",
  });

export const contactInputSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
  firstName: z.string().trim().max(200).nullable().optional(),
  lastName: z.string().trim().max(200).nullable().optional(),
  company: z.string().trim().max(300).nullable().optional(),
  timezone: contactTimeZoneSchema.optional(),
  /** Every other imported column, keyed by its normalised header. */
  customFields: z.record(z.string(), z.string().max(5000)).default({}),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactSchema = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    company: z.string().nullable(),
    /** Stored form (America/New_York, Etc/GMT-5, UTC+05:30); null: the user's zone. */
    timezone: z.string().nullable(),
    status: z.enum(contactStatuses),
    repliedAt: z.string().nullable(),
    customFields: z.record(z.string(), z.string()),
    createdAt: z.string(),
    /**
     * listed: its address or domain is on the block list, so nothing is sent
     * to it; skipped: not listed now, but a step was skipped while it was
     * (that step is not sent again); null: neither.
     */
    blocked: z.enum(["listed", "skipped"]).nullable(),
    /** The status of its address as a lead, across campaigns (docs/product.md §24). */
    leadStatus: leadStatusSummarySchema,
  })
  .meta({ id: "Contact" });
export type Contact = z.infer<typeof contactSchema>;

/** Edit campaign → Contacts: one page of a campaign's contacts, optionally searched. */
export const CONTACT_PAGE_SIZE = 50;
export const contactListQuerySchema = z.object({
  /** Matched case-insensitively against email, first and last name (also together) and company. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CONTACT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactPageSchema = z
  .object({ contacts: z.array(contactSchema), total: z.number() })
  .meta({ id: "ContactPage" });

export const addContactsInputSchema = z
  .object({ contacts: z.array(contactInputSchema).min(1, "No valid contacts found").max(MAX_CONTACTS_PER_REQUEST) })
  .meta({ id: "AddContactsInput" });
export const addContactsResultSchema = z
  .object({ added: z.number(), skippedDuplicates: z.number() })
  .meta({ id: "AddContactsResult" });

/** Editing one contact of a campaign: its time zone. */
export const contactUpdateSchema = z.object({ timezone: contactTimeZoneSchema }).meta({ id: "ContactUpdate" });
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/** How many of a campaign's contacts are timed in each zone; `zone` null: no zone of their own (the user's). */
export const contactZoneCountsSchema = z
  .object({
    /** The user's sending timezone (Settings), which contacts without a zone follow. */
    userZone: z.string(),
    zones: z.array(z.object({ zone: z.string().nullable(), contacts: z.number() })),
  })
  .meta({ id: "ContactZoneCounts" });
export type ContactZoneCounts = z.infer<typeof contactZoneCountsSchema>;

/** Detect Emails: emails this user already sent to in earlier campaigns, and those blocked or suppressed. */
export const duplicateCheckInputSchema = z
  .object({ emails: z.array(z.string().max(320)).max(MAX_CONTACTS_PER_REQUEST) })
  .meta({ id: "DuplicateCheckInput" });
export const previousSendSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  campaignId: z.string(),
  campaignName: z.string(),
  sentAt: z.string(),
});
export type PreviousSend = z.infer<typeof previousSendSchema>;
/** An imported address on the block list or the suppression list: what puts it there (the first that does). */
export const blockedAddressSchema = z.object({
  /** Lower-cased, as sent. */
  email: z.string(),
  reason: z.enum(blockListReasons),
  /** The entry that matches: the address, or the blocked domain. */
  entry: z.string(),
});
export type BlockedAddress = z.infer<typeof blockedAddressSchema>;
export const duplicateCheckResultSchema = z
  .object({ previousSends: z.array(previousSendSchema), blocked: z.array(blockedAddressSchema) })
  .meta({ id: "DuplicateCheckResult" });
export type DuplicateCheckResult = z.infer<typeof duplicateCheckResultSchema>;

/** Every contact's id and address (edit page "Verify contacts": verify all, remove by id). */
export const contactAddressesSchema = z
  .object({ contacts: z.array(z.object({ id: z.string(), email: z.string() })) })
  .meta({ id: "ContactAddresses" });
export type ContactAddresses = z.infer<typeof contactAddressesSchema>;
