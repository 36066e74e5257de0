import { describe, expect, it } from "vitest";
import { replyClasses } from "../db-enums.ts";
import { classifyReply, replyClassLabels, replyRules } from "./classify-reply.ts";

const classify = (text: string, subject = "Re: Quick question") => classifyReply({ subject, text });

describe("classifyReply", () => {
  it("names the rule that fired in plain words", () => {
    expect(classify("Sure, let's schedule a call on Tuesday.")).toEqual({
      replyClass: "meeting_request",
      classRule: 'phrase "let\'s schedule a call" (meeting request)',
    });
    expect(classify("Thanks for reaching out.")).toEqual({ replyClass: "other", classRule: "no rule matched" });
  });

  it("tries the rules in a fixed order: unsubscribe, wrong person, not interested, meeting, interested", () => {
    expect(replyRules.map((rule) => rule.replyClass)).toEqual([
      "unsubscribe_request",
      "wrong_person",
      "not_interested",
      "meeting_request",
      "interested",
    ]);
    // Each pair says both things; the earlier rule wins.
    expect(classify("Interesting, but please remove me from your list.").replyClass).toBe("unsubscribe_request");
    expect(classify("Sounds interesting, but I'm not the right person. Ask Jane.").replyClass).toBe("wrong_person");
    expect(classify("Not right now. Maybe we can talk in Q3.").replyClass).toBe("not_interested");
    expect(classify("Interested, let's set up a call.").replyClass).toBe("meeting_request");
  });

  it("does not take a negated meeting or interest for one", () => {
    expect(classify("I'm not free for a call, sorry.").replyClass).toBe("other");
    expect(classify("We would never be interested.").replyClass).toBe("not_interested");
  });

  it.each([
    ["Could you share the pricing?", "interested"],
    ["Wat kost het per maand?", "interested"],
    ["Quanto costa?", "interested"],
    ["¿Cuánto cuesta?", "interested"],
    ["Was kostet das?", "interested"],
    ["多少钱？", "interested"],
    ["Haben Sie nächste Woche Zeit?", "meeting_request"],
    ["On peut s'appeler demain ?", "meeting_request"],
    ["Llámame el lunes.", "meeting_request"],
    ["Vamos conversar na terça?", "meeting_request"],
    ["Bel me gerust.", "meeting_request"],
    ["Sentiamoci domani.", "meeting_request"],
    ["什么时候方便？", "meeting_request"],
    ["We're all set, thanks.", "not_interested"],
    ["Derzeit nicht, danke.", "not_interested"],
    ["Pas besoin, merci.", "not_interested"],
    ["Ya trabajamos con otra agencia.", "not_interested"],
    ["Não precisamos disso.", "not_interested"],
    ["We hebben al een leverancier.", "not_interested"],
    ["Abbiamo già un fornitore.", "not_interested"],
    ["暂时不考虑。", "not_interested"],
    ["Falscher Ansprechpartner.", "wrong_person"],
    ["Persona equivocada.", "wrong_person"],
    ["Pessoa errada.", "wrong_person"],
    ["Verkeerde persoon.", "wrong_person"],
    ["Persona sbagliata.", "wrong_person"],
    ["找错人了。", "wrong_person"],
  ])("%s → %s", (text, replyClass) => {
    expect(classify(text).replyClass).toBe(replyClass);
  });

  it("has a label for every class", () => {
    expect(Object.keys(replyClassLabels).sort()).toEqual([...replyClasses].sort());
  });
});
