// The mail-sync status card (docs/product.md §3.4: its states
// and messages; a 7-day window, at most 100 sends looked at), and what the
// mailbox sync records of each mailbox it reads (mailbox_syncs, issue 12).

export const MAIL_SYNC_WINDOW_DAYS = 7;
export const MAIL_SYNC_SENDS_CHECKED = 100;

export const mailSyncStates = ["not_configured", "disabled", "working", "errors"] as const;
export type MailSyncState = (typeof mailSyncStates)[number];

export type MailSyncFacts = {
  /** Sender accounts with Gmail sync switched on. */
  syncEnabledSenders: number;
  /** Of those, the ones that also hold a refresh token (connected to Gmail). */
  connectedSenders: number;
  /** Sends with an error message among the newest 100 of the last 7 days. */
  recentErrors: number;
  /** Mailboxes the mailbox sync reads (IMAP or Gmail): one mailbox_syncs row each. */
  syncedMailboxes: number;
  /** Failed sync runs since each mailbox's last successful one, summed over the mailboxes. */
  syncErrors: number;
};

/**
 * When the mailbox sync reads any mailbox of the user's (IMAP or Gmail), its
 * own record decides: has errors when some mailbox failed since its last
 * successful run, working otherwise. Before that, the spec's rules: not
 * configured when no sender has sync enabled; configured but not enabled
 * when none has both sync enabled and a refresh token; has errors when
 * enabled with an error message on some recent send; working otherwise.
 */
export function mailSyncState(facts: MailSyncFacts): MailSyncState {
  if (facts.syncedMailboxes > 0) return facts.syncErrors > 0 ? "errors" : "working";
  if (facts.syncEnabledSenders <= 0) return "not_configured";
  if (facts.connectedSenders <= 0) return "disabled";
  return facts.recentErrors > 0 ? "errors" : "working";
}

/** The n of 'n recent sync errors': the mailboxes' failed runs, or (before any mailbox is synced) the recent send errors. */
export function mailSyncErrorCount(facts: MailSyncFacts): number {
  return facts.syncedMailboxes > 0 ? facts.syncErrors : facts.recentErrors;
}

/** The card's headline for each state (docs/product.md §3.4). */
export const mailSyncMessages: Record<MailSyncState, string> = {
  not_configured: "Gmail sync not configured",
  disabled: "Gmail sync disabled",
  working: "Gmail sync working properly",
  errors: "Gmail sync has issues",
};

/** 'n recent sync errors' (one error reads in the singular). */
export function recentSyncErrorsText(count: number): string {
  return `${count} recent sync ${count === 1 ? "error" : "errors"}`;
}

/** A mailbox the sync reads, whatever its kind, is working or has issues (issue 28). */
export const mailboxSyncMessages: Record<"working" | "errors", string> = {
  working: "working",
  errors: "has issues",
};

/**
 * The headline: the spec's Gmail wording while only Gmail is read (or nothing
 * yet); once an IMAP mailbox is read, "Gmail sync ..." would misname what is
 * working, so the headline speaks of mail sync.
 */
export function mailSyncHeadline(state: MailSyncState, readsImap: boolean): string {
  if (readsImap && state === "working") return "Mail sync working properly";
  if (readsImap && state === "errors") return "Mail sync has issues";
  return mailSyncMessages[state];
}
