/**
 * Enumerated values stored in the database. The Drizzle schema builds its CHECK
 * constraints from these arrays and the API schemas and forms use the same arrays,
 * so a value cannot be accepted by one layer and rejected by another.
 * Plain TypeScript on purpose: shared code knows nothing of Drizzle.
 */

/** Lowercase weekday names, as stored in sending_days and available_days. */
export { type Weekday, weekdays } from "./weekdays.ts";

export const themeModes = ["light", "dark", "auto"] as const;
export type ThemeMode = (typeof themeModes)[number];

export const fromNameFormats = ["first_last", "company_team"] as const;
export type FromNameFormat = (typeof fromNameFormats)[number];

export const campaignStatuses = ["draft", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** "custom" is displayed as Custom SMTP; "smtp" is the same kind of connection. */
export const senderProviders = ["gmail", "outlook", "smtp", "custom"] as const;
export type SenderProvider = (typeof senderProviders)[number];

export const smtpSecurityModes = ["tls", "starttls", "none"] as const;
export type SmtpSecurityMode = (typeof smtpSecurityModes)[number];

/** A reply is recorded in contacts.replied_at, not as a status. */
export const contactStatuses = ["active", "unsubscribed", "bounced", "completed"] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const bodyFormats = ["text", "html"] as const;
export type BodyFormat = (typeof bodyFormats)[number];

/**
 * How a campaign message is sent: "html" is an HTML part with a text
 * alternative (today's default); "plain_text" is a text part alone (no HTML, so
 * no open pixel). Not the editor's body_format, which is how the body was written.
 */
export const sendFormats = ["html", "plain_text"] as const;
export type SendFormat = (typeof sendFormats)[number];

/** How a step's A/B winner was chosen: by the significance rule, or by the user. */
export const abWinnerModes = ["auto", "manual"] as const;
export type AbWinnerMode = (typeof abWinnerModes)[number];

export const delayUnits = ["days", "hours", "minutes"] as const;
export type DelayUnit = (typeof delayUnits)[number];

/**
 * "unknown": a delivery that may have reached the SMTP server when its worker
 * stopped; it waits for the user's decision (send anyway / skip), and so do the
 * contact's later steps.
 */
export const scheduledEmailStatuses = [
  "scheduled",
  "sending",
  "sent",
  "failed",
  "cancelled",
  "paused",
  "unknown",
] as const;
export type ScheduledEmailStatus = (typeof scheduledEmailStatuses)[number];

/** Opened is derived from email_sends.opened_at, not a status. */
export const emailSendStatuses = ["pending", "sent", "failed"] as const;
export type EmailSendStatus = (typeof emailSendStatuses)[number];

export const failureCategories = [
  "invalid_address",
  "bounced",
  "rejected",
  "blocked",
  "spam",
  "rate_limited",
  "authentication",
  "network",
  "domain_issue",
  "content_filtered",
  "other",
] as const;
export type FailureCategory = (typeof failureCategories)[number];

/**
 * Why a send failed, in words a user can act on (email_sends.failure_reason):
 * finer than the category, which groups them for the failure breakdown. Only
 * user_unknown and domain_not_found say the address is bad, so only they
 * count toward a sender's bounce rate; the policy, authentication, reputation
 * and reverse-DNS reasons are about the sender and raise a sender warning.
 */
export const failureReasons = [
  "user_unknown",
  "bad_address_syntax",
  "mailbox_full",
  "mailbox_disabled",
  "domain_not_found",
  "policy",
  "auth_spf",
  "auth_dkim",
  "auth_dmarc",
  "auth_unspecified",
  "reputation",
  "reverse_dns",
  "content",
  "message_too_big",
  "rate_limited",
  "expired",
  "network",
  "sender_login",
  "other",
] as const;
export type FailureReason = (typeof failureReasons)[number];

/** Why bounce protection paused a sender mailbox or a campaign (sender_protection.pause_reason). */
export const senderPauseReasons = ["bounce_rate", "spam_complaints", "unsubscribes"] as const;
export type SenderPauseReason = (typeof senderPauseReasons)[number];

export const bounceTypes = ["hard", "soft"] as const;
export type BounceType = (typeof bounceTypes)[number];

export const verificationResults = ["valid", "invalid", "disposable", "catchall", "unknown", "error"] as const;
export type VerificationResult = (typeof verificationResults)[number];

export const meetingStatuses = ["scheduled", "cancelled", "completed"] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

export const suppressionReasons = ["unsubscribed", "bounced", "complained", "manual"] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** A block list entry (block_list.kind): one address, or a domain with its subdomains. */
export const blockKinds = ["address", "domain"] as const;
export type BlockKind = (typeof blockKinds)[number];

/** How an entry got on the block list (block_list.source): typed in on the Block list screen, or read from a file. */
export const blockSources = ["manual", "import"] as const;
export type BlockSource = (typeof blockSources)[number];

/**
 * What the mailbox sync made of an inbound message (mailbox_messages.kind):
 * a reply, an auto-reply (the sequence goes on, unless it says the person has
 * left), a bounce, an unsubscribe request, spam (Junk folder), or nothing of ours.
 */
// received: a message the user restored from Junk (issue 28). It is mail received,
// not recognised as an answer to a send, so it counts as no reply.
export const inboundKinds = ["reply", "auto_reply", "bounce", "unsubscribe", "spam", "ignored", "received"] as const;
export type InboundKind = (typeof inboundKinds)[number];

/**
 * What the mailbox's ledger (mailbox_messages.kind) holds of a message: what
 * it was (inboundKinds), or
 * - unmatched: a bounce that returns nothing this app sent from the mailbox
 *   (a forged or stray report): kept as a notice, acted on never;
 * - skipped: a message that could not be applied (skipReasons says why): the
 *   sync moved past it;
 * - complaint: a spam complaint (a feedback report, RFC 5965) about one of
 *   the mailbox's sends.
 */
export const ledgerKinds = [...inboundKinds, "unmatched", "skipped", "complaint"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * Why a message was skipped: it could not be read (its MIME could not be
 * parsed), what it would have done could not be saved (the database refused
 * it), or something else failed on it.
 */
export const skipReasons = ["unreadable", "not_saved", "unexpected"] as const;
export type SkipReason = (typeof skipReasons)[number];

/** The classes of inbound replies (Email Classification). */
export const replyClasses = [
  "interested",
  "not_interested",
  "meeting_request",
  "out_of_office",
  "unsubscribe_request",
  "wrong_person",
  "bounce",
  "other",
] as const;
export type ReplyClass = (typeof replyClasses)[number];

/**
 * The last CNAME check of a tracking host (tracking_hosts.check_status):
 * never checked, a CNAME to the app's public host, no CNAME at that name, a
 * CNAME to another host, or the lookup failed (timeout, server failure).
 */
export const trackingHostStatuses = ["pending", "pass", "not_found", "wrong_target", "lookup_failed"] as const;
export type TrackingHostStatus = (typeof trackingHostStatuses)[number];

/** A domain health check's outcome (domain_health_checks' spf, dkim and dmarc). */
export const domainCheckStatuses = ["pass", "warn", "fail"] as const;
export type DomainCheckStatus = (typeof domainCheckStatuses)[number];

/**
 * A lead's status across campaigns (lead_statuses.status): one per user and
 * address, whatever campaign the address is in. The engine and the mailbox set
 * what they know (a send → contacted, a booking → meeting_booked, a reply's
 * class → its status, marked suggested); the user sets the rest.
 */
export const leadStatuses = [
  "new",
  "contacted",
  "replied",
  "interested",
  "meeting_booked",
  "not_interested",
  "wrong_person",
  "out_of_office",
  "unsubscribed",
  "bounced",
] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * Who changed a lead's status (lead_status_changes.source, lead_statuses.source):
 * the user in the app, the user's API key, the sending engine (a send, a hard
 * bounce at send time), the mailbox (a reply, a bounce, an emailed opt-out),
 * a booking, or the unsubscribe link.
 */
export const leadStatusSources = ["user", "api", "sending", "mailbox", "booking", "unsubscribe"] as const;
export type LeadStatusSource = (typeof leadStatusSources)[number];

/** The events an outbound webhook endpoint can subscribe to (webhook_endpoints.events). */
export const webhookEventTypes = [
  "email.sent",
  "email.opened",
  "email.clicked",
  "email.bounced",
  "reply.received",
  "contact.unsubscribed",
  "contact.status_changed",
  "meeting.booked",
  "campaign.completed",
  "sender.paused",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * A webhook delivery (webhook_deliveries.status): waiting for its next try,
 * delivered (a 2xx), failed for good (a 4xx other than 408/429, or a day of
 * retries), or cancelled (its endpoint was disabled or removed first).
 */
export const webhookDeliveryStatuses = ["pending", "delivered", "failed", "cancelled"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** What an API key may do (api_keys.access): read only (GET), or read and write. */
export const apiKeyAccessLevels = ["read_only", "read_write"] as const;
export type ApiKeyAccess = (typeof apiKeyAccessLevels)[number];

/**
 * What a notification in the outbox (notifications.kind) tells its user:
 * a campaign was launched, the opens since the last digest, a person replied,
 * bounce protection paused a sender mailbox or a campaign.
 */
export const notificationKinds = ["campaign_launched", "open_digest", "reply", "protection_pause"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A notification (notifications.status): waiting to be sent (or for its next
 * try), sent, dropped (its switch was turned off before it went), or failed
 * for good (the mail server refused it every try).
 */
export const notificationStatuses = ["pending", "sent", "dropped", "failed"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];
