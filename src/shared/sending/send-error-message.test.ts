import { describe, expect, it } from "vitest";
import { failureCategories } from "../db-enums.ts";
import { buildSendErrorMessage, failureTroubleshooting, parseSendErrorMessage } from "./send-error-message.ts";

describe("buildSendErrorMessage", () => {
  it("writes the spec's fields, the category and the category's troubleshooting", () => {
    const json = buildSendErrorMessage({
      error:
        'The server refused the recipient jane@acme.test: "550 5.1.1 <jane@acme.test>: Recipient address rejected"',
      recipient: "jane@acme.test",
      sender: "me@sender.test",
      subject: "Hello Jane",
      timestamp: new Date("2026-11-23T10:00:00Z"),
      category: "invalid_address",
    });
    expect(JSON.parse(json)).toEqual({
      error:
        'The server refused the recipient jane@acme.test: "550 5.1.1 <jane@acme.test>: Recipient address rejected"',
      recipient: "jane@acme.test",
      sender: "me@sender.test",
      subject: "Hello Jane",
      timestamp: "2026-11-23T10:00:00.000Z",
      category: "invalid_address",
      troubleshooting: failureTroubleshooting.invalid_address,
    });
  });

  it("has a suggestion and common causes for every category", () => {
    for (const category of failureCategories) {
      const { suggestion, commonCauses } = failureTroubleshooting[category];
      expect(suggestion.length).toBeGreaterThan(20);
      expect(commonCauses.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("parseSendErrorMessage", () => {
  it("reads back what buildSendErrorMessage wrote", () => {
    const input = {
      error: "Connection closed unexpectedly",
      recipient: "a@b.test",
      sender: "me@sender.test",
      subject: "Hi",
      timestamp: "2026-11-23T10:00:00.000Z",
      category: "network" as const,
    };
    expect(parseSendErrorMessage(buildSendErrorMessage(input))).toMatchObject({ ...input, troubleshooting: {} });
  });

  it("returns null for raw text, other JSON and nothing, so the inbox shows it as text", () => {
    expect(parseSendErrorMessage("Connection refused")).toBeNull();
    expect(parseSendErrorMessage('{"error":"x"}')).toBeNull();
    expect(parseSendErrorMessage(null)).toBeNull();
  });
});
