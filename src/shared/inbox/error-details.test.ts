import { describe, expect, it } from "vitest";
import { buildSendErrorMessage } from "../sending/send-error-message.ts";
import { parseErrorDetails } from "./error-details.ts";

describe("parseErrorDetails", () => {
  it("is null when there is no error text", () => {
    expect(parseErrorDetails(null)).toBeNull();
    expect(parseErrorDetails(undefined)).toBeNull();
    expect(parseErrorDetails("")).toBeNull();
    expect(parseErrorDetails("   ")).toBeNull();
  });

  it("reads the JSON the sending engine writes: summary, suggestion, common causes and the context", () => {
    const message = buildSendErrorMessage({
      error: "550 5.1.1 <lee@example.com>: Recipient address rejected",
      recipient: "lee@example.com",
      sender: "me@acme.test",
      subject: "Hello",
      timestamp: new Date("2026-11-20T10:00:00.000Z"),
      category: "invalid_address",
    });
    expect(parseErrorDetails(message)).toEqual({
      kind: "details",
      summary: "550 5.1.1 <lee@example.com>: Recipient address rejected",
      suggestion:
        "Check the address for typos or verify it on the Deliverability page, then remove or correct the contact.",
      commonCauses: [
        "The mailbox does not exist or was deleted",
        "A typo in the address",
        "The person left the company",
      ],
      category: "invalid_address",
      recipient: "lee@example.com",
      sender: "me@acme.test",
      timestamp: "2026-11-20T10:00:00.000Z",
    });
  });

  it("reads partial JSON field by field (no troubleshooting, a message instead of error, causes as one string)", () => {
    expect(parseErrorDetails('{"error":"Connection refused"}')).toMatchObject({
      kind: "details",
      summary: "Connection refused",
      suggestion: null,
      commonCauses: [],
      category: null,
      recipient: null,
    });
    expect(parseErrorDetails('{"message":"Timed out","troubleshooting":{"commonCauses":"Firewall"}}')).toMatchObject({
      summary: "Timed out",
      commonCauses: ["Firewall"],
    });
    expect(parseErrorDetails('{"error":{"message":"Quota exceeded"}}')).toMatchObject({ summary: "Quota exceeded" });
    expect(
      parseErrorDetails('{"troubleshooting":{"suggestion":"Try later","commonCauses":["A", 3, "", "B"]}}'),
    ).toMatchObject({ summary: null, suggestion: "Try later", commonCauses: ["A", "B"] });
  });

  it("ignores a category it does not know", () => {
    expect(parseErrorDetails('{"error":"x","category":"alien"}')).toMatchObject({ category: null });
  });

  it("shows text that is not JSON as raw text", () => {
    expect(parseErrorDetails("SMTP error: 421 try again later")).toEqual({
      kind: "raw",
      text: "SMTP error: 421 try again later",
    });
    expect(parseErrorDetails("{not json")).toEqual({ kind: "raw", text: "{not json" });
  });

  it("shows JSON without anything readable as raw text", () => {
    for (const text of ['"just a string"', "42", "null", "[1,2]", '{"code":500}', '{"error":""}']) {
      expect(parseErrorDetails(text)).toEqual({ kind: "raw", text });
    }
  });
});
