import { describe, expect, it } from "vitest";
import {
  answerReplyHref,
  answerToReply,
  composeHref,
  MAX_REFERENCES,
  newEmailHref,
  quoteText,
  replyHref,
  threadingFor,
} from "./compose-prefill.ts";

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

describe("answering a received reply", () => {
  const reply = {
    contactEmail: "lee@example.com",
    senderEmail: "me@acme.test",
    subject: "Re: Hello Lee",
    content: "Tuesday works.\r\n\r\nLee\n",
    messageId: "<r1@example.com>",
    references: ["<s1@acme.test>", "<s2@acme.test>"],
  };

  it("links to Compose with the reply's id", () => {
    expect(answerReplyHref({ id: "5f0c" })).toBe("/inbox/compose?reply=5f0c");
  });

  it("threads under the reply: In-Reply-To its Message-ID, References its chain then its Message-ID", () => {
    expect(threadingFor("<r1@x>", ["<s1@x>", "<s2@x>"])).toEqual({
      inReplyTo: "<r1@x>",
      references: ["<s1@x>", "<s2@x>", "<r1@x>"],
    });
    expect(threadingFor("<r1@x>", ["<s1@x>", "<r1@x>"]).references).toEqual(["<s1@x>", "<r1@x>"]);
    expect(threadingFor(null, ["<s1@x>"])).toEqual({ references: ["<s1@x>"] });
    expect(threadingFor(null, [])).toEqual({});
  });

  it("keeps the newest references within the limit, the reply's own last", () => {
    const many = Array.from({ length: 150 }, (_, i) => `<m${i}@x>`);
    const { references } = threadingFor("<last@x>", many);
    expect(references).toHaveLength(MAX_REFERENCES);
    expect(references?.at(-1)).toBe("<last@x>");
    expect(references?.[0]).toBe("<m51@x>");
  });

  it("quotes every line", () => {
    expect(quoteText("one\r\n\r\ntwo\n")).toBe("> one\n>\n> two");
  });

  it("answers to the person who replied, from the mailbox it came to, Re: once, quoted, threaded", () => {
    expect(answerToReply(reply, "On Nov 20, lee@example.com wrote:")).toEqual({
      to: "lee@example.com",
      from: "me@acme.test",
      subject: "Re: Hello Lee",
      message: "\n\nOn Nov 20, lee@example.com wrote:\n> Tuesday works.\n>\n> Lee",
      inReplyTo: "<r1@example.com>",
      references: ["<s1@acme.test>", "<s2@acme.test>", "<r1@example.com>"],
    });
  });

  it("leaves the message empty when the reply has no text (marked by hand)", () => {
    const answer = answerToReply({ ...reply, content: "", messageId: null, references: [], subject: null }, "x");
    expect(answer).toEqual({ to: "lee@example.com", from: "me@acme.test", subject: "Re:", message: "" });
  });
});
