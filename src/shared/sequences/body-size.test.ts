import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bodyBytes,
  formatMegabytes,
  MAX_STEP_BODY_BYTES,
  sequenceBodySizeProblem,
  stepBodySizeProblem,
} from "./body-size.ts";
import { sequenceInputSchema } from "./sequence.schemas.ts";

/** A data: URL of an image of `bytes` bytes (base64, as FileReader.readAsDataURL makes it). */
const image = (bytes: number, type = "image/png") => `data:${type};base64,${Buffer.alloc(bytes, 7).toString("base64")}`;
const withImage = (bytes: number, text = "<p>Hi {{firstName}}</p>") =>
  `${text}<p><img src="${image(bytes)}" alt="a"></p>`;

describe("bodyBytes", () => {
  it("counts text in UTF-8", () => {
    expect(bodyBytes("")).toBe(0);
    expect(bodyBytes("Hello")).toBe(5);
    expect(bodyBytes("Grüße")).toBe(7);
    expect(bodyBytes("日本")).toBe(6);
    expect(bodyBytes("👋")).toBe(4);
  });

  it("counts an inline image decoded, and the markup around it as text", () => {
    const text = '<p>Hi</p><img src="" alt="a">';
    const html = `<p>Hi</p><img src="${image(3000)}" alt="a">`;
    const header = "data:image/png;base64,".length;
    expect(bodyBytes(html)).toBe(text.length + header + 3000);
    // Padding is not data: 1 and 2 bytes give "Bw==" and "Bwc=".
    expect(bodyBytes(image(1))).toBe(header + 1);
    expect(bodyBytes(image(2))).toBe(header + 2);
  });

  it("counts several images, in attributes and CSS, quoted either way", () => {
    const html = `<img src='${image(100)}'><div style="background:url(${image(200, "image/jpeg")})"></div>`;
    const rest = html.replace(/base64,[A-Za-z0-9+/=]+/g, "base64,");
    expect(bodyBytes(html)).toBe(rest.length + 300);
  });

  it("counts a percent-encoded data: URL's escapes as one byte each", () => {
    const html = '<img src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E">';
    // "<svg></svg>" is 11 bytes.
    expect(bodyBytes(html)).toBe('<img src="data:image/svg+xml,">'.length + 11);
  });

  it("never counts more than the text as written in UTF-8 (decoding only shrinks)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat(400), (text, size) => {
        const body = `${text}${withImage(size)}${text}`;
        expect(bodyBytes(body)).toBeLessThanOrEqual(Buffer.byteLength(body, "utf8"));
        expect(bodyBytes(body)).toBeGreaterThanOrEqual(size);
      }),
    );
  });
});

describe("stepBodySizeProblem", () => {
  it("accepts the spec's 5 MB image with its text, and a body at the limit", () => {
    expect(stepBodySizeProblem(withImage(5 * 1024 * 1024), 1)).toBeNull();
    const markup = '<img src="data:image/png;base64,">'.length;
    const atLimit = `<img src="${image(MAX_STEP_BODY_BYTES - markup)}">`;
    expect(bodyBytes(atLimit)).toBe(MAX_STEP_BODY_BYTES);
    expect(stepBodySizeProblem(atLimit, 1)).toBeNull();
    expect(stepBodySizeProblem(`${atLimit}x`, 1)).not.toBeNull();
    expect(stepBodySizeProblem("x".repeat(MAX_STEP_BODY_BYTES), 1)).toBeNull();
  });

  it("refuses a body over the limit, naming the step, its size and the limit", () => {
    expect(stepBodySizeProblem(withImage(8_100_000), 2)).toBe(
      "Step 2's message is 8.2 MB; a step can be at most 7 MB with its images.",
    );
    expect(stepBodySizeProblem("x".repeat(MAX_STEP_BODY_BYTES + 1), 1)).toBe(
      "Step 1's message is 7.1 MB; a step can be at most 7 MB with its images.",
    );
    // Text that is small as characters but large in UTF-8.
    expect(stepBodySizeProblem("日".repeat(2_500_000), 3)).toBe(
      "Step 3's message is 7.5 MB; a step can be at most 7 MB with its images.",
    );
  });
});

describe("formatMegabytes", () => {
  it("rounds up to a tenth", () => {
    expect(formatMegabytes(8_100_000)).toBe("8.1 MB");
    expect(formatMegabytes(8_100_001)).toBe("8.2 MB");
    expect(formatMegabytes(7_000_001)).toBe("7.1 MB");
    expect(formatMegabytes(500)).toBe("0.1 MB");
  });
});

describe("the sequence's check", () => {
  const step = (body: string) => ({
    subject: "Hi",
    body,
    bodyFormat: "html" as const,
    delayAmount: 0,
    delayUnit: "days" as const,
    scheduledDate: null,
    scheduledTime: null,
  });

  it("names the first step that is too large", () => {
    const steps = [step("<p>small</p>"), step(withImage(7_500_000)), step(withImage(9_000_000))];
    expect(sequenceBodySizeProblem(steps)).toEqual({
      index: 1,
      message: "Step 2's message is 7.6 MB; a step can be at most 7 MB with its images.",
    });
    const parsed = sequenceInputSchema.safeParse(steps);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: [1, "body"],
      message: "Step 2's message is 7.6 MB; a step can be at most 7 MB with its images.",
    });
    expect(sequenceInputSchema.safeParse([step(withImage(5 * 1024 * 1024))]).success).toBe(true);
  });
});
