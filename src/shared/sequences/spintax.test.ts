import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SPINTAX_DEPTH, parseSpintax, resolveSpintax, type SpintaxNode, spinStep, spinText } from "./spintax.ts";

const messages = (source: string, format: "text" | "html" = "text") => {
  const parsed = parseSpintax(source, format);
  return parsed.ok ? [] : parsed.errors.map((e) => e.message);
};

/** Every text a source can resolve to, by trying many seeds. */
function outcomes(source: string, format: "text" | "html" = "text", seeds = 400): Set<string> {
  const parsed = parseSpintax(source, format);
  if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
  const seen = new Set<string>();
  for (let i = 0; i < seeds; i++) seen.add(resolveSpintax(parsed.nodes, `contact-${i}:1:body`));
  return seen;
}

describe("parseSpintax and resolveSpintax", () => {
  it("picks one option of each choice, nested ones too", () => {
    expect(outcomes("{Hi|Hello|Hey} there")).toEqual(new Set(["Hi there", "Hello there", "Hey there"]));
    expect(outcomes("{Hi|{Good morning|Good day}}!")).toEqual(new Set(["Hi!", "Good morning!", "Good day!"]));
  });

  it("leaves text without choices as it is, a single option included", () => {
    expect(outcomes("Just text | with a bar")).toEqual(new Set(["Just text | with a bar"]));
    expect(outcomes("{Hi} you")).toEqual(new Set(["Hi you"]));
  });

  it("never takes a merge tag for a choice, inside a choice or out, with its fallback", () => {
    expect(outcomes("{{firstName}}")).toEqual(new Set(["{{firstName}}"]));
    expect(outcomes("{Hi {{firstName|there}}|Hello}")).toEqual(new Set(["Hi {{firstName|there}}", "Hello"]));
    // A third brace opens a choice around the tag.
    expect(outcomes("{{{company}}|your team}")).toEqual(new Set(["{{company}}", "your team"]));
    // Two braces that are not a merge tag are two choices.
    expect(outcomes("{{Hi|Hello}|Hey}")).toEqual(new Set(["Hi", "Hello", "Hey"]));
  });

  it("writes escaped braces, bars and backslashes as literal characters", () => {
    expect(outcomes("\\{not a choice\\} a\\|b \\\\ c:\\d")).toEqual(new Set(["{not a choice} a|b \\ c:\\d"]));
    expect(outcomes("{a\\|b|c}")).toEqual(new Set(["a|b", "c"]));
  });

  it("reads only the text of rich text: markup, CSS and attributes are never spintax", () => {
    const html = '<style>p { color: red }</style><p style="x{y}">{Hi|Hello} <b>there</b> &#123;</p>';
    expect(outcomes(html, "html")).toEqual(
      new Set([
        '<style>p { color: red }</style><p style="x{y}">Hi <b>there</b> &#123;</p>',
        '<style>p { color: red }</style><p style="x{y}">Hello <b>there</b> &#123;</p>',
      ]),
    );
    expect(outcomes("<p>{Hi <b>there</b>|Hello}</p>", "html")).toEqual(
      new Set(["<p>Hi <b>there</b></p>", "<p>Hello</p>"]),
    );
  });

  it("names an unclosed choice at its position", () => {
    expect(messages("Quick question {Hi|Hello")).toEqual(['Unclosed spintax choice: "{" at position 16 has no "}"']);
  });

  it("names an empty choice, an empty pair and a stray closing brace", () => {
    expect(messages("{Hi||Hey}")).toEqual(["Empty choice in {Hi||Hey} at position 1"]);
    expect(messages("ab {|Hi}")).toEqual(["Empty choice in {|Hi} at position 4"]);
    expect(messages("Hi {} x")).toEqual(["Empty choice in {} at position 4"]);
    expect(messages("Hi }")).toEqual([
      'Unexpected "}" at position 4: no spintax choice is open (write \\} for a brace)',
    ]);
  });

  it("lists every problem in the order they appear", () => {
    expect(messages("} {a||b} {c")).toEqual([
      'Unexpected "}" at position 1: no spintax choice is open (write \\} for a brace)',
      "Empty choice in {a||b} at position 3",
      'Unclosed spintax choice: "{" at position 10 has no "}"',
    ]);
  });

  it("counts positions in rich text as the reader sees the text", () => {
    expect(messages("<p>A &amp; <b>B</b> {x</p>", "html")).toEqual([
      'Unclosed spintax choice: "{" at position 7 has no "}"',
    ]);
    const parsed = parseSpintax("<p>A &amp; <b>B</b> {x</p>", "html");
    expect(parsed.ok ? null : parsed.errors[0]!.offset).toBe(20);
  });

  // Linear: a quadratic pass would take minutes at these sizes.
  it("reads megabytes in one pass, braces or none", () => {
    const started = performance.now();
    expect(parseSpintax(`${"word ".repeat(1_400_000)}{a|b}`).ok).toBe(true);
    expect(parseSpintax(`<p>${"x &amp; <b>y</b> ".repeat(50_000)}</p>`, "html").ok).toBe(true);
    expect(messages("{".repeat(100_000)).length).toBe(20);
    expect(messages("{{a".repeat(100_000))[0]).toBe('Unclosed spintax choice: "{" at position 1 has no "}"');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("refuses nesting deeper than the limit", () => {
    const deep = `${"{a|".repeat(MAX_SPINTAX_DEPTH + 1)}b${"}".repeat(MAX_SPINTAX_DEPTH + 1)}`;
    expect(messages(deep)).toEqual([
      `Spintax nested too deep at position ${MAX_SPINTAX_DEPTH * 3 + 1}: at most ${MAX_SPINTAX_DEPTH} levels`,
    ]);
    const ok = `${"{a|".repeat(MAX_SPINTAX_DEPTH)}b${"}".repeat(MAX_SPINTAX_DEPTH)}`;
    expect(messages(ok)).toEqual([]);
  });
});

describe("spinText and spinStep", () => {
  it("gives a contact the same text on every render, and contacts different texts", () => {
    const step = { subject: "{Hi|Hello|Hey} {{firstName}}", body: "<p>{A|B|C|D}</p>", bodyFormat: "html" as const };
    expect(spinStep(step, "contact-1", 2)).toEqual(spinStep(step, "contact-1", 2));
    const subjects = new Set(Array.from({ length: 50 }, (_, i) => spinStep(step, `c${i}`, 2).subject));
    expect(subjects.size).toBe(3);
  });

  it("sends a text that does not parse as written", () => {
    expect(spinText("Hi {there", "seed")).toBe("Hi {there");
  });
});

// Valid spintax built from a tree, with words that hold no special character.
const word = fc.stringMatching(/^[a-zA-Z ,.!]{1,6}$/);
const tree: fc.Arbitrary<SpintaxNode[]> = fc.letrec<{ nodes: SpintaxNode[]; node: SpintaxNode }>((tie) => ({
  nodes: fc.array(tie("node"), { minLength: 1, maxLength: 4 }),
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    word,
    fc.constantFrom("{{firstName}}", "{{company|your team}}"),
    fc.record({ options: fc.array(tie("nodes"), { minLength: 1, maxLength: 4 }) }),
  ),
})).nodes;

function write(nodes: SpintaxNode[]): string {
  return nodes.map((n) => (typeof n === "string" ? n : `{${n.options.map(write).join("|")}}`)).join("");
}
function depth(nodes: SpintaxNode[]): number {
  return Math.max(0, ...nodes.map((n) => (typeof n === "string" ? 0 : 1 + Math.max(...n.options.map(depth)))));
}
const validTree = tree.filter((nodes) => depth(nodes) <= MAX_SPINTAX_DEPTH);

describe("spintax properties", () => {
  it("never throws on arbitrary text, plain or rich", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("{", "}", "|", "\\", "<", ">", "&", "a", "{{", "}}") }), (text) => {
        for (const format of ["text", "html"] as const) {
          const parsed = parseSpintax(text, format);
          if (!parsed.ok) expect(parsed.errors.length).toBeGreaterThan(0);
          spinText(text, "seed", format);
        }
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.string(), (text) => void parseSpintax(text, "html")));
  });

  it("resolves valid spintax to text without spintax, the same for the same seed", () => {
    fc.assert(
      fc.property(validTree, fc.string(), (nodes, seed) => {
        const parsed = parseSpintax(write(nodes));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const text = resolveSpintax(parsed.nodes, seed);
        expect(text).toBe(resolveSpintax(parsed.nodes, seed));
        const again = parseSpintax(text);
        expect(again.ok && again.nodes.every((n) => typeof n === "string")).toBe(true);
      }),
    );
  });

  it("reaches every option of a choice across seeds", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 5 }), (options) => {
        expect(outcomes(`{${options.join("|")}}`, "text", 300)).toEqual(new Set(options));
      }),
      { numRuns: 50 },
    );
  });
});
