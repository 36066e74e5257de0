// Click tracking's link rewriting: which links become redirects, that the
// rest of the message is left as it was, and (fast-check) that no HTML or text
// makes it throw, the unsubscribe, mailto: and tel: links and anchors are
// never touched, and every redirect's token verifies to the URL it replaced.
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  clickRewriteFor,
  isTrackableUrl,
  rewriteHtmlLinks,
  rewriteTextLinks,
  withClickTracking,
} from "./click-links.ts";
import { trackingUrls, verifyClickToken } from "./tokens.ts";

const SECRET = "click-links-secret-0123456789-abcdefghij";
const SEND_ID = "6f1c2b2e-8a3d-4c1e-9f0a-1b2c3d4e5f60";
const BASE = "https://track.acme.test";
const PUBLIC = "https://app.coldreach.test";
const rewrite = clickRewriteFor({ baseUrl: BASE, publicUrl: PUBLIC, secret: SECRET, sendId: SEND_ID });
const own = trackingUrls(BASE, SECRET, SEND_ID);

/** A redirect in text: the send id, the URL and the MAC (tokens.ts). */
const REDIRECT = /https:\/\/track\.acme\.test\/t\/c\/[\w-]+\.[\w-]+\.[\w-]{22}/g;

/** The URL a redirect stands for (null: not one of this send's redirects). */
function original(href: string): string | null {
  if (!href.startsWith(`${BASE}/t/c/`)) return null;
  const token = verifyClickToken(SECRET, href.slice(`${BASE}/t/c/`.length));
  return token?.sendId === SEND_ID ? token.url : null;
}

/** Every a[href] of the HTML, decoded, in order. */
function hrefs(html: string): string[] {
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs, implied) {
        if (name === "a" && !implied && attribs.href !== undefined) out.push(attribs.href.trim());
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return out;
}

describe("isTrackableUrl", () => {
  it("takes absolute http(s) URLs with a host", () => {
    for (const url of ["https://acme.test", "HTTP://acme.test/a?b=1#c", "https://xn--bcher-kva.test/ü"]) {
      expect(isTrackableUrl(url), url).toBe(true);
    }
  });

  it("leaves every other scheme, relative links, anchors and over-long URLs", () => {
    for (const url of [
      "mailto:jane@acme.test",
      "tel:+441234567",
      "#top",
      "/pricing",
      "//acme.test/x",
      "ftp://acme.test",
      "javascript:alert(1)",
      "https://",
      `https://acme.test/${"a".repeat(2_000)}`,
    ]) {
      expect(isTrackableUrl(url), url).toBe(false);
    }
  });
});

describe("rewriteHtmlLinks", () => {
  it("points each web link at its redirect and keeps the rest of the markup as it was", () => {
    const html =
      '<p>See <a href="https://acme.test/pricing?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">pricing</a>, ' +
      '<a href="mailto:jane@acme.test">mail me</a>, <a href="tel:+44123">call</a>, <a href="#top">top</a>.</p>\n' +
      `<p style="color:#6b7280"><a href="${own.unsubscribe}">Unsubscribe</a></p>\n<img src="${own.openPixel}" width="1" height="1" alt="">`;
    const out = rewriteHtmlLinks(html, rewrite);
    const links = hrefs(out);
    expect(original(links[0]!)).toBe("https://acme.test/pricing?a=1&b=2");
    expect(links.slice(1)).toEqual(["mailto:jane@acme.test", "tel:+44123", "#top", own.unsubscribe]);
    expect(out).toContain('target="_blank" rel="noopener noreferrer">pricing</a>, <a href="mailto:jane@acme.test">');
    expect(out.slice(out.indexOf(', <a href="mailto'))).toBe(html.slice(html.indexOf(', <a href="mailto')));
  });

  it("rewrites the same URL to the same redirect wherever it appears, and leaves links already redirected", () => {
    const once = rewriteHtmlLinks('<a href="https://acme.test">a</a><a HREF=https://acme.test>b</a>', rewrite);
    const [first, second] = hrefs(once);
    expect(first).toBe(second);
    expect(rewriteHtmlLinks(once, rewrite)).toBe(once);
  });
});

describe("links that show an address, and bare URLs in the HTML's text", () => {
  it("stay as written: a redirect under a shown address of another domain reads as a spoofed link", () => {
    const html =
      '<p><a href="https://cal.test/jane">https://cal.test/jane</a> <a href="https://acme.test">www.acme.test</a> ' +
      "Docs: https://acme.test/docs</p>";
    expect(rewriteHtmlLinks(html, rewrite)).toBe(html);
  });
});

describe("rewriteTextLinks", () => {
  it("rewrites bare URLs without the sentence's punctuation, and keeps the unsubscribe line", () => {
    const text = `Pricing: https://acme.test/pricing. Docs (https://acme.test/docs) and https://en.wikipedia.test/wiki/A_(b)!\n\nmailto:jane@acme.test\n\nUnsubscribe: ${own.unsubscribe}\n`;
    const out = rewriteTextLinks(text, rewrite);
    const found = [...out.matchAll(REDIRECT)].map((m) => original(m[0]));
    expect(found).toEqual([
      "https://acme.test/pricing",
      "https://acme.test/docs",
      "https://en.wikipedia.test/wiki/A_(b)",
    ]);
    expect(out).toMatch(/\/t\/c\/[\w.-]+\. Docs \(https:\/\/track\.acme\.test\/t\/c\/[\w.-]+\) and /);
    expect(out.endsWith(`mailto:jane@acme.test\n\nUnsubscribe: ${own.unsubscribe}\n`)).toBe(true);
  });
});

describe("withClickTracking", () => {
  it("rewrites both parts, or the text alone when there is no HTML", () => {
    const message = {
      from: { name: "Jane", address: "jane@acme.test" },
      to: "bob@example.test",
      subject: "Hi",
      html: '<a href="https://acme.test">x</a>',
      text: "x (https://acme.test)",
      messageId: "<m@acme.test>",
      headers: {},
    };
    const both = withClickTracking(message, rewrite);
    expect(original(hrefs(both.html!)[0]!)).toBe("https://acme.test");
    expect(both.text).toMatch(/^x \(https:\/\/track\.acme\.test\/t\/c\/[\w.-]+\)$/);
    const { html: _html, ...plain } = message;
    expect(withClickTracking(plain, rewrite).html).toBeUndefined();
  });
});

// Pieces to build messages from: links that must be rewritten, links that must not, and noise.
const webUrl = fc
  .tuple(
    fc.constantFrom("http", "https", "HTTPS"),
    fc.domain(),
    fc.array(fc.stringMatching(/^[\w\-.~%]{0,11}[a-z0-9]$/), { maxLength: 3 }),
    fc.option(fc.stringMatching(/^[\w=&%-]{0,19}[a-z0-9]$/), { nil: undefined }),
  )
  .map(([scheme, host, path, query]) => `${scheme}://${host}/${path.join("/")}${query ? `?${query}` : ""}`);
const untouchable = fc.constantFrom(
  own.unsubscribe,
  "mailto:jane@acme.test?subject=unsubscribe",
  "tel:+441234567",
  "#section-2",
  "/relative/page",
);
const noise = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom("<p>", "</p>", "<br>", "<!-- a -->", "<b>", "</a>", "&amp;", "<div class=x>", "<", ">", '"', "'"),
);

describe("link rewriting on any message (fast-check)", () => {
  it("never throws on arbitrary HTML or text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (input) => {
        rewriteHtmlLinks(input, rewrite);
        rewriteTextLinks(input, rewrite);
      }),
      { numRuns: 500 },
    );
  });

  it("rewrites every web link of the HTML to a redirect that verifies to it, and leaves the others", () => {
    const link = fc.oneof(
      webUrl.map((url) => ({ url, tracked: true })),
      untouchable.map((url) => ({ url, tracked: false })),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(noise, link, noise), { maxLength: 8 }), (parts) => {
        // The link's text never shows an address (such links stay as written: tested above).
        const html = parts.map(([a, l, b]) => `<p>${a}</p><a href="${l.url}">link ${b}</a>`).join("");
        const expected = hrefs(html);
        const out = hrefs(rewriteHtmlLinks(html, rewrite));
        expect(out).toHaveLength(expected.length);
        for (const [i, href] of out.entries()) {
          const before = expected[i]!;
          if (isTrackableUrl(before) && !rewrite.isOwn(before)) expect(original(href)).toBe(before);
          else expect(href).toBe(before);
        }
        for (const [, l] of parts) if (!l.tracked && expected.includes(l.url)) expect(out).toContain(l.url);
      }),
      { numRuns: 300 },
    );
  });

  it("rewrites every bare web URL of the text to a redirect that verifies to it", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z ,.]{0,12}$/), webUrl), { maxLength: 6 }), (parts) => {
        const text = `${parts.map(([words, url]) => `${words} ${url} `).join("")}\nUnsubscribe: ${own.unsubscribe}\n`;
        const out = rewriteTextLinks(text, rewrite);
        const redirects = [...out.matchAll(REDIRECT)].map((m) => original(m[0]));
        expect(redirects).toEqual(parts.map(([, url]) => url));
        expect(out.endsWith(`Unsubscribe: ${own.unsubscribe}\n`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
