import { describe, expect, it } from "vitest";
import { bulkSendInputSchema } from "./bulk.schemas.ts";
import { MAX_BULK_CONTACTS } from "./bulk-messages.ts";
import { bulkSendError } from "./send-validation.ts";

const ready = {
  campaignName: "Spring",
  senderEmails: ["me@acme.test"],
  contacts: [{ email: "lead@x.test" }],
  subject: "Hi {{first_name}}",
  message: "Hello",
};

describe("bulkSendError", () => {
  it("checks name, senders, contacts in the spec's order", () => {
    expect(bulkSendError({ campaignName: " ", senderEmails: [], contacts: [] })).toBe("Please enter a campaign name.");
    expect(bulkSendError({ campaignName: "x", senderEmails: [], contacts: [] })).toBe(
      "Please add at least one sender email address.",
    );
    expect(bulkSendError({ campaignName: "x", senderEmails: ["a@b.test"], contacts: [] })).toBe(
      "Please upload a CSV file with email addresses.",
    );
    expect(bulkSendError(ready)).toBeNull();
  });

  it("caps a send at 10,000 contacts", () => {
    const contacts = Array.from({ length: MAX_BULK_CONTACTS + 1 }, (_, i) => ({ email: `p${i}@x.test` }));
    expect(bulkSendError({ ...ready, contacts })).toBe(
      "You can send to at most 10,000 contacts at a time. Split the CSV file and send each part.",
    );
    expect(bulkSendError({ ...ready, contacts: contacts.slice(1) })).toBeNull();
  });

  it("holds a hand-made request to the sender list's rules and the contacts' @", () => {
    expect(bulkSendError({ ...ready, senderEmails: ["a@b.test", "A@B.test"] })).toBe(
      "This email address is already added.",
    );
    expect(bulkSendError({ ...ready, senderEmails: ["nope"] })).toBe("Please enter a valid email address.");
    expect(bulkSendError({ ...ready, contacts: [{ email: "x" }] })).toBe(
      "Every contact needs an email address that contains @.",
    );
  });

  it("needs subject and message only when Coldreach sends", () => {
    const bare = { ...ready, subject: " ", message: "" };
    expect(bulkSendError(bare, "webhook")).toBeNull();
    expect(bulkSendError(bare)).toBeNull();
    expect(bulkSendError(bare, "engine")).toBe("Please enter a subject for the email.");
    expect(bulkSendError({ ...bare, subject: "Hi" }, "engine")).toBe("Please enter the email message.");
  });
});

describe("bulkSendInputSchema", () => {
  it("lowercases contact emails, keeps other columns and defaults the optional fields", () => {
    const parsed = bulkSendInputSchema.parse({
      campaignName: "Spring",
      senderEmails: ["me@acme.test"],
      contacts: [{ email: " Lead@X.test ", firstName: "Lee", "job title": "CTO" }],
    });
    expect(parsed).toEqual({
      campaignName: "Spring",
      campaignDescription: "",
      senderEmails: ["me@acme.test"],
      contacts: [{ email: "lead@x.test", firstName: "Lee", "job title": "CTO" }],
      subject: "",
      message: "",
    });
  });

  it("reports the first problem in the spec's order", () => {
    const result = bulkSendInputSchema.safeParse({ campaignName: "", senderEmails: [], contacts: [] });
    expect(result.success ? null : result.error.issues[0]?.message).toBe("Please enter a campaign name.");
    expect(bulkSendInputSchema.safeParse({ ...ready, contacts: [{ email: "a@b", extra: 5 }] }).success).toBe(false);
  });
});
