// The edge rules for inbound mail (issue 26 §3): what they let through is safe
// to store and index, whatever came in. fast-check prints the seed of a failure.
import fc from "fast-check";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { manyPartsReply } from "../../../tests/support/hostile-messages.ts";
import {
  boundedMime,
  boundedText,
  cleanText,
  MAX_ID_CHARS,
  MAX_MIME_DELIMITERS,
  MAX_REFERENCES,
  safeAddress,
  safeIdentifier,
  safeReferences,
  saneDate,
  saneReceivedAt,
} from "./inbound-safety.ts";
import { parseInbound } from "./parse-inbound.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never come out.
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });

describe("cleanText", () => {
  it("removes NUL, control characters, lone surrogates and U+FFFD, and keeps tab, line ends and the rest", () => {
    expect(cleanText("a\u0000b\u0007c\td\r\ne\ufffdf\ud800g😀")).toBe("abc\td\r\nefg😀");
    fc.assert(
      fc.property(anyText, (text) => {
        const clean = cleanText(text);
        expect(clean).not.toMatch(UNSAFE);
        expect(clean).not.toMatch(LONE_SURROGATE);
        expect(cleanText(clean)).toBe(clean);
        // What PostgreSQL receives (UTF-8) decodes back to the same text.
        expect(Buffer.from(clean, "utf8").toString("utf8")).toBe(clean);
      }),
    );
  });

  it("boundedText never cuts a surrogate pair in two", () => {
    expect(boundedText("ab😀", 3)).toBe("ab");
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 40 }), (text, max) => {
        const out = boundedText(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(LONE_SURROGATE);
      }),
    );
  });
});

describe("identifiers and addresses", () => {
  it("keeps a usual Message-ID, hashes a long one to the same short value every time", () => {
    expect(safeIdentifier(" <abc@example.test> ")).toBe("<abc@example.test>");
    expect(safeIdentifier("<a\u0000b@x>")).toBe("<ab@x>");
    expect(safeIdentifier("\u0000")).toBeNull();
    const long = `<${"y".repeat(9_600)}@mx.test>`;
    const hashed = safeIdentifier(long);
    expect(hashed).toMatch(/^<sha256\.[0-9a-f]{64}@long-id\.invalid>$/);
    expect(safeIdentifier(long)).toBe(hashed);
    expect(safeIdentifier(`<${"z".repeat(9_600)}@mx.test>`)).not.toBe(hashed);
    fc.assert(
      fc.property(anyText, (id) => {
        const safe = safeIdentifier(id);
        if (safe !== null) expect(safe.length).toBeLessThanOrEqual(MAX_ID_CHARS);
      }),
    );
  });

  it("keeps the first reference and the newest ones", () => {
    const refs = Array.from({ length: 120 }, (_, i) => `<r${i}@x>`);
    const kept = safeReferences(refs);
    expect(kept).toHaveLength(MAX_REFERENCES);
    expect(kept[0]).toBe("<r0@x>");
    expect(kept.at(-1)).toBe("<r119@x>");
  });

  it("an address longer than an address can be is no address", () => {
    expect(safeAddress(" Bob@Example.TEST ")).toBe("bob@example.test");
    expect(safeAddress(`${"a".repeat(250)}@b.test`)).toBe("");
  });
});

describe("dates", () => {
  const received = new Date("2026-11-24T10:00:00Z");
  it("keeps a plausible date, and replaces one before 1990 or after the next day by the time received", () => {
    expect(saneDate(new Date("2026-11-24T09:00:00Z"), received)).toEqual(new Date("2026-11-24T09:00:00Z"));
    expect(saneDate(new Date("10000-01-01T00:00:00Z"), received)).toEqual(received);
    expect(saneDate(new Date("1970-01-01T00:00:00Z"), received)).toEqual(received);
    expect(saneDate(new Date(Number.NaN), received)).toEqual(received);
    expect(saneDate(null, received)).toEqual(received);
  });

  it("a time received no server would give is now", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(saneReceivedAt(new Date("9999-12-31T00:00:00Z"), now)).toEqual(now);
    expect(saneReceivedAt(null, now)).toEqual(now);
    expect(saneReceivedAt(new Date("2026-11-23T00:00:00Z"), now)).toEqual(new Date("2026-11-23T00:00:00Z"));
  });

  it("parseInbound gives every Date header, from year 0 to 99999, as a date PostgreSQL can store", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 99_999 }), async (year) => {
        const raw = `From: a@b.test\r\nDate: Sat, 01 Jan ${year} 00:00:00 +0000\r\nSubject: x\r\n\r\nbody\r\n`;
        const msg = await parseInbound(raw, { receivedAt: received, now: received });
        const date = new Date(msg.date!);
        // PostgreSQL's timestamptz reads 4-digit years: the ISO text never has a sign or 6 digits.
        expect(msg.date).toMatch(/^\d{4}-/);
        expect(date.getTime()).toBeGreaterThanOrEqual(Date.UTC(1990, 0, 1));
        expect(date.getTime()).toBeLessThanOrEqual(received.getTime() + 86_400_000);
      }),
      { numRuns: 50 },
    );
  });
});

describe("boundedMime", () => {
  it("leaves a usual message as it is", () => {
    const raw = Buffer.from(
      "Subject: x\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\nhi\r\n--b--\r\n",
    );
    expect(boundedMime(raw)).toEqual({ raw, truncated: false });
  });

  it("cuts 1,200 parts to what mailparser reads whole, keeping the first parts", async () => {
    const { raw } = manyPartsReply({
      sender: "a@b.test",
      send: { messageId: "<s@x>", subject: "Hello", toEmail: "p@q.test" },
    });
    await expect(simpleParser(Buffer.from(raw))).rejects.toThrow(/Max allowed child nodes exceeded/);
    const bounded = boundedMime(Buffer.from(raw));
    expect(bounded.truncated).toBe(true);
    const parsed = await simpleParser(bounded.raw);
    expect(parsed.text).toMatch(/^Yes, call me\./);
    const delimiters = bounded.raw.toString("latin1").match(/\n--/g) ?? [];
    expect(delimiters.length).toBeLessThan(MAX_MIME_DELIMITERS);
  });
});
