import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openPixelHtml } from "../sending/message-footer.ts";
import { INERT_PIXEL, withInertOpenPixels } from "./inert-open-pixels.ts";

const sendId = "3f2b8c1e-9a4d-4c6b-8e2f-0a1b2c3d4e5f";
const token = `${sendId}.AbCdEfGhIjKlMnOpQr_-12`;
const pixel = `https://app.example.com/t/o/${token}.gif`;

describe("open pixels in HTML shown inside the app", () => {
  it("replaces the pixel the engine appends with an inline transparent image", () => {
    const html = `<p>Hi Ana</p>${openPixelHtml(pixel)}`;
    expect(withInertOpenPixels(html)).toEqual({
      html: `<p>Hi Ana</p><img src="${INERT_PIXEL}" width="1" height="1" alt="">`,
      replaced: 1,
    });
  });

  it("finds it on any host, without .gif, with a query, unquoted, in a srcset and in CSS", () => {
    const cases = [
      `<img src="http://localhost:3000/t/o/${token}.gif">`,
      `<img src='//other.test/prefix/t/o/${token}'>`,
      `<img src=/t/o/${token}.gif?x=1#y>`,
      `<img srcset="logo.png 1x, https://a.test/t/o/${token}.gif 2x">`,
      `<div style="background:url(https://a.test/t/o/${token}.gif)"></div>`,
      `<td background="HTTPS://A.TEST/T/O/${token.toUpperCase()}.GIF"></td>`,
    ];
    for (const html of cases) {
      const out = withInertOpenPixels(html);
      expect(out.replaced, html).toBe(1);
      expect(out.html, html).not.toMatch(/\/t\/o\//i);
      expect(out.html, html).toContain(INERT_PIXEL);
    }
    expect(withInertOpenPixels(cases[3]!).html).toBe(`<img srcset="logo.png 1x, ${INERT_PIXEL} 2x">`);
  });

  it("leaves other images and links alone, the unsubscribe link and look-alike paths included", () => {
    const html = [
      '<img src="https://cdn.test/logo.png">',
      `<a href="https://app.example.com/u/${token}">Unsubscribe</a>`,
      '<img src="https://a.test/t/o/not-a-token.gif">',
      `<a href="https://a.test/t/x/${token}.gif">x</a>`,
    ].join("");
    expect(withInertOpenPixels(html)).toEqual({ html, replaced: 0 });
  });

  it("never leaves a pixel URL, wherever it is put, and changes nothing else (property)", () => {
    const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
    const tokens = fc
      .tuple(hex(8), hex(4), hex(4), hex(4), hex(12), fc.stringMatching(/^[\w-]{22}$/))
      .map(([a, b, c, d, e, mac]) => `${a}-${b}-${c}-${d}-${e}.${mac}`);
    const pixelUrls = fc
      .tuple(fc.constantFrom("https://app.test", "http://localhost:3000", "//x.test", ""), tokens, fc.boolean())
      .map(([origin, t, gif]) => `${origin}/t/o/${t}${gif ? ".gif" : ""}`);
    // Text around it that holds no pixel of its own.
    const filler = fc.string({ maxLength: 30 }).filter((s) => !/\/t\/o\//i.test(s));
    const contexts = fc.constantFrom(
      (u: string) => `<img src="${u}" width="1" height="1" alt="">`,
      (u: string) => `<img src='${u}'>`,
      (u: string) => `<img src=${u} alt=x>`,
      (u: string) => `<p style="background-image:url(${u})">`,
      (u: string) => `<img srcset="a.png 1x, ${u} 2x">`,
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, contexts, pixelUrls), { maxLength: 5 }), filler, (pieces, tail) => {
        const html = pieces.map(([text, wrap, url]) => text + wrap(url)).join("") + tail;
        const expected = pieces.map(([text, wrap]) => text + wrap(INERT_PIXEL)).join("") + tail;
        const out = withInertOpenPixels(html);
        expect(out.html).toBe(expected);
        expect(out.replaced).toBe(pieces.length);
        expect(withInertOpenPixels(expected)).toEqual({ html: expected, replaced: 0 });
      }),
    );
  });
});
