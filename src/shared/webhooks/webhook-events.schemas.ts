// What a receiver gets: every webhook body is { type, timestamp, data }, and
// each event type's `data` has these stable fields (camelCase; ids are the
// app's uuids; times are ISO 8601 in UTC; null when the fact does not apply,
// e.g. a direct email has no campaign). New fields may be added, never
// renamed or removed. The OpenAPI document's `webhooks` section is built
// from these schemas and examples (server/features/webhooks/webhook-docs.ts).
import { z } from "@hono/zod-openapi";
import {
  bounceTypes,
  failureCategories,
  failureReasons,
  inboundKinds,
  leadStatuses,
  leadStatusSources,
  replyClasses,
  senderPauseReasons,
  type WebhookEventType,
} from "../db-enums.ts";

const id = z.string().uuid();
const time = z.string().datetime({ offset: true });

export const emailSentDataSchema = z
  .object({
    sendId: id,
    campaignId: id.nullable(),
    contactId: id.nullable(),
    senderId: id.nullable(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    /** 1 for the campaign's first step, 2 for the first follow-up… (null: a direct email). */
    step: z.number().int().nullable(),
    sentAt: time,
  })
  .meta({ id: "EmailSentEvent" });

export const emailOpenedDataSchema = z
  .object({
    sendId: id,
    campaignId: id.nullable(),
    contactId: id.nullable(),
    email: z.string(),
    subject: z.string(),
    openedAt: time,
  })
  .meta({ id: "EmailOpenedEvent" });

export const emailClickedDataSchema = z
  .object({
    sendId: id,
    campaignId: id.nullable(),
    contactId: id.nullable(),
    email: z.string(),
    url: z.string(),
    clickedAt: time,
  })
  .meta({ id: "EmailClickedEvent" });

export const emailBouncedDataSchema = z
  .object({
    sendId: id,
    campaignId: id.nullable(),
    contactId: id.nullable(),
    email: z.string(),
    bounceType: z.enum(bounceTypes),
    category: z.enum(failureCategories).nullable(),
    reason: z.enum(failureReasons).nullable(),
    /** "send": refused by the receiving server while sending; "mailbox": a bounce message read from the sender's mailbox. */
    source: z.enum(["send", "mailbox"]),
    bouncedAt: time,
  })
  .meta({ id: "EmailBouncedEvent" });

export const replyReceivedDataSchema = z
  .object({
    sendId: id,
    campaignId: id.nullable(),
    contactId: id.nullable(),
    email: z.string(),
    senderEmail: z.string(),
    subject: z.string(),
    /** The reply's text without the quoted message, at most 500 characters. */
    excerpt: z.string(),
    /** reply, or auto_reply (out of office, left the company). */
    kind: z.enum(inboundKinds),
    /** What the classifier made of it (interested, not_interested, out_of_office…), null when it could not tell. */
    replyClass: z.enum(replyClasses).nullable(),
    /** The lead's status after this reply (null: none set). */
    leadStatus: z.enum(leadStatuses).nullable(),
    receivedAt: time,
  })
  .meta({ id: "ReplyReceivedEvent" });

export const contactUnsubscribedDataSchema = z
  .object({
    email: z.string(),
    sendId: id.nullable(),
    campaignId: id.nullable(),
    contactId: id.nullable(),
    /** link: the unsubscribe page; one_click: the mailbox's unsubscribe button (RFC 8058); mailbox: a reply asking to stop. */
    source: z.enum(["link", "one_click", "mailbox"]),
    unsubscribedAt: time,
  })
  .meta({ id: "ContactUnsubscribedEvent" });

export const contactStatusChangedDataSchema = z
  .object({
    /** The lead's address (lower-cased): a lead is an address across the user's campaigns. */
    email: z.string(),
    /** The status before ("new" when the lead had none). */
    from: z.enum(leadStatuses),
    to: z.enum(leadStatuses),
    /** Inferred by the app (a reply's class) and not confirmed by the user. */
    suggested: z.boolean(),
    /** Who changed it: the user, an API key, the sending engine, the mailbox, a booking, an unsubscribe. */
    source: z.enum(leadStatusSources),
    /** The contacts holding that address, one per campaign, oldest first. */
    contactIds: z.array(id),
  })
  .meta({ id: "ContactStatusChangedEvent" });

export const meetingBookedDataSchema = z
  .object({
    meetingId: id,
    linkId: id,
    contactId: id.nullable(),
    email: z.string(),
    name: z.string().nullable(),
    startsAt: time,
    endsAt: time,
    timezone: z.string(),
    bookedAt: time,
  })
  .meta({ id: "MeetingBookedEvent" });

export const campaignCompletedDataSchema = z
  .object({
    campaignId: id,
    name: z.string(),
    sent: z.number().int(),
    failed: z.number().int(),
    completedAt: time,
  })
  .meta({ id: "CampaignCompletedEvent" });

export const senderPausedDataSchema = z
  .object({
    senderEmail: z.string(),
    reason: z.enum(senderPauseReasons),
    detail: z.string(),
    pausedAt: time,
  })
  .meta({ id: "SenderPausedEvent" });

export const webhookEventDataSchemas = {
  "email.sent": emailSentDataSchema,
  "email.opened": emailOpenedDataSchema,
  "email.clicked": emailClickedDataSchema,
  "email.bounced": emailBouncedDataSchema,
  "reply.received": replyReceivedDataSchema,
  "contact.unsubscribed": contactUnsubscribedDataSchema,
  "contact.status_changed": contactStatusChangedDataSchema,
  "meeting.booked": meetingBookedDataSchema,
  "campaign.completed": campaignCompletedDataSchema,
  "sender.paused": senderPausedDataSchema,
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[T]>;

/** The body of one event type's request. */
export function webhookBodySchema<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    /** When it happened. */
    timestamp: time,
    data: webhookEventDataSchemas[type],
  });
}

const uuidA = "3f1c9f4e-8a51-4d6b-9a56-2f4b8c0d1e21";
const uuidB = "7b2e0c1a-54f3-4c8e-b1d2-9e8f7a6b5c43";
const uuidC = "c5d4e3f2-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
const sampleTime = "2026-03-02T14:05:09.000Z";

/** One example body per type: the API document's, and the data of a "Send test event". */
export const webhookEventExamples: { [T in WebhookEventType]: WebhookEventData<T> } = {
  "email.sent": {
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    senderId: "0d9c8b7a-6f5e-4d3c-9b2a-1f0e9d8c7b6a",
    from: "alex@acme.example",
    to: "jane@prospect.example",
    subject: "Quick question about Prospect Inc",
    step: 1,
    sentAt: sampleTime,
  },
  "email.opened": {
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    email: "jane@prospect.example",
    subject: "Quick question about Prospect Inc",
    openedAt: sampleTime,
  },
  "email.clicked": {
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    email: "jane@prospect.example",
    url: "https://acme.example/pricing",
    clickedAt: sampleTime,
  },
  "email.bounced": {
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    email: "jane@prospect.example",
    bounceType: "hard",
    category: "invalid_address",
    reason: "user_unknown",
    source: "mailbox",
    bouncedAt: sampleTime,
  },
  "reply.received": {
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    email: "jane@prospect.example",
    senderEmail: "alex@acme.example",
    subject: "Re: Quick question about Prospect Inc",
    excerpt: "Sounds interesting, can we talk on Thursday?",
    kind: "reply",
    replyClass: "interested",
    leadStatus: "interested",
    receivedAt: sampleTime,
  },
  "contact.unsubscribed": {
    email: "jane@prospect.example",
    sendId: uuidA,
    campaignId: uuidB,
    contactId: uuidC,
    source: "link",
    unsubscribedAt: sampleTime,
  },
  "contact.status_changed": {
    email: "jane@prospect.example",
    from: "contacted",
    to: "interested",
    suggested: true,
    source: "mailbox",
    contactIds: [uuidC],
  },
  "meeting.booked": {
    meetingId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
    linkId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    contactId: uuidC,
    email: "jane@prospect.example",
    name: "Jane Doe",
    startsAt: "2026-03-05T15:00:00.000Z",
    endsAt: "2026-03-05T15:30:00.000Z",
    timezone: "Europe/Paris",
    bookedAt: sampleTime,
  },
  "campaign.completed": {
    campaignId: uuidB,
    name: "Q2 outreach",
    sent: 248,
    failed: 3,
    completedAt: sampleTime,
  },
  "sender.paused": {
    senderEmail: "alex@acme.example",
    reason: "bounce_rate",
    detail: "6 hard bounces in 50 sends (12.0%) over 7 days, above your 5% limit",
    pausedAt: sampleTime,
  },
};

/** What each event means, for the settings screen's checkboxes and the API document. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "email.sent": "An email went out (a campaign step or a direct email)",
  "email.opened": "An email was opened for the first time",
  "email.clicked": "A tracked link in an email was clicked for the first time",
  "email.bounced": "An email bounced: refused while sending, or a bounce read from the mailbox",
  "reply.received": "A contact replied (with the reply's class and the lead's status)",
  "contact.unsubscribed": "A contact unsubscribed (link, one-click or a reply asking to stop)",
  "contact.status_changed": "A lead's status changed",
  "meeting.booked": "A meeting was booked on a scheduling link",
  "campaign.completed": "A campaign has nothing left to send",
  "sender.paused": "Bounce protection paused a sender account",
};
