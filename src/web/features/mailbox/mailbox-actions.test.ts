import { describe, expect, it } from "vitest";
import { resultFailed, resultMessage } from "./mailbox-actions.ts";

describe("reading the mailbox sync's answers", () => {
  it("takes the message, else the error's text", () => {
    expect(resultMessage({ ok: true, message: " Reply picked up " })).toBe("Reply picked up");
    expect(resultMessage({ error: "No sender" })).toBe("No sender");
    expect(resultMessage({ error: { code: "x", message: "Mailbox unreachable" } })).toBe("Mailbox unreachable");
    expect(resultMessage({ synced: 2 })).toBeNull();
    expect(resultMessage(null)).toBeNull();
    expect(resultMessage({ message: "  " })).toBeNull();
  });
  it("sees a failure said in a 200 answer", () => {
    expect(resultFailed({ ok: false, message: "not picked up" })).toBe(true);
    expect(resultFailed({ success: false })).toBe(true);
    expect(resultFailed({ error: "x" })).toBe(true);
    expect(resultFailed({ status: "failed" })).toBe(true);
    expect(resultFailed({ ok: true, message: "fine" })).toBe(false);
    // The mailbox routes' own answers (#shared/mailbox/mailbox-actions.schemas.ts).
    expect(resultFailed({ pickedUp: false, message: "not picked up yet" })).toBe(true);
    expect(resultFailed({ pickedUp: true, message: "works" })).toBe(false);
    expect(
      resultFailed({ mailboxes: 2, pending: 0, errors: [{ email: "a@x.test", error: "login" }], message: "" }),
    ).toBe(true);
    expect(resultFailed({ mailboxes: 2, pending: 0, errors: [], message: "Mailboxes synced" })).toBe(false);
    expect(resultFailed({})).toBe(false);
  });
});
