// A step's inline images leave the body once per step and travel as cid:
// parts: through the real SMTP path (delivery thread, nodemailer, a sink),
// each message carries the image bytes whole and its HTML refers to them.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { createLogger } from "../logger.ts";
import { createTransportFactory } from "../sending/delivery/transports.ts";
import { unsavedSenderRow } from "../sending/unsaved-sender.ts";
import { createInlineImageCache, extractInlineImages } from "./inline-images.ts";

const png = randomBytes(300_000);
const dataUri = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

describe("extractInlineImages", () => {
  it("replaces each data: image with a cid: reference; the same image twice is one part", () => {
    const other = randomBytes(1000);
    const html = `<p>Hi {{firstName}}</p><img src="${dataUri(png)}" alt="a"><img src='${dataUri(png)}'><img src="${dataUri(other, "image/jpeg")}">`;
    const { body, images } = extractInlineImages(html);
    expect(images).toHaveLength(2);
    expect(images.map((i) => i.contentType)).toEqual(["image/png", "image/jpeg"]);
    expect(Buffer.from(images[0]!.content).equals(png)).toBe(true);
    expect(images[0]!.content.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(body).not.toContain("data:");
    expect(body).toBe(
      `<p>Hi {{firstName}}</p><img src="cid:${images[0]!.cid}" alt="a"><img src='cid:${images[0]!.cid}'><img src="cid:${images[1]!.cid}">`,
    );
  });

  it("leaves bodies without data: images, and links that mention data:, alone", () => {
    const html = `<p><a href="https://example.test/?q=data:image/png;base64,AAAA">x</a><img src="https://cdn.example.test/a.png"></p>`;
    expect(extractInlineImages(html)).toEqual({ body: html, images: [] });
  });

  it("is computed once per key while the key is remembered", () => {
    const cache = createInlineImageCache(2);
    const html = `<img src="${dataUri(png)}">`;
    const first = cache("step-1:1", html);
    expect(cache("step-1:1", html)).toBe(first);
    cache("step-2:1", html);
    cache("step-3:1", html);
    expect(cache("step-1:1", html)).not.toBe(first);
  });
});

describe("over SMTP", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("each message carries the image as an inline part its HTML refers to", async () => {
    const factory = createTransportFactory({
      config: { mailDelivery: "capture", gmailApiBaseUrl: "http://127.0.0.1:1", dkim: undefined, google: undefined },
      secrets: createSecretBox("inline-images-test-secret-0123456789-abcdef"),
      log: createLogger("silent"),
      capturePort: sink.port,
    });
    try {
      const { body, images } = extractInlineImages(`<p>Hello</p><img src="${dataUri(png)}">`);
      const transport = factory.forSender(unsavedSenderRow("user-1", "jane@acme.test"));
      for (const to of ["a@example.test", "b@example.test"]) {
        await transport.deliver({
          from: { name: "Jane", address: "jane@acme.test" },
          to,
          subject: "Hello",
          html: body,
          text: "Hello",
          messageId: `<${to}.inline@acme.test>`,
          headers: {},
          inlineImages: images,
        });
      }
      expect(sink.messages).toHaveLength(2);
      for (const m of sink.messages) {
        const [part] = m.parsed.attachments;
        expect(part?.contentId).toBe(`<${images[0]!.cid}>`);
        expect(part?.contentDisposition).toBe("inline");
        expect(part?.content.equals(png)).toBe(true);
        // (mailparser's html inlines cid: parts back as data: URIs; the raw part says what was sent.)
        expect(m.raw.replace(/=\r\n/g, "")).toContain(`src=3D"cid:${images[0]!.cid}"`);
      }
    } finally {
      factory.closeAll();
    }
  });
});
