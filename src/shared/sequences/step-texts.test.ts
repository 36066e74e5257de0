import { describe, expect, it } from "vitest";
import { sequenceSpintaxProblems, stepTexts, textsByOwner } from "./step-texts.ts";

const step = {
  subject: "Hi",
  body: "<p>Hello</p>",
  bodyFormat: "html",
  variants: [
    { subject: "Hey", body: null },
    { subject: "Yo", body: "<p>Own</p>" },
    { subject: "Blank body", body: "  " },
  ],
};

describe("stepTexts", () => {
  it("lists the step's subject and body, then each variant's subject and own body, labelled", () => {
    expect(stepTexts(step, 1).map((t) => [t.label, t.text, t.format, t.path])).toEqual([
      ["Step 2 subject", "Hi", "text", [1, "subject"]],
      ["Step 2 body", "<p>Hello</p>", "html", [1, "body"]],
      ["Step 2, variant B subject", "Hey", "text", [1, "variants", 0, "subject"]],
      ["Step 2, variant C subject", "Yo", "text", [1, "variants", 1, "subject"]],
      ["Step 2, variant C body", "<p>Own</p>", "html", [1, "variants", 1, "body"]],
      ["Step 2, variant D subject", "Blank body", "text", [1, "variants", 2, "subject"]],
    ]);
  });

  it("leaves out what a damaged draft holds instead of text", () => {
    expect(stepTexts({ subject: 3, body: "b", variants: "x" }, 0).map((t) => t.label)).toEqual(["Step 1 body"]);
    expect(stepTexts({ subject: "s", body: "b", variants: [null, { subject: 1 }] }, 0)).toHaveLength(2);
  });

  it("groups the texts by the variant that sends them", () => {
    expect(textsByOwner([step]).map((g) => [g.owner, g.texts.length])).toEqual([
      ["Step 1", 2],
      ["Step 1, variant B", 1],
      ["Step 1, variant C", 2],
      ["Step 1, variant D", 1],
    ]);
  });
});

describe("sequenceSpintaxProblems", () => {
  it("names the step, the variant and the field, at the field's path", () => {
    expect(
      sequenceSpintaxProblems([
        { subject: "ok", body: "ok", bodyFormat: "text" },
        {
          subject: "{Hi||Hey}",
          body: "<p>{x</p>",
          bodyFormat: "html",
          variants: [
            { subject: "{A|B} fine", body: null },
            { subject: "{}", body: "<p>}</p>" },
          ],
        },
      ]),
    ).toEqual([
      { path: [1, "subject"], message: "Step 2 subject: Empty choice in {Hi||Hey} at position 1" },
      { path: [1, "body"], message: 'Step 2 body: Unclosed spintax choice: "{" at position 1 has no "}"' },
      { path: [1, "variants", 1, "subject"], message: "Step 2, variant C subject: Empty choice in {} at position 1" },
      {
        path: [1, "variants", 1, "body"],
        message:
          'Step 2, variant C body: Unexpected "}" at position 1: no spintax choice is open (write \\} for a brace)',
      },
    ]);
  });
});
