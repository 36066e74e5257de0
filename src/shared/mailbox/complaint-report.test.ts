import { describe, expect, it } from "vitest";
import { detectComplaint } from "./complaint-report.ts";
import type { InboundMessage } from "./inbound-message.ts";

const base: InboundMessage = {
  messageId: "<arf-1@feedback.example.net>",
  inReplyTo: null,
  references: [],
  from: "staff@hotmail.example.net",
  fromName: "",
  to: ["jane@acme.example"],
  subject: "complaint about message from 192.0.2.1",
  date: "2026-12-03T10:00:00.000Z",
  headers: { "content-type": 'multipart/report; report-type=feedback-report; boundary="part"' },
  text: "This is an email abuse report for an email message received from IP 192.0.2.1.",
  html: null,
  parts: [],
};

const feedback = (type: string, extra = "") => ({
  contentType: "message/feedback-report",
  content: `Feedback-Type: ${type}\r\nUser-Agent: SomeGenerator/1.0\r\nVersion: 1\r\nOriginal-Rcpt-To: <Prospect@Example.org>\r\n${extra}`,
});
const original = {
  contentType: "message/rfc822",
  content:
    "From: jane@acme.example\r\nTo: prospect@example.org\r\nMessage-ID: <send-42@acme.example>\r\nSubject: Hi\r\n\r\nHello",
};

describe("detectComplaint (RFC 5965 feedback reports)", () => {
  it("reads an abuse report: the reported message's Message-ID and the recipient", () => {
    expect(detectComplaint({ ...base, parts: [feedback("abuse"), original] })).toEqual({
      originalMessageId: "<send-42@acme.example>",
      recipient: "prospect@example.org",
    });
  });
  it("takes the headers-only form, and a report without a recipient", () => {
    const headers = { contentType: "text/rfc822-headers", content: original.content.split("\r\n\r\n")[0]! };
    const anonymous = { contentType: "message/feedback-report", content: "Feedback-Type: abuse\r\nVersion: 1\r\n" };
    expect(detectComplaint({ ...base, parts: [anonymous, headers] })).toEqual({
      originalMessageId: "<send-42@acme.example>",
      recipient: null,
    });
  });
  it("is not a complaint for DMARC failure reports and the other feedback types", () => {
    for (const type of ["auth-failure", "not-spam", "virus", "fraud", "other"]) {
      expect(detectComplaint({ ...base, parts: [feedback(type), original] })).toBeNull();
    }
  });
  it("is not a complaint without the report type, or without its feedback part", () => {
    const dsn = { ...base, headers: { "content-type": "multipart/report; report-type=delivery-status" } };
    expect(detectComplaint({ ...dsn, parts: [feedback("abuse"), original] })).toBeNull();
    expect(detectComplaint({ ...base, parts: [original] })).toBeNull();
    // A person quoting a report in a reply.
    expect(
      detectComplaint({ ...base, headers: { "content-type": "text/plain" }, text: "Feedback-Type: abuse" }),
    ).toBeNull();
  });
});
