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

export const outboxHeaderSchema = z.object({ name: z.string(), value: z.string() }).meta({ id: "OutboxHeader" });

/** One MIME part of the message (numbered like mailparser: the message "", its parts "1", "1.2", ...). */
export const outboxPartSchema = z
  .object({
    partId: z.string(),
    depth: z.number().int(),
    contentType: z.string(),
    charset: z.string().nullable(),
    transferEncoding: z.string().nullable(),
    disposition: z.string().nullable(),
    filename: z.string().nullable(),
    /** The attachment decoded from this part, when it is one (its `index`). */
    attachmentIndex: z.number().int().nullable(),
  })
  .meta({ id: "OutboxPart" });

export const invitePersonSchema = z
  .object({ email: z.string().nullable(), name: z.string().nullable() })
  .meta({ id: "InvitePerson" });

/** What an iCalendar invite says, read from its first VEVENT. */
export const inviteSummarySchema = z
  .object({
    /** SUMMARY */
    title: z.string().nullable(),
    /** DTSTART as an ISO instant (an all-day event: its date at 00:00 UTC). */
    startsAt: z.string().nullable(),
    /** DTEND (or DTSTART + DURATION) as an ISO instant. */
    endsAt: z.string().nullable(),
    /** DTSTART is a date, not a time. */
    allDay: z.boolean(),
    organizer: invitePersonSchema.nullable(),
    attendees: z.array(invitePersonSchema.extend({ status: z.string().nullable() })),
    /** The calendar's METHOD (REQUEST, CANCEL, ...). */
    method: z.string().nullable(),
  })
  .meta({ id: "InviteSummary" });

export const outboxAttachmentSchema = z
  .object({
    /** Its position among the message's attachments: /api/outbox/{id}/attachments/{index}. */
    index: z.number().int(),
    /** The part's own file name, or a generated one (invite.ics, attachment-2.pdf). */
    filename: z.string(),
    contentType: z.string(),
    /** Decoded bytes. */
    size: z.number().int(),
    /** A calendar invite (text/calendar or application/ics). */
    isInvite: z.boolean(),
    /** The Content-Type's method parameter, else the calendar's METHOD (invites only). */
    method: z.string().nullable(),
    /** null when not an invite, or when the calendar could not be read. */
    invite: inviteSummarySchema.nullable(),
    /**
     * The index of an earlier attachment with the same type family and bytes:
     * nodemailer's icalEvent sends an invite twice (the calendar alternative
     * and invite.ics), which a mail client shows as one invite.
     */
    duplicateOf: z.number().int().nullable(),
  })
  .meta({ id: "OutboxAttachment" });

export const outboxMessageSchema = outboxMessageSummarySchema
  .extend({
    messageId: z.string().nullable(),
    /** A campaign sent it: it can be answered with Simulate reply. */
    campaignMessage: z.boolean(),
    /** The HTML part, its open pixels replaced by an inline image (viewing it in the app is not an open). */
    html: z.string().nullable(),
    /** The HTML part had an open pixel, which the preview does not load. */
    openPixelHidden: z.boolean(),
    text: z.string().nullable(),
    /** Lookup by lowercase name (the last value of a repeated header); headerLines has them all. */
    headers: z.record(z.string(), z.string()),
    /** Every header field in source order, repeated ones kept, folded lines unfolded. */
    headerLines: z.array(outboxHeaderSchema),
    /** Every MIME part, the message itself first, in source order. */
    parts: z.array(outboxPartSchema),
    attachments: z.array(outboxAttachmentSchema),
    /** Bytes of the raw source (GET /api/outbox/{id}/raw). */
    rawSize: z.number().int(),
  })
  .meta({ id: "OutboxMessage" });

/** GET /api/outbox/{id}/raw: a download (message/rfc822), or ?inline=1 to read it as text/plain. */
export const outboxRawQuerySchema = z.object({ inline: z.enum(["0", "1"]).optional() });

export type OutboxMessageSummary = z.infer<typeof outboxMessageSummarySchema>;
export type OutboxList = z.infer<typeof outboxListSchema>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OutboxHeader = z.infer<typeof outboxHeaderSchema>;
export type OutboxPart = z.infer<typeof outboxPartSchema>;
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;
export type InviteSummary = z.infer<typeof inviteSummarySchema>;
