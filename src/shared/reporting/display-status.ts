// Statuses derived from sends (docs/product.md §4.2, §6.2).

export type SendLike = { status: string; sentAt: string | null; openedAt: string | null };

export type EmailDisplayStatus = "opened" | "sent" | "failed" | "pending";

/** Emails screen: opened if opened_at is set; else sent if sent_at is set; else failed if failed; else pending. */
export function emailDisplayStatus(send: SendLike): EmailDisplayStatus {
  if (send.openedAt) return "opened";
  if (send.sentAt) return "sent";
  if (send.status === "failed") return "failed";
  return "pending";
}

export const emailDisplayStatusLabels: Record<EmailDisplayStatus, string> = {
  opened: "Opened",
  sent: "Sent",
  failed: "Failed",
  pending: "Pending",
};

/** Per-send label on the Contacts page: Failed, Opened, Sent, Pending (a failure wins). */
export function contactSendStatus(send: SendLike): EmailDisplayStatus {
  if (send.status === "failed") return "failed";
  if (send.openedAt) return "opened";
  if (send.sentAt) return "sent";
  return "pending";
}

export type ContactEmailStatus = "none" | "replied" | EmailDisplayStatus;

export const contactEmailStatusLabels: Record<ContactEmailStatus, string> = {
  none: "No emails sent",
  replied: "Replied",
  failed: "Failed",
  opened: "Opened",
  sent: "Sent",
  pending: "Pending",
};

/**
 * A contact's email status: no sends → none; replied when the contact has
 * replied (the original tested sent_at here, a known defect the issue fixes);
 * otherwise the most recent send decides.
 */
export function contactEmailStatus(contact: {
  repliedAt: string | null;
  sendCount: number;
  latest: SendLike | null;
}): ContactEmailStatus {
  if (contact.sendCount === 0 || !contact.latest) return "none";
  if (contact.repliedAt) return "replied";
  return contactSendStatus(contact.latest);
}
