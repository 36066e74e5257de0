// The MIME parser hands the bounce rules the parts they read: a real
// multipart/report goes through mailparser and comes out with its
// message/delivery-status and returned message as parts, not poured into the text.
import { describe, expect, it } from "vitest";
import { analyzeInbound } from "#shared/mailbox/analyze-inbound.ts";
import { parseInbound } from "./parse-inbound.ts";

const returnedMessage = `Return-Path: <alice@sender.test>
From: Alice Martin <alice@sender.test>
To: nobody@prospect.test
Subject: Quick question
Date: Tue, 03 Dec 2024 10:00:00 +0000
Message-ID: <send-42.1733220000@sender.test>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Hi there, quick question.

Unsubscribe: https://app.coldreach.test/u/42.abc
`;

function report(options: { statusType?: string; returnedType?: string; returnedDisposition?: string } = {}) {
  const statusType = options.statusType ?? "message/delivery-status";
  const returnedType = options.returnedType ?? "message/rfc822";
  const disposition = options.returnedDisposition ? `Content-Disposition: ${options.returnedDisposition}\r\n` : "";
  const returned = returnedType === "text/rfc822-headers" ? returnedMessage.split("\n\n")[0]! : returnedMessage;
  return `Return-Path: <>
From: Mail Delivery System <MAILER-DAEMON@mail.sender.test>
To: alice@sender.test
Subject: Undelivered Mail Returned to Sender
Date: Tue, 3 Dec 2024 10:00:05 +0000
Message-ID: <20241203100005.ABC123@mail.sender.test>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="REPORT-BOUNDARY"

This is a MIME-encapsulated message.

--REPORT-BOUNDARY
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.sender.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<nobody@prospect.test>: host mx.prospect.test[192.0.2.25] said: 550 5.1.1
    <nobody@prospect.test>: Recipient address rejected: User unknown (in reply
    to RCPT TO command)

--REPORT-BOUNDARY
Content-Description: Delivery report
Content-Type: ${statusType}

Reporting-MTA: dns; mail.sender.test
Arrival-Date: Tue,  3 Dec 2024 10:00:01 +0000 (UTC)

Final-Recipient: rfc822; nobody@prospect.test
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.prospect.test
Diagnostic-Code: smtp; 550 5.1.1 <nobody@prospect.test>: Recipient address
    rejected: User unknown

--REPORT-BOUNDARY
Content-Description: Undelivered Message
Content-Type: ${returnedType}
${disposition}
${returned}
--REPORT-BOUNDARY--
`.replace(/\r?\n/g, "\r\n");
}

describe("parseInbound: a delivery status notification (RFC 3464)", () => {
  it("hands over the delivery-status and the returned message as parts, not as text", async () => {
    const msg = await parseInbound(report());
    expect(msg.parts.map((p) => p.contentType)).toEqual(["message/delivery-status", "message/rfc822"]);
    expect(msg.parts[0]!.content).toContain("Final-Recipient: rfc822; nobody@prospect.test");
    expect(msg.parts[1]!.content).toContain("Message-ID: <send-42.1733220000@sender.test>");
    expect(msg.text).toContain("This is the mail system at host mail.sender.test.");
    expect(msg.text).not.toContain("Final-Recipient");
    expect(msg.text).not.toContain("Unsubscribe");
    expect(msg).toMatchObject({
      from: "mailer-daemon@mail.sender.test",
      fromName: "Mail Delivery System",
      subject: "Undelivered Mail Returned to Sender",
      headers: { "auto-submitted": "auto-replied" },
    });
  });

  it("becomes a hard bounce of our message, found by its Message-ID", async () => {
    const analysis = analyzeInbound(await parseInbound(report()));
    expect(analysis).toMatchObject({ kind: "bounce", replyClass: "bounce" });
    expect(analysis.bounce).toEqual({
      recipient: "nobody@prospect.test",
      status: "5.1.1",
      diagnostic: "550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown",
      hard: true,
      category: "invalid_address",
      reason: "user_unknown",
      originalMessageId: "<send-42.1733220000@sender.test>",
    });
  });

  it("keeps an inline returned message as a part (mailparser would otherwise inline it and lose its Message-ID)", async () => {
    const msg = await parseInbound(report({ returnedDisposition: "inline" }));
    expect(msg.parts.map((p) => p.contentType)).toEqual(["message/delivery-status", "message/rfc822"]);
    expect(msg.text).not.toContain("Hi there, quick question.");
    expect(analyzeInbound(msg).bounce?.originalMessageId).toBe("<send-42.1733220000@sender.test>");
  });

  it("reads the returned headers alone (text/rfc822-headers)", async () => {
    const msg = await parseInbound(report({ returnedType: "text/rfc822-headers" }));
    expect(msg.parts.map((p) => p.contentType)).toEqual(["message/delivery-status", "text/rfc822-headers"]);
    expect(analyzeInbound(msg).bounce?.originalMessageId).toBe("<send-42.1733220000@sender.test>");
  });

  it("reads the internationalised report (message/global-delivery-status, RFC 6533)", async () => {
    const msg = await parseInbound(report({ statusType: "message/global-delivery-status" }));
    expect(msg.parts[0]!.contentType).toBe("message/global-delivery-status");
    expect(analyzeInbound(msg).bounce).toMatchObject({ recipient: "nobody@prospect.test", hard: true });
  });
});

describe("parseInbound: a reply", () => {
  const reply = `From: "Bob Stone" <Bob@Prospect.test>
To: Alice Martin <alice@sender.test>
Cc: jane@prospect.test
Subject: RE: Quick question
Date: Wed, 4 Dec 2024 09:00:00 +0100
Message-ID: <reply-1@prospect.test>
In-Reply-To: <send-42.1733220000@sender.test>
References: <earlier@sender.test>
 <send-42.1733220000@sender.test>
X-Mailer: Test
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<div>Sounds good, let's schedule a call on Thursday.</div>
<div>On Tue, Dec 3, 2024 at 10:00 AM Alice Martin &lt;alice@sender.test&gt; wrote:</div>
<blockquote>Hi Bob, would you be open to a quick call?<br>
<a href="https://app.coldreach.test/u/42.abc">Unsubscribe</a></blockquote>
`.replace(/\r?\n/g, "\r\n");

  it("has its threading headers, addresses and date", async () => {
    const msg = await parseInbound(reply);
    expect(msg).toMatchObject({
      messageId: "<reply-1@prospect.test>",
      inReplyTo: "<send-42.1733220000@sender.test>",
      references: ["<earlier@sender.test>", "<send-42.1733220000@sender.test>"],
      from: "bob@prospect.test",
      fromName: "Bob Stone",
      to: ["alice@sender.test", "jane@prospect.test"],
      subject: "RE: Quick question",
      date: "2024-12-04T08:00:00.000Z",
      parts: [],
    });
    expect(msg.headers["x-mailer"]).toBe("Test");
  });

  it("is a meeting request whose content is the reply without the quoted original (HTML only)", async () => {
    const analysis = analyzeInbound(await parseInbound(reply));
    expect(analysis).toMatchObject({
      kind: "reply",
      replyClass: "meeting_request",
      content: "Sounds good, let's schedule a call on Thursday.",
    });
  });
});
