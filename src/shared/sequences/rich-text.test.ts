import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToPlainText, isBlankHtml, plainTextToHtml } from "./rich-text.ts";

describe("htmlToPlainText", () => {
  it("turns paragraphs into blank-line-separated text and <br> into newlines", () => {
    expect(htmlToPlainText("<p>Hi {{firstName}},</p><p>Line one<br>line two</p>")).toBe(
      "Hi {{firstName}},\n\nLine one\nline two",
    );
  });

  it("strips inline markup and decodes entities", () => {
    expect(
      htmlToPlainText(
        '<p><strong>Bold</strong> &amp; <em>it</em> <span style="font-size:18px">big</span> &lt;3 &#8217;s &#x263A;&nbsp;ok</p>',
      ),
    ).toBe("Bold & it big <3 ’s ☺ ok");
  });

  it("writes list items as lines, numbered for ordered lists (TipTap's <li><p> included)", () => {
    expect(
      htmlToPlainText(
        "<p>Points:</p><ul><li><p>One</p></li><li><p>Two</p></li></ul><ol><li>First</li><li>Second</li></ol><p>Bye</p>",
      ),
    ).toBe("Points:\n\n- One\n- Two\n\n1. First\n2. Second\n\nBye");
  });

  it("indents nested list items", () => {
    expect(htmlToPlainText("<ul><li><p>a</p><ul><li><p>b</p></li></ul></li><li>c</li></ul>")).toBe("- a\n  - b\n- c");
  });

  it("keeps consecutive <br> and reads self-closing tags", () => {
    expect(htmlToPlainText("<p>a<br/><br />b</p>")).toBe("a\n\nb");
  });

  // Regex-only converters go quadratic on a flood of "<" (minutes for this size): the tokenizer is linear.
  it("stays linear on stray markup", () => {
    const flood = `${"<".repeat(200_000)}${"a".repeat(200_000)}`;
    expect(htmlToPlainText(flood)).toBe(flood);
    expect(htmlToPlainText("<a href='x'".repeat(50_000))).toBe("<a href='x'".repeat(50_000));
    expect(isBlankHtml("<".repeat(200_000))).toBe(false);
  });

  it("keeps a link's address when its text does not show it", () => {
    expect(htmlToPlainText('<p>See <a href="https://acme.test/x?a=1&amp;b=2">our site</a></p>')).toBe(
      "See our site (https://acme.test/x?a=1&b=2)",
    );
    expect(htmlToPlainText('<a href="https://acme.test">https://acme.test</a>')).toBe("https://acme.test");
    expect(htmlToPlainText('<a href="mailto:a@b.test">a@b.test</a>')).toBe("a@b.test");
  });

  it("drops scripts, styles, comments and images (keeping alt text)", () => {
    expect(
      htmlToPlainText(
        '<style>p{}</style><p>a<!-- hidden --><script>alert(1)</script><img src="data:x" alt="Logo"></p>',
      ),
    ).toBe("aLogo");
  });

  it("collapses source whitespace the way a browser does", () => {
    expect(htmlToPlainText("<p>\n  Hello\n  world  </p>\n\n<p></p><p></p><p>Next</p>")).toBe("Hello world\n\nNext");
  });
});

describe("plainTextToHtml", () => {
  it("escapes the text and makes paragraphs and line breaks", () => {
    expect(plainTextToHtml("Hi {{firstName}} & <team>,\r\n\r\nLine one\nline two\n\n\n")).toBe(
      "<p>Hi {{firstName}} &amp; &lt;team&gt;,</p><p>Line one<br>line two</p>",
    );
    expect(plainTextToHtml("")).toBe("");
  });

  it("round-trips through htmlToPlainText", () => {
    const text = "Hi {{first_name}},\n\nA & B <c>\nnext line\n\n- item";
    expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
});

describe("isBlankHtml and decodeEntities", () => {
  it("an editor with only empty paragraphs is blank; an image is not", () => {
    expect(isBlankHtml("<p></p>")).toBe(true);
    expect(isBlankHtml("<p>&nbsp; <br></p>")).toBe(true);
    expect(isBlankHtml('<p><img src="data:image/png;base64,AA"></p>')).toBe(false);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
  });

  it("leaves unknown or invalid references as written", () => {
    expect(decodeEntities("&bogus; &#0; &#x110000; &AMP;")).toBe("&bogus; &#0; &#x110000; &");
  });
});
