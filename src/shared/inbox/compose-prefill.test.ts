import { describe, expect, it } from "vitest";
import { composeHref, newEmailHref, replyHref } from "./compose-prefill.ts";

const query = (href: string) => Object.fromEntries(new URL(href, "http://x").searchParams);

describe("compose prefill links", () => {
  it("is /inbox/compose with only the fields that are set", () => {
    expect(composeHref({})).toBe("/inbox/compose");
    expect(composeHref({ to: " ", from: null, subject: undefined })).toBe("/inbox/compose");
    expect(composeHref({ to: "lee@example.com" })).toBe("/inbox/compose?to=lee%40example.com");
  });
  it("Reply goes to the recipient, from the address sent from, with Re: once", () => {
    const href = replyHref({ toEmail: "lee@example.com", fromEmail: "me@acme.test", subject: "Hello & welcome" });
    expect(href.startsWith("/inbox/compose?")).toBe(true);
    expect(query(href)).toEqual({ to: "lee@example.com", from: "me@acme.test", subject: "Re: Hello & welcome" });
    expect(query(replyHref({ toEmail: "a@b.co", fromEmail: null, subject: "Re: Hi" }))).toEqual({
      to: "a@b.co",
      subject: "Re: Hi",
    });
  });
  it("New Email keeps the recipient and the address, not the subject", () => {
    expect(query(newEmailHref({ toEmail: "lee@example.com", fromEmail: "me@acme.test" }))).toEqual({
      to: "lee@example.com",
      from: "me@acme.test",
    });
  });
});
