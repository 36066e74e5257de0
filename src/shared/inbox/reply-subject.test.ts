import { describe, expect, it } from "vitest";
import { replySubject } from "./reply-subject.ts";

describe("replySubject", () => {
  it("prefixes Re: once", () => {
    expect(replySubject("Quick question")).toBe("Re: Quick question");
    expect(replySubject("  Quick question  ")).toBe("Re: Quick question");
  });
  it("does not double an existing prefix, whatever its case or form", () => {
    expect(replySubject("Re: Quick question")).toBe("Re: Quick question");
    expect(replySubject("RE: Quick question")).toBe("RE: Quick question");
    expect(replySubject("re:Quick question")).toBe("re:Quick question");
    expect(replySubject("Re[2]: Quick question")).toBe("Re[2]: Quick question");
    expect(replySubject("Re : Quick question")).toBe("Re : Quick question");
  });
  it("keeps words that only start like the prefix", () => {
    expect(replySubject("Renewal: your plan")).toBe("Re: Renewal: your plan");
    expect(replySubject("Regarding the demo")).toBe("Re: Regarding the demo");
  });
  it("is Re: alone for an empty subject", () => {
    expect(replySubject("")).toBe("Re:");
    expect(replySubject(null)).toBe("Re:");
  });
});
