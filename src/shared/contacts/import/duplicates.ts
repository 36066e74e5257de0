// Detect Emails (wizard step 4): the server's earlier sends grouped by
// address, and the counts the step shows. An address is a duplicate when the
// user already sent to it from one of their campaigns; it is blocked when it
// or its domain is on the user's block list, or it is suppressed.
import type { PreviousSend } from "../contacts.schemas.ts";

export type DuplicateGroup = {
  /** Lower-cased. */
  email: string;
  /** The campaigns that sent to it, the latest send first. */
  campaigns: { campaignId: string; campaignName: string; sentAt: string }[];
};

/** The address of an imported row, as duplicate detection compares it. */
export function contactEmail(row: Record<string, string>, emailColumn: string): string {
  return (row[emailColumn] ?? "").trim().toLowerCase();
}

/** Groups sends (newest first, as the API returns them) by address; groups keep that order. */
export function groupDuplicates(previousSends: readonly PreviousSend[]): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  for (const send of previousSends) {
    const email = send.email.toLowerCase();
    let group = groups.get(email);
    if (!group) {
      group = { email, campaigns: [] };
      groups.set(email, group);
    }
    if (!group.campaigns.some((c) => c.campaignId === send.campaignId)) {
      group.campaigns.push({ campaignId: send.campaignId, campaignName: send.campaignName, sentAt: send.sentAt });
    }
  }
  return [...groups.values()];
}

export type DetectionCounts = { total: number; duplicates: number; blocked: number; willProceed: number };

/**
 * Total Contacts, Duplicates Found, Blocked, Will Proceed. Only a duplicate can
 * be removed here, so a stale mark on an address that is no longer a duplicate
 * does not drop anyone. A blocked contact (its address or domain on the block
 * list, or its address suppressed) never proceeds, duplicate or not.
 */
export function detectionCounts(
  emails: readonly string[],
  duplicates: ReadonlySet<string>,
  removed: ReadonlySet<string>,
  blocked: ReadonlySet<string> = new Set(),
): DetectionCounts {
  let dropped = 0;
  let blockedContacts = 0;
  for (const email of emails) {
    if (blocked.has(email)) blockedContacts++;
    if (blocked.has(email) || (duplicates.has(email) && removed.has(email))) dropped++;
  }
  return {
    total: emails.length,
    duplicates: duplicates.size,
    blocked: blockedContacts,
    willProceed: emails.length - dropped,
  };
}
