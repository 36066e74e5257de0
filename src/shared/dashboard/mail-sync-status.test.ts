import { describe, expect, it } from "vitest";
import {
  type MailSyncFacts,
  mailSyncErrorCount,
  mailSyncHeadline,
  mailSyncMessages,
  mailSyncState,
  recentSyncErrorsText,
} from "./mail-sync-status.ts";

const none: MailSyncFacts = {
  syncEnabledSenders: 0,
  connectedSenders: 0,
  recentErrors: 0,
  syncedMailboxes: 0,
  syncErrors: 0,
};
const state = (syncEnabledSenders: number, connectedSenders: number, recentErrors: number) =>
  mailSyncState({ ...none, syncEnabledSenders, connectedSenders, recentErrors });

describe("mail-sync state before any mailbox is synced (the spec's rules)", () => {
  it("is not configured when no sender has sync enabled, whatever the errors", () => {
    expect(state(0, 0, 0)).toBe("not_configured");
    expect(state(0, 0, 5)).toBe("not_configured");
  });
  it("is disabled (configured but not enabled) when no sender has both sync and a refresh token", () => {
    expect(state(2, 0, 0)).toBe("disabled");
    expect(state(1, 0, 3)).toBe("disabled");
  });
  it("is working when enabled and no recent send carries an error", () => expect(state(1, 1, 0)).toBe("working"));
  it("has errors when enabled and some recent send carries an error", () => expect(state(2, 1, 1)).toBe("errors"));
  it("counts the recent send errors", () => {
    expect(mailSyncErrorCount({ ...none, syncEnabledSenders: 1, connectedSenders: 1, recentErrors: 4 })).toBe(4);
  });
});

describe("mail-sync state once the mailbox sync reads a mailbox (IMAP or Gmail)", () => {
  it("is working when no mailbox failed since its last success, even with no Gmail sender and failed sends", () => {
    expect(mailSyncState({ ...none, syncedMailboxes: 2, recentErrors: 7 })).toBe("working");
  });
  it("has errors when a mailbox failed since its last success, even before Gmail is configured", () => {
    const facts = { ...none, syncedMailboxes: 3, syncErrors: 2 };
    expect(mailSyncState(facts)).toBe("errors");
    expect(mailSyncErrorCount({ ...facts, recentErrors: 9 })).toBe(2);
  });
});

describe("mail-sync messages", () => {
  it("has the spec's messages", () => {
    expect(mailSyncMessages).toEqual({
      not_configured: "Gmail sync not configured",
      disabled: "Gmail sync disabled",
      working: "Gmail sync working properly",
      errors: "Gmail sync has issues",
    });
    expect(recentSyncErrorsText(3)).toBe("3 recent sync errors");
    expect(recentSyncErrorsText(100)).toBe("100 recent sync errors");
    expect(recentSyncErrorsText(1)).toBe("1 recent sync error");
  });
});

describe("mail-sync headline", () => {
  it("keeps the spec's Gmail wording while no IMAP mailbox is read", () => {
    for (const state of ["not_configured", "disabled", "working", "errors"] as const) {
      expect(mailSyncHeadline(state, false)).toBe(mailSyncMessages[state]);
    }
  });
  it("speaks of mail sync, not Gmail, once an IMAP mailbox is read", () => {
    expect(mailSyncHeadline("working", true)).toBe("Mail sync working properly");
    expect(mailSyncHeadline("errors", true)).toBe("Mail sync has issues");
  });
});
