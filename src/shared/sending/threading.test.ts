import { describe, expect, it } from "vitest";
import { addressDomain, followUpSubject, formatMessageId, threadHeaders } from "./threading.ts";

describe("followUpSubject", () => {
  it("keeps a step's own subject", () => {
    expect(followUpSubject("Quick question, {{firstName}}", "Hello")).toBe("Quick question, {{firstName}}");
  });

  it("answers step 1 with one 'Re: ' when the step has no subject", () => {
    expect(followUpSubject("", "Hello Jane")).toBe("Re: Hello Jane");
    expect(followUpSubject("   ", "Hello Jane")).toBe("Re: Hello Jane");
    expect(followUpSubject("", "RE: Hello Jane")).toBe("RE: Hello Jane");
  });
});

describe("message ids and threading headers", () => {
  it("puts the sender's domain in the Message-ID", () => {
    expect(addressDomain("Jane@Acme.TEST")).toBe("acme.test");
    expect(formatMessageId("0f1e", "jane@acme.test")).toBe("<0f1e@acme.test>");
    expect(formatMessageId("0f1e", "broken")).toBe("<0f1e@coldreach.local>");
  });

  it("answers step 1's Message-ID", () => {
    expect(threadHeaders("<a@acme.test>")).toEqual({ inReplyTo: "<a@acme.test>", references: ["<a@acme.test>"] });
  });
});
