// email_sends.error_message: the JSON the inbox shows as "error details with
// troubleshooting hints" (docs/product.md §11.2): error, recipient, sender, subject,
// timestamp and troubleshooting { suggestion, commonCauses }, plus the failure
// category. Readers must accept any text too: the spec shows unreadable details
// as raw text, and rows written before this format exist.
import { z } from "zod";
import { type FailureCategory, failureCategories } from "../db-enums.ts";

export type Troubleshooting = { suggestion: string; commonCauses: string[] };

/** What to do about each kind of failure, in the user's terms. */
export const failureTroubleshooting: Readonly<Record<FailureCategory, Troubleshooting>> = {
  invalid_address: {
    suggestion:
      "Check the address for typos or verify it on the Deliverability page, then remove or correct the contact.",
    commonCauses: ["The mailbox does not exist or was deleted", "A typo in the address", "The person left the company"],
  },
  bounced: {
    suggestion: "The recipient's mailbox could not take the message. Try again later or reach the contact another way.",
    commonCauses: [
      "The mailbox is full",
      "The mailbox is disabled or suspended",
      "A temporary problem at the recipient",
    ],
  },
  rejected: {
    suggestion:
      "The recipient's server refused the message by policy. Read the server's reply above, and check the sending domain's SPF, DKIM and DMARC records.",
    commonCauses: [
      "The recipient's server does not accept mail from your server",
      "Relaying is not allowed for this sender",
      "A policy of the receiving organisation",
    ],
  },
  blocked: {
    suggestion:
      "Your sending IP or domain is on a blocklist. Check it on a blocklist lookup service, request delisting, and lower your sending volume.",
    commonCauses: [
      "The sending IP or domain is listed on a blocklist (for example Spamhaus)",
      "Poor sender reputation",
      "Too many complaints or bounces from earlier campaigns",
    ],
  },
  spam: {
    suggestion:
      "The message was classed as spam. Make the content more personal, use fewer links and images, and warm up the sender account.",
    commonCauses: ["Spam-like wording or too many links", "A new or cold sender account", "Missing SPF, DKIM or DMARC"],
  },
  rate_limited: {
    suggestion:
      "The provider is limiting how fast you send. The email is retried later; lower the sender's daily limit.",
    commonCauses: [
      "The sender account's daily or hourly quota is reached",
      "Too many messages in a short time",
      "The receiving server throttles new senders",
    ],
  },
  authentication: {
    suggestion:
      "The sending account could not sign in. Update its password (an app password for Gmail or Outlook) or reconnect it in Senders.",
    commonCauses: [
      "A wrong or changed password",
      "Two-step verification needs an app password",
      "The account's authorisation was revoked or has expired",
    ],
  },
  network: {
    suggestion:
      "The mail server could not be reached. The email is retried automatically; check the SMTP host and port.",
    commonCauses: [
      "The mail server is down or unreachable",
      "A firewall blocks outgoing SMTP",
      "The connection timed out or was dropped",
    ],
  },
  domain_issue: {
    suggestion:
      "A domain problem stopped delivery. Check the recipient's domain, and your sending domain's DNS records (MX, SPF, DKIM, DMARC).",
    commonCauses: [
      "The recipient's domain does not exist or has no mail server",
      "Your domain fails SPF, DKIM or DMARC checks",
      "A DNS error",
    ],
  },
  content_filtered: {
    suggestion:
      "The message content was refused. Remove large images or attachments and any wording that looks like spam.",
    commonCauses: ["The message is too large", "Content or links matched a filter", "A suspicious attachment or link"],
  },
  other: {
    suggestion: "Delivery failed for an unexpected reason. Read the server's reply above and try again later.",
    commonCauses: ["A temporary problem at the mail server", "An unusual reply from the server"],
  },
};

export const sendErrorDetailsSchema = z.object({
  error: z.string(),
  recipient: z.string(),
  sender: z.string(),
  subject: z.string(),
  timestamp: z.string(),
  category: z.enum(failureCategories).optional(),
  troubleshooting: z.object({ suggestion: z.string(), commonCauses: z.array(z.string()) }),
});
export type SendErrorDetails = z.infer<typeof sendErrorDetailsSchema>;

export type SendErrorInput = {
  /** What went wrong, e.g. a DeliveryError's message (it includes the server's reply). */
  error: string;
  recipient: string;
  sender: string;
  subject: string;
  timestamp: Date | string;
  category: FailureCategory;
  /** Replaces the category's suggestion when this failure has a more exact one. */
  suggestion?: string;
};

/** The JSON string for email_sends.error_message. */
export function buildSendErrorMessage(input: SendErrorInput): string {
  const details: SendErrorDetails = {
    error: input.error,
    recipient: input.recipient,
    sender: input.sender,
    subject: input.subject,
    timestamp: typeof input.timestamp === "string" ? input.timestamp : input.timestamp.toISOString(),
    category: input.category,
    troubleshooting: input.suggestion
      ? { ...failureTroubleshooting[input.category], suggestion: input.suggestion }
      : failureTroubleshooting[input.category],
  };
  return JSON.stringify(details);
}

/** The details in an error_message, or null when it is not that JSON (show it as raw text). */
export function parseSendErrorMessage(text: string | null | undefined): SendErrorDetails | null {
  if (!text) return null;
  try {
    const parsed = sendErrorDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
