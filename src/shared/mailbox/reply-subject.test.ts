import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replySubject } from "../inbox/reply-subject.ts";
import { normalizeReplySubject, stripReplyPrefixes, subjectsMatch } from "./reply-subject.ts";

describe("normalizeReplySubject", () => {
  it.each([
    ["Re: Quick question"],
    ["RE: Quick question"],
    ["re:Quick question"],
    ["Re : Quick question"],
    ["Re[2]: Quick question"],
    ["Re(3): Quick question"],
    ["Re^2: Quick question"],
    ["AW: Quick question"],
    ["Aw: Quick question"],
    ["SV: Quick question"],
    ["VS: Quick question"],
    ["Fwd: Quick question"],
    ["FW: Quick question"],
    ["WG: Quick question"],
    ["TR: Quick question"],
    ["RV: Quick question"],
    ["Antw: Quick question"],
    ["Doorst: Quick question"],
    ["R: Quick question"],
    ["RIF: Quick question"],
    ["I: Quick question"],
    ["Res: Quick question"],
    ["ENC: Quick question"],
    ["Réf : Quick question"],
    ["Odp: Quick question"],
    ["ΑΠ: Quick question"],
    ["回复: Quick question"],
    ["回复：Quick question"],
    ["答复: Quick question"],
    ["转发：Quick question"],
    ["[EXT] Quick question"],
    ["[External] RE: Quick question"],
    ["EXTERNAL: Re: Quick question"],
    ["RE: AW: Fwd: [EXT] Re:  Quick   question "],
    ["QUICK QUESTION"],
  ])("%s is the same subject as 'Quick question'", (subject) => {
    expect(normalizeReplySubject(subject)).toBe("quick question");
  });

  it("folds accents and full-width forms", () => {
    expect(normalizeReplySubject("Re: Réunion rapide")).toBe(normalizeReplySubject("reunion rapide"));
    expect(normalizeReplySubject("Ｒｅ： Quick question")).toBe("quick question");
  });

  it("keeps words that only start like a prefix", () => {
    expect(normalizeReplySubject("Renewal: your plan")).toBe("renewal: your plan");
    expect(normalizeReplySubject("Regarding the demo")).toBe("regarding the demo");
    expect(normalizeReplySubject("Intro: Acme x Coldreach")).toBe("intro: acme x coldreach");
    expect(stripReplyPrefixes("[Acme] Re: Offer")).toBe("[Acme] Re: Offer");
  });

  it("undoes what Compose's reply subject adds, for any subject", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (subject) => {
        expect(normalizeReplySubject(replySubject(subject))).toBe(normalizeReplySubject(subject));
      }),
    );
  });
});

describe("subjectsMatch", () => {
  it("matches a reply to our subject and nothing else", () => {
    expect(subjectsMatch("Quick question", "RE: AW: quick question")).toBe(true);
    expect(subjectsMatch("Quick question", "Another question")).toBe(false);
  });
  it("never matches on an empty subject", () => {
    expect(subjectsMatch("", "Re:")).toBe(false);
  });
});
