// email_sends.error_message: the JSON the inbox shows as "error details with
// troubleshooting hints" (docs/product.md §11.2): error, recipient, sender, subject,
// timestamp and troubleshooting { suggestion, commonCauses }, plus the failure
// category. Readers must accept any text too: the spec shows unreadable details
// as raw text, and rows written before this format exist.
import { z } from "zod";
import { type FailureCategory, type FailureReason, failureCategories, failureReasons } from "../db-enums.ts";

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

/**
 * What to do about a failure whose reason is known, where the category's
 * general advice would mislead: an SPF failure is filed under authentication,
 * whose advice is about the account's password; a missing PTR record under
 * blocked, whose advice is about block lists.
 */
export const reasonTroubleshooting: Readonly<Partial<Record<FailureReason, Troubleshooting>>> = {
  user_unknown: {
    suggestion: "The address does not exist. Remove the contact or find its correct address; it is not sent to again.",
    commonCauses: ["The person left the company", "A typo in the address", "The mailbox was deleted"],
  },
  bad_address_syntax: {
    suggestion:
      "The address is malformed. Correct it in the contact (look for spaces, double dots or a missing domain).",
    commonCauses: ["A typo or stray character in the address", "An address cut short in the import file"],
  },
  mailbox_full: {
    suggestion:
      "The recipient's mailbox is full. The address is kept; try again in a few days or reach them another way.",
    commonCauses: ["The mailbox is over its storage quota", "An abandoned mailbox that nobody empties"],
  },
  mailbox_disabled: {
    suggestion: "The mailbox is disabled or suspended. The person may have left: find another contact at the company.",
    commonCauses: ["The account was suspended or closed", "The person left and the mailbox was deactivated"],
  },
  domain_not_found: {
    suggestion: "The recipient's domain does not exist or takes no mail (no MX record). Check the domain for typos.",
    commonCauses: ["A typo in the domain", "The company changed its domain", "The domain expired"],
  },
  policy: {
    suggestion:
      "The receiving server refused the message by its policy. Read its reply above; the address is not suppressed.",
    commonCauses: [
      "The recipient only accepts mail from known senders",
      "Relaying is not allowed for this sender",
      "Your sending address or domain was refused",
    ],
  },
  auth_spf: {
    suggestion:
      "The receiver's SPF check failed. Publish an SPF record for your domain that includes your sending server, or fix the one you have (a sender's domain health on Senders shows it).",
    commonCauses: ["No SPF record", "The SPF record does not list the sending server", "More than one SPF record"],
  },
  auth_dkim: {
    suggestion:
      "The receiver's DKIM check failed. Sign your mail with a DKIM key and publish its public key in DNS (Deliverability → DKIM keys).",
    commonCauses: ["No DKIM signature", "The DKIM public key is not published or does not match"],
  },
  auth_dmarc: {
    suggestion:
      "The receiver's DMARC check failed. Make SPF or DKIM pass for the domain in your From address, then check your DMARC record.",
    commonCauses: [
      "SPF and DKIM pass for another domain than the From address",
      "A strict DMARC policy with failing checks",
    ],
  },
  auth_unspecified: {
    suggestion: "Your domain failed the receiver's authentication checks. Set up SPF and DKIM for it (and DMARC).",
    commonCauses: ["No SPF or DKIM for the sending domain", "Checks pass for another domain than the From address"],
  },
  reputation: {
    suggestion:
      "Refused for the sender's reputation or a block list. Check your IP and domain on a block list lookup, request delisting, send less and warm up the sender.",
    commonCauses: [
      "The sending IP or domain is on a block list (Spamhaus, Cloudmark, Barracuda…)",
      "Complaints or bounces from earlier sends",
      "A new or shared IP with a poor history",
    ],
  },
  reverse_dns: {
    suggestion:
      "The sending IP has no reverse DNS (PTR) record, or it does not match. Ask your mail server's provider to set a PTR record for its IP.",
    commonCauses: ["No PTR record for the sending IP", "The PTR name does not resolve back to the IP"],
  },
  content: {
    suggestion:
      "A content or spam filter refused the message. Make it more personal, use fewer links and images, and warm up the sender.",
    commonCauses: ["Spam-like wording or too many links", "A link or attachment a filter blocks"],
  },
  message_too_big: {
    suggestion: "The message is too big for the receiving server. Remove large images or attachments, or link to them.",
    commonCauses: ["Large attachments or embedded images"],
  },
  expired: {
    suggestion:
      "The receiving server could not be reached for days and delivery gave up. Check the recipient's domain; try again later.",
    commonCauses: ["The recipient's mail server is down or unreachable", "It kept deferring the message"],
  },
};

export const sendErrorDetailsSchema = z.object({
  error: z.string(),
  recipient: z.string(),
  sender: z.string(),
  subject: z.string(),
  timestamp: z.string(),
  category: z.enum(failureCategories).optional(),
  reason: z.enum(failureReasons).optional(),
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
  /** Why: its advice replaces the category's when there is one. */
  reason?: FailureReason;
  /** Replaces the suggestion when this failure has a more exact one still. */
  suggestion?: string;
};

/** The JSON string for email_sends.error_message. */
export function buildSendErrorMessage(input: SendErrorInput): string {
  const details: Omit<SendErrorDetails, "troubleshooting"> = {
    error: input.error,
    recipient: input.recipient,
    sender: input.sender,
    subject: input.subject,
    timestamp: typeof input.timestamp === "string" ? input.timestamp : input.timestamp.toISOString(),
    category: input.category,
    ...(input.reason ? { reason: input.reason } : {}),
  };
  const advice = (input.reason && reasonTroubleshooting[input.reason]) || failureTroubleshooting[input.category];
  return JSON.stringify({
    ...details,
    troubleshooting: input.suggestion ? { ...advice, suggestion: input.suggestion } : advice,
  });
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
