import { describe, expect, it } from "vitest";
import { MAX_BULK_SENDERS } from "./bulk-messages.ts";
import { addSenderEmail, removeSenderEmail, senderSuggestions } from "./sender-list.ts";

describe("addSenderEmail", () => {
  it("adds a trimmed address at the end", () => {
    expect(addSenderEmail(["a@x.test"], "  b@x.test ")).toEqual({
      ok: true,
      senders: ["a@x.test", "b@x.test"],
      email: "b@x.test",
    });
  });

  it("needs an @ (the spec's message), also for an empty input", () => {
    expect(addSenderEmail([], "sales.acme.test")).toEqual({
      ok: false,
      message: "Please enter a valid email address.",
    });
    expect(addSenderEmail([], "   ")).toEqual({ ok: false, message: "Please enter a valid email address." });
  });

  it("refuses a repeat, whatever its case", () => {
    expect(addSenderEmail(["Sales@Acme.test"], "sales@acme.TEST")).toEqual({
      ok: false,
      message: "This email address is already added.",
    });
  });

  it("takes only saved sender addresses when Coldreach sends, spelled as saved", () => {
    const saved = ["Sales@Acme.test", "ops@acme.test"];
    expect(addSenderEmail([], "other@notmine.com", saved)).toEqual({
      ok: false,
      message: "No saved sender account for other@notmine.com. Add it in Senders first.",
    });
    expect(addSenderEmail([], " sales@acme.test", saved)).toEqual({
      ok: true,
      senders: ["Sales@Acme.test"],
      email: "Sales@Acme.test",
    });
    // Without the list (the automation webhook sends), any address goes.
    expect(addSenderEmail([], "other@notmine.com", null)).toMatchObject({ ok: true });
  });

  it("stops at the sender cap", () => {
    const full = Array.from({ length: MAX_BULK_SENDERS }, (_, i) => `s${i}@x.test`);
    expect(addSenderEmail(full, "one-more@x.test").ok).toBe(false);
  });
});

describe("removeSenderEmail and senderSuggestions", () => {
  it("removes the address as listed", () => {
    expect(removeSenderEmail(["a@x.test", "b@x.test"], "a@x.test")).toEqual(["b@x.test"]);
  });

  it("suggests saved addresses not yet listed, once each", () => {
    expect(senderSuggestions(["A@x.test", "b@x.test", "B@X.test", "c@x.test"], ["a@x.test"])).toEqual([
      "b@x.test",
      "c@x.test",
    ]);
  });
});
