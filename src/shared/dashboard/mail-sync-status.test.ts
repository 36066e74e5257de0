import { describe, expect, it } from "vitest";
import { mailSyncMessages, mailSyncState, recentSyncErrorsText } from "./mail-sync-status.ts";

const state = (syncEnabledSenders: number, connectedSenders: number, recentErrors: number) =>
  mailSyncState({ syncEnabledSenders, connectedSenders, recentErrors });

describe("mail-sync state", () => {
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
