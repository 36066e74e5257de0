import { describe, expect, it } from "vitest";
import { cjk, findAll, findFirst, fold, foldText, isNegated, words } from "./phrase-matching.ts";

describe("foldText", () => {
  it("removes accents, unifies apostrophes and full-width forms, collapses whitespace", () => {
    expect(fold("Ça m’intéresse,\n  vraiment")).toBe("Ca m'interesse, vraiment");
    expect(fold("Não，obrigado：")).toBe("Nao,obrigado:");
    expect(fold("geïnteresseerd")).toBe("geinteresseerd");
  });
});

describe("findAll / findFirst", () => {
  it("reports the phrase in the writer's own wording", () => {
    const text = foldText("Hola,\n¿Estaría DISPONIBLE el martes? 🙂 Gracias");
    expect(findFirst(text, words(["estaria disponible"]))?.phrase).toBe("Estaría DISPONIBLE");
  });

  it("keeps whole words only, accents included", () => {
    expect(findFirst(foldText("désintéressé"), words(["interesse"]))).toBeNull();
    expect(findFirst(foldText("pas intéressé."), words(["interesse"]))?.phrase).toBe("intéressé");
    expect(findFirst(foldText("bookkeeping"), words(["book"]))).toBeNull();
  });

  it("finds Chinese phrases inside a sentence", () => {
    expect(findFirst(foldText("我们很感兴趣。"), cjk(["感兴趣"]))?.phrase).toBe("感兴趣");
    // A character outside the Basic Multilingual Plane (two UTF-16 units) is reported whole.
    expect(findFirst(foldText("吉野家𠮷野家"), cjk(["𠮷"]))?.phrase).toBe("𠮷");
  });

  it("merges overlapping matches into one phrase, in text order", () => {
    const text = foldText("Later. Sure, let's schedule a call.");
    const found = findAll(text, [...words(["schedule a call"]), ...words(["let's schedule"]), ...words(["later"])]);
    expect(found.map((m) => m.phrase)).toEqual(["Later", "let's schedule a call"]);
  });
});

describe("isNegated", () => {
  const negated = (sentence: string, phrase: string) => {
    const text = foldText(sentence);
    const match = findFirst(text, words([phrase]));
    if (!match) throw new Error(`"${phrase}" not found`);
    return isNegated(text.folded, match);
  };

  it("sees a negation at most two words before, in the same clause", () => {
    expect(negated("I don't want to unsubscribe", "unsubscribe")).toBe(true);
    expect(negated("Please do not remove me", "remove me")).toBe(true);
    expect(negated("ich möchte mich nicht abmelden", "abmelden")).toBe(true);
    expect(negated("No, please unsubscribe me", "unsubscribe")).toBe(false);
    expect(negated("I'm not sure why, but please unsubscribe me", "unsubscribe")).toBe(false);
    expect(negated("not interested please remove me", "remove me")).toBe(false);
  });

  it("sees a Chinese negation right before", () => {
    const text = foldText("我不想退订");
    const match = findFirst(text, cjk(["退订"]))!;
    expect(isNegated(text.folded, match)).toBe(true);
  });
});
