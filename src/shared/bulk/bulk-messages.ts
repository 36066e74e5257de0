// Email in Bulk (docs/product.md §12): limits and
// every user-facing text, the spec's words where it gives them. The UI, the
// server and the tests use this one copy.
import { editContactMessages, MAX_EDIT_CSV_BYTES } from "../contacts/import/import-messages.ts";

/** The bulk CSV must be under 10 MB (docs/product.md §18). */
export const MAX_BULK_CSV_BYTES = MAX_EDIT_CSV_BYTES;
/** Contacts in one send: the same cap as a campaign's contact list. */
export const MAX_BULK_CONTACTS = 10_000;
/** Sender addresses in one send. */
export const MAX_BULK_SENDERS = 100;
/** Rows in the upload preview. */
export const BULK_PREVIEW_ROWS = 10;

/** The automation webhook's request headers (the receiver verifies the signature with them). */
export const BULK_SIGNATURE_HEADER = "X-Coldreach-Signature";
export const BULK_TIMESTAMP_HEADER = "X-Coldreach-Timestamp";

const count = (n: number) => n.toLocaleString("en-US");

export const bulkMessages = {
  // CSV upload (the same texts as the edit screen's CSV upload).
  csvOnly: editContactMessages.csvOnly,
  csvTooLarge: editContactMessages.csvTooLarge,
  noEmailColumn: editContactMessages.noEmailColumn,
  noValidEmails: editContactMessages.noValidCsvEmails,
  csvUploaded: (n: number) => `CSV file uploaded successfully! Found ${count(n)} valid emails.`,

  // Sender list (the add/remove toasts' wording is ours).
  invalidSenderEmail: "Please enter a valid email address.",
  duplicateSenderEmail: "This email address is already added.",
  senderAdded: "Sender email added",
  senderRemoved: "Sender email removed",

  // Send checks, in the spec's order; subject and message only when Coldreach sends.
  nameRequired: "Please enter a campaign name.",
  sendersRequired: "Please add at least one sender email address.",
  contactsRequired: "Please upload a CSV file with email addresses.",
  tooManyContacts: `You can send to at most ${count(MAX_BULK_CONTACTS)} contacts at a time. Split the CSV file and send each part.`,
  tooManySenders: `You can add at most ${MAX_BULK_SENDERS} sender email addresses.`,
  contactEmailInvalid: "Every contact needs an email address that contains @.",
  subjectRequired: "Please enter a subject for the email.",
  messageRequired: "Please enter the email message.",

  // Outcome.
  sendFailed: "Failed to send bulk emails. Please try again.",
  sendError: "An error occurred while sending bulk emails. Please try again.",
  sent: (n: number) => `Bulk emails sent successfully! ${count(n)} emails processed.`,

  // Server-side refusals that are clearer than the generic error.
  webhookNotAllowed: "The automation webhook address is not allowed: it points to a private or local network.",
  noSavedSender: (email: string) => `No saved sender account for ${email}. Add it in Senders first.`,
  noDeliverableContacts: "None of the contacts has a complete email address (name@domain.tld).",
} as const;
