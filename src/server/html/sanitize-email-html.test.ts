import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml, sanitizeSequence } from "./sanitize-email-html.ts";

const png = "data:image/png;base64,iVBORw0KGgo=";

describe("sanitizeEmailHtml keeps what an email body needs", () => {
  it("keeps the editor's formatting", () => {
    const html =
      "<h1>T</h1><h2>T</h2><h3>T</h3><p>Hi <strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br>x</p>" +
      "<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>";
    // sanitize-html writes void elements as <br />.
    expect(sanitizeEmailHtml(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("keeps font-size on spans and nothing else in style", () => {
    expect(sanitizeEmailHtml('<span style="font-size: 18px; color: red; position: fixed">x</span>')).toBe(
      '<span style="font-size:18px">x</span>',
    );
    expect(sanitizeEmailHtml('<p style="font-size:18px">x</p>')).toBe("<p>x</p>");
  });

  it("keeps links with a safe scheme or a merge tag, adding rel=noopener", () => {
    expect(sanitizeEmailHtml('<a href="https://acme.test/a?b=1&amp;c=2" title="t">x</a>')).toBe(
      '<a href="https://acme.test/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeEmailHtml('<a href="mailto:a@b.test" rel="opener">m</a>')).toContain('rel="noopener noreferrer"');
    expect(sanitizeEmailHtml('<a href="{{ website }}">w</a>')).toContain('href="{{ website }}"');
  });

  it("keeps inline raster images with alt, width and height", () => {
    expect(sanitizeEmailHtml(`<img src="${png}" alt="Logo" width="120" height="40" class="x">`)).toBe(
      `<img alt="Logo" src="${png}" width="120" height="40" />`,
    );
  });

  it("renames equivalent tags", () => {
    expect(sanitizeEmailHtml("<b>b</b><i>i</i><strike>s</strike><del>d</del>")).toBe(
      "<strong>b</strong><em>i</em><s>s</s><s>d</s>",
    );
  });
});

describe("sanitizeEmailHtml removes XSS payloads", () => {
  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="alert(1)" onmouseover="x">ok</p>', "<p>ok</p>"],
    ['<img src="x" onerror="alert(1)">', ""],
    [`<img src="${png}" onerror="alert(1)">`, `<img src="${png}" />`],
    ['<a href="javascript:alert(1)">x</a>', "x"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "x"],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', "x"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "x"],
    ['<a href=" javascript:alert(1)">x</a>', "x"],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "x"],
    ['<a href="vbscript:msgbox(1)">x</a>', "x"],
    ['<a href="//evil.test">x</a>', "x"],
    ['<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ""],
    ['<img src="https://tracker.test/p.gif">', ""],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ""],
    ['<span style="font-size: expression(alert(1))">x</span>', "<span>x</span>"],
    ['<span style="background:url(javascript:alert(1))">x</span>', "<span>x</span>"],
    ['<svg onload="alert(1)"><script>alert(1)</script></svg>', ""],
    ['<iframe src="https://evil.test">fallback</iframe>', ""],
    ["<style>body{display:none}</style>text", "text"],
    ['<object data="x"></object><embed src="x"><form action="x"><input value="v"></form>', ""],
    ["<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""],
    ["<p>a</p><!-- <script>alert(1)</script> -->", "<p>a</p>"],
    ['<div><p>kept</p></div><meta http-equiv="refresh" content="0;url=x">', "<p>kept</p>"],
  ])("%s", (input, expected) => {
    expect(sanitizeEmailHtml(input)).toBe(expected);
  });

  it("escapes text that looks like markup after parsing", () => {
    expect(sanitizeEmailHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });
});

describe("sanitizeSequence", () => {
  it("sanitises rich-text bodies and leaves plain-text ones as written", () => {
    const steps = sanitizeSequence([
      { subject: "a", body: "<p>x</p><script>1</script>", bodyFormat: "html" as const },
      { subject: "b", body: "Plain <script> stays text", bodyFormat: "text" as const },
    ]);
    expect(steps.map((s) => s.body)).toEqual(["<p>x</p>", "Plain <script> stays text"]);
  });
});
