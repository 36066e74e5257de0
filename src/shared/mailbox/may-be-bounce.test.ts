// mayBeBounce: the header-only test the mailbox sync fetches bounces by. It
// must accept every message detectBounce could take for a bounce (the bounce
// corpus, server/mailbox/corpus.test.ts, checks it on every case too).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bounceHeadersOf, detectBounce, mayBeBounce } from "./bounce-report.ts";
import type { InboundMessage } from "./inbound-message.ts";

const plain = {
  from: "jane@prospects.test",
  fromName: "Jane",
  subject: "Re: hello",
  contentType: "",
  autoSubmitted: "",
};

describe("mayBeBounce", () => {
  it("is false for a person's message", () => {
    expect(mayBeBounce(plain)).toBe(false);
    expect(mayBeBounce({ ...plain, contentType: "multipart/alternative; boundary=x", autoSubmitted: "no" })).toBe(
      false,
    );
  });

  it.each([
    ["a status report", { contentType: 'multipart/report; report-type=delivery-status; boundary="b"' }],
    ["a status part alone", { contentType: "message/delivery-status" }],
    ["bounces@", { from: "bounces@mx.prospects.test" }],
    ["mdaemon@", { from: "mdaemon@mx.prospects.test" }],
    ["MAILER-DAEMON@", { from: "MAILER-DAEMON@mx.prospects.test" }],
    ["a daemon's name", { fromName: "Mail Delivery Subsystem" }],
    ["a Dutch subject", { subject: "Onbestelbaar: Hello" }],
    ["a Portuguese subject with accents", { subject: "Não foi possível entregar a mensagem" }],
    ["a Chinese subject", { subject: "退信: Hello" }],
    ["auto-generated", { autoSubmitted: "auto-generated" }],
    ["auto-replied", { autoSubmitted: "Auto-Replied" }],
  ])("is true for %s", (_name, headers) => {
    expect(mayBeBounce({ ...plain, ...headers })).toBe(true);
  });

  it("holds whenever detectBounce finds a bounce or a notice (random messages)", () => {
    const part = (contentType: string, content: string) => ({ contentType, content });
    const message = fc.record({
      from: fc.constantFrom("jane@prospects.test", "bounces@mx.test", "postmaster@mx.test", "mdaemon@mx.test", ""),
      fromName: fc.constantFrom("", "Jane", "Mail Delivery System", "Mailer-Daemon", "Mail Administrator"),
      subject: fc.oneof(
        fc.constantFrom(
          "Re: hello",
          "Onbestelbaar: hello",
          "Undelivered Mail Returned to Sender",
          "Unzustellbar",
          "退信",
        ),
        fc.string({ maxLength: 30 }),
      ),
      contentType: fc.constantFrom(
        "",
        "text/plain",
        "multipart/mixed; boundary=x",
        "multipart/report; report-type=delivery-status",
        "Multipart/Report; report-type=delivery-status",
      ),
      autoSubmitted: fc.constantFrom(undefined, "no", "auto-generated", "auto-replied"),
      text: fc.constantFrom(
        "Hi, sounds good.",
        "This message was created automatically by mail delivery software.\n\nThe following address(es) failed:\n\n  a@prospects.test\n    550 5.1.1 User unknown",
        "This is the mail system at host mx.test.\n\n<a@prospects.test>: host mx.test said: 550 5.1.1 no such user",
        "Your message couldn't be delivered. 550 5.1.10 RecipientNotFound",
        "Delivery to the following recipient failed permanently:\n\n a@prospects.test",
      ),
      parts: fc.constantFrom(
        [],
        [
          part(
            "message/delivery-status",
            "Reporting-MTA: dns; mx.test\n\nFinal-Recipient: rfc822; a@x.test\nAction: failed\nStatus: 5.1.1\n",
          ),
        ],
        [part("text/rfc822-headers", "Message-ID: <x@y>\n")],
      ),
    });
    fc.assert(
      fc.property(message, (m) => {
        const headers: Record<string, string> = {};
        if (m.contentType) headers["content-type"] = m.contentType;
        if (m.autoSubmitted) headers["auto-submitted"] = m.autoSubmitted;
        const msg: InboundMessage = {
          messageId: "<m@x>",
          inReplyTo: null,
          references: [],
          from: m.from,
          fromName: m.fromName,
          to: ["sender@acme.test"],
          subject: m.subject,
          date: null,
          headers,
          text: m.text,
          html: null,
          parts: [...m.parts],
        };
        if (detectBounce(msg) !== null) expect(mayBeBounce(bounceHeadersOf(msg))).toBe(true);
      }),
    );
  });
});
