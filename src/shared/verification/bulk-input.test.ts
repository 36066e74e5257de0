import { describe, expect, it } from "vitest";
import {
  BULK_LIMIT_MESSAGE,
  chunk,
  isUnsendable,
  NO_VALID_EMAILS_MESSAGE,
  parseBulkEmails,
  verifyInChunks,
} from "./bulk-input.ts";

describe("parseBulkEmails", () => {
  it("trims lines, drops those without @ and keeps each address once", () => {
    expect(parseBulkEmails("  a@x.com \nnot an email\n\nB@x.com\r\nA@X.COM\nb@x.com")).toEqual({
      ok: true,
      emails: ["a@x.com", "B@x.com"],
    });
  });

  it("says so when no line holds an address", () => {
    expect(parseBulkEmails("\n  \nhello\n")).toEqual({ ok: false, message: NO_VALID_EMAILS_MESSAGE });
    expect(NO_VALID_EMAILS_MESSAGE).toBe("Please enter valid email addresses");
  });

  it("takes 100 addresses and refuses 101, counted after dropping repeats", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `u${i}@x.com`);
    expect(parseBulkEmails(hundred.join("\n"))).toEqual({ ok: true, emails: hundred });
    expect(parseBulkEmails([...hundred, "u0@x.com"].join("\n"))).toMatchObject({ ok: true });
    expect(parseBulkEmails([...hundred, "u100@x.com"].join("\n"))).toEqual({ ok: false, message: BULK_LIMIT_MESSAGE });
    expect(BULK_LIMIT_MESSAGE).toBe("Please limit bulk verification to 100 emails at a time");
  });
});

describe("chunk", () => {
  it("splits into requests of at most 100", () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(chunk(items).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunk([])).toEqual([]);
  });
});

describe("isUnsendable", () => {
  it("is true for invalid and disposable only", () => {
    expect(["valid", "invalid", "disposable", "catchall", "unknown", "error"].filter(isUnsendable)).toEqual([
      "invalid",
      "disposable",
    ]);
  });
});

describe("verifyInChunks", () => {
  it("sends each address once, 100 per request, and reports progress", async () => {
    const emails = [...Array.from({ length: 150 }, (_, i) => `c${i}@x.com`), "C0@X.com", "no-at-sign"];
    const batches: string[][] = [];
    const progress: string[] = [];
    const results = await verifyInChunks(
      emails,
      async (batch) => {
        batches.push(batch);
        return { results: batch.map((email) => ({ email, result: email === "c7@x.com" ? "invalid" : "valid" })) };
      },
      (reached, total) => progress.push(`${reached} of ${total}`),
    );
    expect(batches.map((b) => b.length)).toEqual([100, 50]);
    expect(progress).toEqual(["100 of 150", "150 of 150"]);
    expect(results.size).toBe(150);
    expect(results.get("c7@x.com")?.result).toBe("invalid");
  });
});
