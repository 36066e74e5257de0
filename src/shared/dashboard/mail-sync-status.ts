// The mail-sync status card (spec part 1 §4 "Mail-sync card states", §8
// messages, §9: a 7-day window, at most 100 sends looked at).

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
};

/**
 * not configured: no sender has sync enabled; configured but not enabled: none
 * has both sync enabled and a refresh token; has errors: enabled, with an
 * error message on some recent send; working otherwise.
 */
export function mailSyncState(facts: MailSyncFacts): MailSyncState {
  if (facts.syncEnabledSenders <= 0) return "not_configured";
  if (facts.connectedSenders <= 0) return "disabled";
  return facts.recentErrors > 0 ? "errors" : "working";
}

/** The card's headline for each state (spec part 1 §8). */
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
