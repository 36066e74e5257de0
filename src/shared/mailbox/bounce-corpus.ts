// Bounces as the common servers write them, for the tests: the RFC 3464 report
// (with its parts as #server/mailbox/parse-inbound.ts hands them over) and the
// texts of Exim, qmail, Postfix, Gmail, Microsoft 365/Exchange, Yahoo, Amazon
// SES and sendmail. Addresses and hosts are made up (.test).
import type { BounceReport, InboundMessage } from "./inbound-message.ts";

export type CorpusBounce = {
  name: string;
  message: Partial<InboundMessage> & Pick<InboundMessage, "from" | "subject" | "text">;
  expected:
    | { outcome: "failed"; report: Partial<BounceReport>; rule: RegExp }
    | { outcome: "notice" }
    | { outcome: "none" };
};

const returnedHeaders = (n: number, to: string) => `Return-Path: <alice@sender.test>
Received: from sender.test (sender.test [198.51.100.7])
	by mx.prospect.test (Postfix) with ESMTPS id 4Y2k1Q0Wz9
	for <${to}>; Tue,  3 Dec 2024 10:00:02 +0000 (UTC)
From: Alice Martin <alice@sender.test>
To: ${to}
Subject: Quick question
Date: Tue, 03 Dec 2024 10:00:00 +0000
Message-ID: <send-${n}.1733220000@sender.test>
In-Reply-To: <earlier-thread@sender.test>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
`;

const returnedMessage = (n: number, to: string) =>
  `${returnedHeaders(n, to)}
Hi there, quick question about your outbound.

Unsubscribe: https://app.coldreach.test/u/42.Zm9vYmFyYmF6cXV4
`;

const postfixNotice = (recipientLine: string) => `This is the mail system at host mail.sender.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

For further assistance, please send mail to postmaster.

If you do so, please include this problem report. You can
delete your own text from the attached returned message.

                   The mail system

${recipientLine}
`;

const dsn = (perRecipient: string) => `Reporting-MTA: dns; mail.sender.test
X-Postfix-Queue-ID: 4Y2k1Q0Wz9
X-Postfix-Sender: rfc822; alice@sender.test
Arrival-Date: Tue,  3 Dec 2024 10:00:01 +0000 (UTC)

${perRecipient}`;

const MAILER_DAEMON = { from: "mailer-daemon@mail.sender.test", fromName: "Mail Delivery System" };
const DSN_HEADERS = { "auto-submitted": "auto-replied" };

export const bounceCorpus: CorpusBounce[] = [
  {
    name: "RFC 3464 (Postfix): 5.1.1 user unknown, returned message attached",
    message: {
      ...MAILER_DAEMON,
      subject: "Undelivered Mail Returned to Sender",
      headers: DSN_HEADERS,
      text: postfixNotice(`<nobody@prospect.test>: host mx.prospect.test[192.0.2.25] said: 550 5.1.1
    <nobody@prospect.test>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)`),
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; nobody@prospect.test
Original-Recipient: rfc822;nobody@prospect.test
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.prospect.test
Diagnostic-Code: smtp; 550 5.1.1 <nobody@prospect.test>: Recipient address
    rejected: User unknown in virtual mailbox table
`),
        },
        { contentType: "message/rfc822", content: returnedMessage(1, "nobody@prospect.test") },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.1",
        diagnostic:
          "550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in virtual mailbox table",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-1.1733220000@sender.test>",
      },
    },
  },
  {
    name: "RFC 3464: several recipients, the first failed one is reported",
    message: {
      ...MAILER_DAEMON,
      subject: "Undelivered Mail Returned to Sender",
      text: postfixNotice("(three recipients; see the report)"),
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; fine@prospect.test
Action: delivered
Status: 2.0.0
Diagnostic-Code: smtp; 250 2.0.0 Ok: queued as 8F2A1

Final-Recipient: rfc822; <Second@Prospect.test>
Action: failed
Status: 5.7.1
Diagnostic-Code: smtp; 554 5.7.1 Service unavailable; Client host [198.51.100.7]
    blocked using zen.spamhaus.org

Final-Recipient: rfc822; third@prospect.test
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 User unknown
`),
        },
        { contentType: "text/rfc822-headers", content: returnedHeaders(2, "second@prospect.test") },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: {
        recipient: "second@prospect.test",
        status: "5.7.1",
        hard: true,
        category: "blocked",
        originalMessageId: "<send-2.1733220000@sender.test>",
      },
    },
  },
  {
    name: "RFC 3464: 5.2.2 mailbox full is a soft bounce",
    message: {
      ...MAILER_DAEMON,
      subject: "Undelivered Mail Returned to Sender",
      text: postfixNotice("<full@prospect.test>: mailbox full"),
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; full@prospect.test
Action: failed
Status: 5.2.2
Diagnostic-Code: smtp; 552 5.2.2 <full@prospect.test>: Mailbox full
`),
        },
        { contentType: "message/rfc822", content: returnedMessage(3, "full@prospect.test") },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: { recipient: "full@prospect.test", status: "5.2.2", hard: false, category: "bounced" },
    },
  },
  {
    name: "RFC 3464: over quota in the text under a generic 5.0.0 is soft too",
    message: {
      ...MAILER_DAEMON,
      subject: "Undelivered Mail Returned to Sender",
      text: postfixNotice("<quota@prospect.test>: over quota"),
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; quota@prospect.test
Action: failed
Status: 5.0.0
Diagnostic-Code: smtp; 550 5.0.0 <quota@prospect.test>: user is over quota
`),
        },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: { recipient: "quota@prospect.test", status: "5.0.0", hard: false, category: "bounced" },
    },
  },
  {
    name: "RFC 3464: failed after retries with 4.4.7 is soft",
    message: {
      ...MAILER_DAEMON,
      subject: "Undelivered Mail Returned to Sender",
      text: postfixNotice("<slow@prospect.test>: delivery temporarily suspended: connection timed out"),
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; slow@prospect.test
Action: failed
Status: 4.4.7
Diagnostic-Code: X-Postfix; delivery temporarily suspended: connect to
    mx.prospect.test[192.0.2.25]:25: Connection timed out
`),
        },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: { recipient: "slow@prospect.test", status: "4.4.7", hard: false, category: "network" },
    },
  },
  {
    name: "RFC 3464: a delay report (Action: delayed) is not a bounce",
    message: {
      ...MAILER_DAEMON,
      subject: "Delayed Mail (still being retried)",
      text: "This is the mail system at host mail.sender.test.\n\n####################################################################\n# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #\n####################################################################\n",
      parts: [
        {
          contentType: "message/delivery-status",
          content: dsn(`Final-Recipient: rfc822; slow@prospect.test
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx.prospect.test[192.0.2.25]:25: Connection refused
Will-Retry-Until: Tue, 10 Dec 2024 10:00:01 +0000 (UTC)
`),
        },
      ],
    },
    expected: { outcome: "notice" },
  },
  {
    name: "RFC 3464 (Microsoft 365): 5.1.10 with text/rfc822-headers",
    message: {
      from: "postmaster@prospectcorp.onmicrosoft.test",
      fromName: "Microsoft Outlook",
      subject: "Undeliverable: Quick question",
      text: "Your message to nobody@prospect.test couldn't be delivered.\nnobody wasn't found at prospect.test.\n",
      parts: [
        {
          contentType: "message/delivery-status",
          content: `Reporting-MTA: dns;DM6PR11MB1234.namprd11.prod.outlook.com
Received-From-MTA: dns;sender.test
Arrival-Date: Tue, 3 Dec 2024 10:00:02 +0000

Final-Recipient: rfc822;nobody@prospect.test
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient nobody@prospect.test not found by SMTP address lookup
`,
        },
        { contentType: "text/rfc822-headers", content: returnedHeaders(4, "nobody@prospect.test") },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.10",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-4.1733220000@sender.test>",
      },
    },
  },
  {
    name: "RFC 3464: Status without Diagnostic-Code takes the category from the status",
    message: {
      ...MAILER_DAEMON,
      subject: "Returned mail: see transcript for details",
      text: "The original message was received but could not be delivered.",
      parts: [
        {
          contentType: "message/global-delivery-status",
          content: dsn("Final-Recipient: rfc822; josé@prospect.test\nAction: failed\nStatus: 5.1.1\n"),
        },
        { contentType: "message/global-headers", content: returnedHeaders(5, "josé@prospect.test") },
      ],
    },
    expected: {
      outcome: "failed",
      rule: /RFC 3464/,
      report: {
        recipient: "josé@prospect.test",
        status: "5.1.1",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-5.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Exim: following address(es) failed",
    message: {
      from: "mailer-daemon@mx1.prospect-host.test",
      fromName: "Mail Delivery System",
      subject: "Mail delivery failed: returning message to sender",
      text: `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  nobody@prospect.test
    host mx.prospect.test [192.0.2.25]
    SMTP error from remote mail server after RCPT TO:<nobody@prospect.test>:
    550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in virtual mailbox table

------ This is a copy of the message, including all the headers. ------

${returnedMessage(6, "nobody@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Exim bounce/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.1",
        diagnostic:
          "550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in virtual mailbox table",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-6.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Exim: mailbox full (552 5.2.2) is soft",
    message: {
      from: "mailer-daemon@mx1.prospect-host.test",
      fromName: "Mail Delivery System",
      subject: "Mail delivery failed: returning message to sender",
      text: `This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  full@prospect.test
    host mx.prospect.test [192.0.2.25]
    SMTP error from remote mail server after end of data:
    552 5.2.2 <full@prospect.test>: Mailbox full

------ This is a copy of the message, including all the headers. ------

${returnedMessage(7, "full@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Exim bounce/,
      report: { recipient: "full@prospect.test", status: "5.2.2", hard: false, category: "bounced" },
    },
  },
  {
    name: "Exim: delay warning is not a bounce",
    message: {
      from: "mailer-daemon@mx1.prospect-host.test",
      fromName: "Mail Delivery System",
      subject: "Warning: message 1tIbEz-0003Gd-2N delayed 24 hours",
      text: `This message was created automatically by mail delivery software.
A message that you sent has not yet been delivered to one or more of its
recipients after more than 24 hours on the queue on mx1.prospect-host.test.

The message identifier is:     1tIbEz-0003Gd-2N
The subject of the message is: Quick question
The date of the message is:    Tue, 03 Dec 2024 10:00:00 +0000

The address to which the message has not yet been delivered is:

  slow@prospect.test
    host mx.prospect.test [192.0.2.25]
    Delay reason: SMTP error from remote mail server after RCPT TO:<slow@prospect.test>:
    451 4.7.1 Greylisted, please try again later

No action is required on your part. Delivery attempts will continue for
some time, and this warning may be repeated at intervals if the message
remains undelivered. Eventually the mail delivery software will give up,
and when that happens, the message will be returned to you.`,
    },
    expected: { outcome: "notice" },
  },
  {
    name: "qmail: Remote host said",
    message: {
      from: "mailer-daemon@mail.prospect-host.test",
      fromName: "",
      subject: "failure notice",
      text: `Hi. This is the qmail-send program at mail.prospect-host.test.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<gone@prospect.test>:
192.0.2.30 does not like recipient.
Remote host said: 550 5.1.1 <gone@prospect.test>... User unknown
Giving up on 192.0.2.30.

--- Below this line is a copy of the message.

${returnedMessage(8, "gone@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^qmail bounce/,
      report: {
        recipient: "gone@prospect.test",
        status: "5.1.1",
        diagnostic: "550 5.1.1 <gone@prospect.test>... User unknown",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-8.1733220000@sender.test>",
      },
    },
  },
  {
    name: "qmail: local delivery, code in brackets",
    message: {
      from: "MAILER-DAEMON@mail.prospect-host.test",
      fromName: "",
      subject: "failure notice",
      text: `Hi. This is the qmail-send program at mail.prospect-host.test.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<nobody@prospect-host.test>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

${returnedMessage(9, "nobody@prospect-host.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^qmail bounce/,
      report: {
        recipient: "nobody@prospect-host.test",
        status: "5.1.1",
        diagnostic: "Sorry, no mailbox here by that name. (#5.1.1)",
        hard: true,
        category: "invalid_address",
      },
    },
  },
  {
    name: "Postfix without a report part (returned message attached)",
    message: {
      from: "mailer-daemon@mail.sender.test",
      fromName: "Mail Delivery System",
      subject: "Undelivered Mail Returned to Sender",
      text: postfixNotice(`<ceo@bigcorp.test>: host mx.bigcorp.test[203.0.113.5] said: 554 5.7.1 Service
    unavailable; Client host [198.51.100.7] blocked using zen.spamhaus.org;
    https://www.spamhaus.org/query/ip/198.51.100.7 (in reply to RCPT TO command)`),
      parts: [{ contentType: "message/rfc822", content: returnedMessage(10, "ceo@bigcorp.test") }],
    },
    expected: {
      outcome: "failed",
      rule: /^Postfix bounce/,
      report: {
        recipient: "ceo@bigcorp.test",
        status: "5.7.1",
        hard: true,
        category: "blocked",
        originalMessageId: "<send-10.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Gmail: Address not found (no SMTP code in the answer)",
    message: {
      from: "mailer-daemon@googlemail.com",
      fromName: "Mail Delivery Subsystem",
      subject: "Delivery Status Notification (Failure)",
      text: `
** Address not found **

Your message wasn't delivered to nobody@prospect.test because the address couldn't be found, or is unable to receive mail.

Learn more here: https://support.google.com/mail/?p=NoSuchUser

The response was:

The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser d2e1a72fcca58-71e5a5b3c1bsi1234567b3a.123 - gsmtp

----- Original message -----

${returnedMessage(11, "nobody@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Gmail bounce/,
      report: {
        recipient: "nobody@prospect.test",
        status: null,
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-11.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Gmail: remote server's 550 5.1.1",
    message: {
      from: "mailer-daemon@googlemail.com",
      fromName: "Mail Delivery Subsystem",
      subject: "Delivery Status Notification (Failure)",
      text: `
** Address not found **

Your message wasn't delivered to nobody@prospect.test because the address couldn't be found, or is unable to receive mail.

The response from the remote server was:
550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in local recipient table

----- Original message -----

${returnedMessage(12, "nobody@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Gmail bounce/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.1",
        diagnostic:
          "550 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in local recipient table",
        hard: true,
        category: "invalid_address",
      },
    },
  },
  {
    name: "Gmail: message blocked (recognised by sender and subject)",
    message: {
      from: "mailer-daemon@googlemail.com",
      fromName: "Mail Delivery Subsystem",
      subject: "Delivery Status Notification (Failure)",
      text: `
** Message blocked **

Your message to ceo@bigcorp.test has been blocked. See technical details below for more information.

The response from the remote server was:
550 5.7.1 Message rejected due to local policy.
`,
    },
    expected: {
      outcome: "failed",
      rule: /^bounce from mailer-daemon@googlemail\.com/,
      report: { recipient: "ceo@bigcorp.test", status: "5.7.1", hard: true, category: "rejected" },
    },
  },
  {
    name: "Gmail: delay notification is not a bounce",
    message: {
      from: "mailer-daemon@googlemail.com",
      fromName: "Mail Delivery Subsystem",
      subject: "Delivery Status Notification (Delay)",
      text: `
** Message not delivered yet **

There was a temporary problem delivering your message to slow@prospect.test. Gmail will retry for 46 more hours. You'll be notified if the delivery fails permanently.

The response was:

451 4.3.0 Mail server temporarily rejected message.
`,
    },
    expected: { outcome: "notice" },
  },
  {
    name: "Microsoft 365: Your message to … couldn't be delivered",
    message: {
      from: "postmaster@prospectcorp.onmicrosoft.test",
      fromName: "Microsoft Outlook",
      subject: "Undeliverable: Quick question",
      text: `Your message to nobody@prospect.test couldn't be delivered.
nobody wasn't found at prospect.test.

alice     Office 365     nobody
Action Required                     Recipient

Unknown To address

How to Fix It
The address may be misspelled or may not exist. Try one or more of the following:
  - Retype the recipient's address, then resend the message.

Diagnostic information for administrators:

Generating server: DM6PR11MB1234.namprd11.prod.outlook.com

nobody@prospect.test
Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient nobody@prospect.test not found by SMTP address lookup'

Original message headers:

${returnedHeaders(13, "nobody@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Microsoft 365\/Exchange bounce/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.10",
        diagnostic:
          "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient nobody@prospect.test not found by SMTP address lookup",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-13.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Exchange (older): Delivery has failed to these recipients or groups",
    message: {
      from: "postmaster@prospect.test",
      fromName: "Microsoft Exchange",
      subject: "Undeliverable: Quick question",
      text: `Delivery has failed to these recipients or groups:

John Doe (john@prospect.test)
The email address you entered couldn't be found. Please check the recipient's email address and try to resend the message. If the problem continues, please contact your helpdesk.

Diagnostic information for administrators:

Generating server: mail.prospect.test

john@prospect.test
#550 5.1.1 RESOLVER.ADR.RecipNotFound; not found ##

Original message headers:

${returnedHeaders(14, "john@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Microsoft 365\/Exchange bounce/,
      report: {
        recipient: "john@prospect.test",
        status: "5.1.1",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-14.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Yahoo: Sorry, we were unable to deliver your message",
    message: {
      from: "mailer-daemon@yahoo.com",
      fromName: "",
      subject: "Failure Notice",
      text: `Sorry, we were unable to deliver your message to the following address.

<nobody@prospect.test>:
550: 5.1.1 <nobody@prospect.test>: Recipient address rejected: User unknown in virtual alias table

--- Below this line is a copy of the message.

${returnedMessage(15, "nobody@prospect.test")}`,
    },
    expected: {
      outcome: "failed",
      rule: /^Yahoo bounce/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.1",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-15.1733220000@sender.test>",
      },
    },
  },
  {
    name: "Amazon SES: An error occurred while trying to deliver the mail",
    message: {
      from: "mailer-daemon@amazonses.com",
      fromName: "",
      subject: "Delivery Status Notification (Failure)",
      text: "An error occurred while trying to deliver the mail to the following recipients:\nnobody@prospect.test\n",
    },
    expected: {
      outcome: "failed",
      rule: /^Amazon SES bounce/,
      report: { recipient: "nobody@prospect.test", status: null, hard: true, category: "bounced" },
    },
  },
  {
    name: "sendmail: Returned mail (mailer-daemon and subject), Message-ID line in the body",
    message: {
      from: "mailer-daemon@mail.prospect-host.test",
      fromName: "Mail Delivery Subsystem",
      subject: "Returned mail: see transcript for details",
      text: `The original message was received at Tue, 3 Dec 2024 10:00:02 GMT
from sender.test [198.51.100.7]

   ----- The following addresses had permanent fatal errors -----
<nobody@prospect.test>
    (reason: 550 5.1.1 <nobody@prospect.test>... User unknown)

   ----- Transcript of session follows -----
... while talking to mx.prospect.test.:
>>> DATA
<<< 550 5.1.1 <nobody@prospect.test>... User unknown

   ----- Original message follows -----
Message-ID: <send-16.1733220000@sender.test>
Subject: Quick question
`,
    },
    expected: {
      outcome: "failed",
      rule: /^bounce from mailer-daemon@/,
      report: {
        recipient: "nobody@prospect.test",
        status: "5.1.1",
        diagnostic: "550 5.1.1 <nobody@prospect.test>... User unknown)",
        hard: true,
        category: "invalid_address",
        originalMessageId: "<send-16.1733220000@sender.test>",
      },
    },
  },
  {
    name: "not a bounce: a person says an email could not be delivered",
    message: {
      from: "bob@prospect.test",
      fromName: "Bob Stone",
      subject: "Re: Quick question",
      text: "Your first email could not be delivered to my old address, please use this one. Interested!",
    },
    expected: { outcome: "none" },
  },
  {
    name: "not a bounce: a person pastes a qmail bounce into a reply",
    message: {
      from: "bob@prospect.test",
      fromName: "Bob Stone",
      subject: "Re: Quick question",
      text: "Got this when I wrote to my colleague, FYI:\n\nHi. This is the qmail-send program at mail.prospect-host.test.\n<jane@prospect.test>:\nSorry, no mailbox here by that name. (#5.1.1)",
    },
    expected: { outcome: "none" },
  },
];

/** A corpus bounce as the mailbox source would hand it to the rules. */
export function bounceMessage(entry: CorpusBounce): InboundMessage {
  return {
    messageId: "<dsn-1@mail.sender.test>",
    inReplyTo: null,
    references: [],
    fromName: "",
    to: ["alice@sender.test"],
    date: "2024-12-03T10:00:05.000Z",
    headers: {},
    html: null,
    parts: [],
    ...entry.message,
  };
}
