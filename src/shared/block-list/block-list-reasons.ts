// Why an address is on the Block list screen, in its words, and what the user
// may take off it (docs/decisions/030-block-list.md): their own blocks, and a
// hard bounce or an address suppressed by hand (the mailbox may work again);
// never an unsubscribe or a complaint, which are the recipient's own request.
import type { BlockSource, SuppressionReason } from "../db-enums.ts";
import type { SkipReason } from "./block-list-input.ts";

/** A block's source or a suppression's reason, as the list, the export and Detect Emails name them. */
export const blockListReasons = ["blocked", "imported", "unsubscribed", "bounced", "complained", "manual"] as const;
export type BlockListReason = (typeof blockListReasons)[number];

export const blockListReasonLabels: Record<BlockListReason, string> = {
  blocked: "Blocked by you",
  imported: "Imported",
  unsubscribed: "Unsubscribed",
  bounced: "Hard bounce",
  complained: "Complaint",
  manual: "Added by hand",
};

export const reasonOfBlock = (source: BlockSource): BlockListReason => (source === "import" ? "imported" : "blocked");

/** The suppressions a user may lift. */
export const removableSuppressions: readonly SuppressionReason[] = ["bounced", "manual"];

export const isRemovableSuppression = (reason: SuppressionReason) => removableSuppressions.includes(reason);

/** Why a suppression stays, for the 409 and the screen's hint. */
export const suppressionKept: Partial<Record<SuppressionReason, string>> = {
  unsubscribed: "This address unsubscribed: only the recipient can undo that, so it stays on the list.",
  complained: "This address marked your email as spam: it stays on the list.",
};

export const skipReasonLabels: Record<SkipReason, string> = {
  empty: "Empty line",
  invalid_address: "Invalid address",
  invalid_domain: "Invalid domain",
  duplicate: "Duplicate",
  already_blocked: "Already blocked",
};

/** "Duplicate of line 3", "Invalid domain". */
export function skipLabel(skip: { reason: SkipReason; duplicateOf: number | null }, unit = "line"): string {
  const label = skipReasonLabels[skip.reason];
  return skip.reason === "duplicate" && skip.duplicateOf !== null ? `${label} of ${unit} ${skip.duplicateOf}` : label;
}

/** Compose's refusal of a blocked recipient (the `to` field). */
export function blockedRecipientMessage(entry: { kind: "address" | "domain"; value: string }): string {
  return entry.kind === "address"
    ? `${entry.value} is on your block list. Remove it from the Block list to email it.`
    : `Addresses at ${entry.value} are on your block list. Remove the domain from the Block list to email them.`;
}
