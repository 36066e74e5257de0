import { describe, expect, it } from "vitest";
import type { FailureCategory, FailureReason } from "../db-enums.ts";
import { classifySmtpFailure, parseEnhancedStatusCode, parseReplyCode } from "./smtp-failure-category.ts";

type Row = [reply: string, category: FailureCategory, reason: FailureReason, permanent: boolean];

/** A reply as nodemailer reports it: the code as a number and the whole line. */
const fromReply = (response: string) => classifySmtpFailure({ responseCode: parseReplyCode(response), response });

describe("parseEnhancedStatusCode", () => {
  it.each([
    ["550 5.1.1 <x@y.test>: Recipient address rejected", "5.1.1"],
    ["550-5.7.26 Unauthenticated email", "5.7.26"],
    ["smtp; 550 #5.1.0 Address rejected", "5.1.0"],
    ["421 4.7.0 Try again later", "4.7.0"],
    ["550 5.7.606 Access denied, banned sending IP [10.5.1.1]", "5.7.606"],
    ["554 5.6.0.", "5.6.0"],
  ])("%s → %s", (reply, code) => {
    expect(parseEnhancedStatusCode(reply)).toBe(code);
  });

  it("finds none in a reply without one, nor in an IP address or a version", () => {
    expect(parseEnhancedStatusCode("550 Requested action not taken")).toBeUndefined();
    expect(parseEnhancedStatusCode("554 Client host [10.5.1.1] rejected")).toBeUndefined();
    expect(parseEnhancedStatusCode("220 Postfix 3.5.1.4")).toBeUndefined();
    expect(parseEnhancedStatusCode(undefined)).toBeUndefined();
  });
});

// Each row is a reply a server gives at send time (RCPT or end of DATA), with the
// category the failure panel files it under, the reason it shows and whether the
// send fails for good. Most are the providers' published wording (Gmail's SMTP
// error reference, Microsoft's NDR codes, Yahoo's error codes, the MTAs' sources).
describe("classifySmtpFailure: the reason table, permanent (5xx) replies", () => {
  const rows: Row[] = [
    // The address does not exist.
    ["550 5.1.1 <x@y.test>: Recipient address rejected", "invalid_address", "user_unknown", true],
    ["550 5.1.0 Address rejected", "invalid_address", "user_unknown", true],
    ["550 #5.1.0 Address rejected x@y.test", "invalid_address", "user_unknown", true],
    ["550 5.1.6 Recipient mailbox moved", "invalid_address", "user_unknown", true],
    [
      "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup",
      "invalid_address",
      "user_unknown",
      true,
    ],
    ["550 5.4.1 Recipient address rejected: Access denied. AS(201806281)", "invalid_address", "user_unknown", true],
    ["550 User unknown in virtual mailbox table", "invalid_address", "user_unknown", true],
    ["550 No such user here", "invalid_address", "user_unknown", true],
    ["551 User not local; please try <forward@y.test>", "invalid_address", "user_unknown", true],
    ["550 Requested action not taken: mailbox unavailable", "invalid_address", "user_unknown", true],
    [
      "550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address",
      "invalid_address",
      "user_unknown",
      true,
    ],
    [
      "554 delivery error: dd This user doesn't have a yahoo.com account (x@yahoo.com) [0] - mta1234.mail.bf1.yahoo.com",
      "invalid_address",
      "user_unknown",
      true,
    ],
    ["550 5.2.1 <x@y.test>... User Unknown", "invalid_address", "user_unknown", true],
    [
      "550 Mailbox not found. http://service.mail.qq.com/cgi-bin/help?subtype=1&&id=20022&&no=1000728",
      "invalid_address",
      "user_unknown",
      true,
    ],
    // The address is malformed.
    ["553 5.1.3 Bad recipient address syntax", "invalid_address", "bad_address_syntax", true],
    ["501 5.1.3 Invalid address", "invalid_address", "bad_address_syntax", true],
    ["553 Mailbox name not allowed", "invalid_address", "bad_address_syntax", true],
    ["501 <x@@y.test>: malformed address: @y.test> may not follow <x@", "invalid_address", "bad_address_syntax", true],
    // The recipient's domain takes no mail.
    ["550 5.1.2 Host unknown: bad destination system address", "domain_issue", "domain_not_found", true],
    ["554 5.4.4 Unable to route: no mail hosts for domain", "domain_issue", "domain_not_found", true],
    ["550 Domain does not exist", "domain_issue", "domain_not_found", true],
    ["556 5.1.10 Domain does not accept mail", "domain_issue", "domain_not_found", true],
    ["521 Host does not accept mail", "domain_issue", "domain_not_found", true],
    [
      "550 5.4.310 DNS domain example.test does not exist [Message=InfoDomainNonexistent]",
      "domain_issue",
      "domain_not_found",
      true,
    ],
    // Our sender's address or domain is refused: about us, not the recipient.
    ["550 5.1.8 Sender address rejected: Domain not found", "domain_issue", "policy", true],
    ["553 5.1.7 The sender address x is not a valid RFC 5321 address", "domain_issue", "policy", true],
    // The mailbox: full (soft) or disabled.
    ["552 5.2.2 Mailbox full", "bounced", "mailbox_full", true],
    ["552 Requested mail action aborted: exceeded storage allocation", "bounced", "mailbox_full", true],
    ["550 Mailbox is full", "bounced", "mailbox_full", true],
    ["552 5.1.1 Boite du destinataire pleine. Recipient overquota. OFR_417 [417]", "bounced", "mailbox_full", true],
    ["550 5.2.1 The email account that you tried to reach is disabled", "bounced", "mailbox_disabled", true],
    ["550 5.2.1 The email account that you tried to reach is inactive", "bounced", "mailbox_disabled", true],
    [
      "550 Message was not accepted -- invalid mailbox.  Local mailbox x@mail.ru is unavailable: account is disabled",
      "bounced",
      "mailbox_disabled",
      true,
    ],
    ["550 Requested action not taken", "bounced", "other", true],
    ["550 5.0.0 Something unusual", "bounced", "other", true],
    // Authentication of our domain at the receiver: which check failed.
    [
      "550-5.7.26 Unauthenticated email from x.test is not accepted due to domain's DMARC policy",
      "authentication",
      "auth_dmarc",
      true,
    ],
    [
      "550 5.7.509 Access denied, sending domain X.TEST does not pass DMARC verification and has a DMARC policy of reject",
      "authentication",
      "auth_dmarc",
      true,
    ],
    ["550 5.7.23 SPF validation failed", "authentication", "auth_spf", true],
    ["550 5.7.1 Message rejected: SPF check failed", "authentication", "auth_spf", true],
    [
      "550-5.7.26 The MAIL FROM domain [x.test] has an SPF record with a hard fail policy (-all) but it fails to pass SPF checks with the ip: [192.0.2.1]",
      "authentication",
      "auth_spf",
      true,
    ],
    ["550 5.7.30 This mail has been blocked because DKIM does not pass", "authentication", "auth_dkim", true],
    ["550 5.7.20 No passing DKIM signature found", "authentication", "auth_dkim", true],
    [
      "550-5.7.26 This mail has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM.",
      "authentication",
      "auth_unspecified",
      true,
    ],
    [
      "554 5.7.1 [HME1] This message was blocked for failing both SPF and DKIM authentication checks",
      "authentication",
      "auth_unspecified",
      true,
    ],
    [
      "550 5.7.515 Access denied, sending domain X.TEST doesn't meet the required authentication level",
      "authentication",
      "auth_unspecified",
      true,
    ],
    // Our own login at the sending server.
    ["535 5.7.8 Authentication credentials invalid", "authentication", "sender_login", true],
    ["535 Incorrect authentication data", "authentication", "sender_login", true],
    [
      "535-5.7.8 Username and Password not accepted. For more information, go to",
      "authentication",
      "sender_login",
      true,
    ],
    ["534 5.7.9 Application-specific password required", "authentication", "sender_login", true],
    ["530 5.7.0 Authentication required", "authentication", "sender_login", true],
    ["530 5.7.0 Must issue a STARTTLS command first", "authentication", "sender_login", true],
    [
      "535 5.7.139 Authentication unsuccessful, the user credentials were incorrect",
      "authentication",
      "sender_login",
      true,
    ],
    ["530 5.7.57 Client not authenticated to send mail", "authentication", "sender_login", true],
    // Reverse DNS.
    [
      "550-5.7.25 The IP address sending this message does not have a PTR record setup, or the corresponding forward DNS entry does not point to the sending IP",
      "blocked",
      "reverse_dns",
      true,
    ],
    ["550 5.7.1 Client host rejected: cannot find your reverse hostname, [192.0.2.1]", "blocked", "reverse_dns", true],
    ["554 5.7.1 Client host rejected: cannot find your hostname, [192.0.2.1]", "blocked", "reverse_dns", true],
    // Reputation and block lists.
    [
      "554 5.7.1 Service unavailable; Client host [10.0.0.1] blocked using zen.spamhaus.org",
      "blocked",
      "reputation",
      true,
    ],
    ["550 5.7.1 Your IP is listed on a blacklist", "blocked", "reputation", true],
    ["550 5.7.606 Access denied, banned sending IP [192.0.2.1]", "blocked", "reputation", true],
    ["550 5.7.511 Access denied, banned sender[192.0.2.1]", "blocked", "reputation", true],
    [
      "550-5.7.1 Our system has detected that this message is likely suspicious due to the very low reputation of the sending domain",
      "blocked",
      "reputation",
      true,
    ],
    [
      "554 Your access to this mail system has been rejected due to the sending MTA's poor reputation. If you believe that this failure is in error, please contact the intended recipient via alternate means.",
      "blocked",
      "reputation",
      true,
    ],
    ["550 5.7.0 Blocked - see https://ipcheck.proofpoint.com/?ip=192.0.2.1", "blocked", "reputation", true],
    [
      "553 5.7.2 [TSS09] All messages from 192.0.2.1 will be permanently deferred; Retrying will NOT succeed.",
      "blocked",
      "reputation",
      true,
    ],
    [
      "550 SC-001 (BAY004-MC1F12) Unfortunately, messages from 192.0.2.1 weren't sent. Please contact your Internet service provider since part of their network is on our block list.",
      "blocked",
      "reputation",
      true,
    ],
    [
      "554 IP=192.0.2.1 - A problem occurred. (Ask your postmaster for help or to contact tosa@rx.t-online.de to clarify.) (BL)",
      "blocked",
      "reputation",
      true,
    ],
    [
      "554 This IP has been temporarily blocked for attempting to mail too many invalid recipients. IB112",
      "blocked",
      "reputation",
      true,
    ],
    // Content and spam filtering.
    ["554 5.7.1 Message rejected as spam", "spam", "content", true],
    ["550 5.7.1 Unsolicited mail refused", "spam", "content", true],
    [
      "550-5.7.1 Our system has detected that this message is likely unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked.",
      "spam",
      "content",
      true,
    ],
    [
      "554 DT:SPM 163 smtp5,D9GowACHO7RNWNdXmXs1Bw--.9035S2 1473730639, please see http://mail.163.com/help/help_spam_16.htm?ip=192.0.2.1",
      "spam",
      "content",
      true,
    ],
    ["550 Mail content denied. http://service.mail.qq.com/detail/122/171", "content_filtered", "content", true],
    ["554 5.6.0 Message content rejected", "content_filtered", "content", true],
    ["550 5.7.1 Virus found in message", "content_filtered", "content", true],
    [
      "552-5.7.0 This message was blocked because its content presents a potential security issue.",
      "content_filtered",
      "content",
      true,
    ],
    // Too big.
    ["552 5.3.4 Message size exceeds fixed limit", "content_filtered", "message_too_big", true],
    ["552 Message size exceeds maximum permitted", "content_filtered", "message_too_big", true],
    ["552 Message size limit exceeded", "content_filtered", "message_too_big", true],
    ["552 5.2.3 Message length exceeds administrative limit", "content_filtered", "message_too_big", true],
    ["552-5.2.3 Your message exceeded Google's message size limits.", "content_filtered", "message_too_big", true],
    // The receiver's policy.
    ["554 5.7.1 Relay access denied", "rejected", "policy", true],
    ["550 5.7.1 Delivery not authorized, message refused", "rejected", "policy", true],
    ["554 Transaction failed", "rejected", "policy", true],
    [
      "554 5.7.9 Message not accepted for policy reasons. See https://senders.yahooinc.com/error-codes",
      "rejected",
      "policy",
      true,
    ],
    [
      "550-5.7.1 The user or domain that you are sending to (or from) has a policy that prohibited the mail that you sent.",
      "rejected",
      "policy",
      true,
    ],
    ["550 5.7.1 [CS01] Message rejected due to local policy.", "rejected", "policy", true],
    ["553 sorry, that domain isn't in my list of allowed rcpthosts (#5.7.1)", "rejected", "policy", true],
    // Protocol and unknown.
    ["500 5.5.2 Syntax error, command unrecognized", "other", "other", true],
    ["503 Bad sequence of commands", "other", "other", true],
    ["559 5.0.0 Something unusual", "other", "other", true],
  ];
  it.each(rows)("%s → %s / %s", (reply, category, reason, permanent) => {
    expect(fromReply(reply)).toMatchObject({ category, reason, permanent });
  });
});

describe("classifySmtpFailure: the reason table, temporary (4xx) replies", () => {
  const rows: Row[] = [
    ["421 4.7.0 Try again later", "rate_limited", "rate_limited", false],
    [
      "421 4.7.28 Our system has detected an unusual rate of unsolicited mail. Temporarily rate limited.",
      "rate_limited",
      "rate_limited",
      false,
    ],
    ["450 4.7.1 Too many connections from your IP", "rate_limited", "rate_limited", false],
    ["451 4.7.1 Sending quota exceeded, slow down", "rate_limited", "rate_limited", false],
    ["452 4.5.3 Too many recipients", "rate_limited", "rate_limited", false],
    [
      "450-4.2.1 The user you are trying to contact is receiving mail too quickly. Please resend your message at a later time.",
      "rate_limited",
      "rate_limited",
      false,
    ],
    ["421 4.7.1 Messages to x@icloud.com deferred due to excessive volume.", "rate_limited", "rate_limited", false],
    ["421 Service not available, closing transmission channel", "network", "network", false],
    ["421 4.4.2 Connection dropped", "network", "network", false],
    ["450 Requested mail action not taken", "other", "other", false],
    ["451 4.3.0 Local error in processing", "other", "other", false],
    ["451 Requested action aborted: local error", "other", "other", false],
    ["451 4.7.1 Greylisted, please try again in 5 minutes", "other", "other", false],
    ["452 4.2.2 The email account that you tried to reach is over quota", "bounced", "mailbox_full", false],
    ["452 Mailbox over quota", "bounced", "mailbox_full", false],
    ["450 4.2.1 Mailbox busy", "bounced", "other", false],
    ["454 4.7.0 Temporary authentication failure", "authentication", "sender_login", false],
    ["454 4.7.0 TLS not available due to local problem", "network", "network", false],
    ["450 4.7.1 Client host rejected: cannot find your reverse hostname", "blocked", "reverse_dns", false],
    ["421 Temporarily rejected. Reverse DNS for this IP failed. IB108", "blocked", "reverse_dns", false],
    ["421 4.7.0 Your IP has been blocked due to low reputation", "blocked", "reputation", false],
    [
      "421-4.7.0 This message is suspicious due to the very low reputation of the sending IP address. To protect our users from spam, mail sent from your IP address has been temporarily rate limited.",
      "blocked",
      "reputation",
      false,
    ],
    [
      "421 4.7.0 [TSS04] Messages from 192.0.2.1 temporarily deferred due to unexpected volume or user complaints",
      "blocked",
      "reputation",
      false,
    ],
    [
      "421 Too many spams from your IP (192.0.2.1), please visit http://postmaster.free.fr/",
      "blocked",
      "reputation",
      false,
    ],
    [
      "451 4.7.650 The mail server [192.0.2.1] has been temporarily rate limited due to IP reputation.",
      "blocked",
      "reputation",
      false,
    ],
    ["450 4.1.8 Sender address rejected: Domain not found", "domain_issue", "policy", false],
    [
      "451 4.7.24 The SPF record of the sending domain has one or more suspicious entries.",
      "authentication",
      "auth_spf",
      false,
    ],
    [
      "421-4.7.27 Your email has been rate limited because SPF authentication didn't pass for this message.",
      "authentication",
      "auth_spf",
      false,
    ],
    [
      "450 4.1.2 <x@nowhere.test>: Recipient address rejected: Domain not found",
      "domain_issue",
      "domain_not_found",
      false,
    ],
  ];
  it.each(rows)("%s → %s / %s", (reply, category, reason, permanent) => {
    expect(fromReply(reply)).toMatchObject({ category, reason, permanent });
  });
});

describe("classifySmtpFailure: quotas are temporary even with a 5xx", () => {
  it.each([
    "550 5.4.5 Daily user sending quota exceeded",
    "550 Too many messages sent today, rate limit exceeded",
    "550 5.7.1 Daily SMTP relay limit exceeded for user",
    "550 This IP has sent too many messages this hour. IB504",
  ])("%s", (reply) => {
    expect(fromReply(reply)).toMatchObject({ category: "rate_limited", reason: "rate_limited", permanent: false });
  });
});

describe("classifySmtpFailure: what nodemailer reports", () => {
  it("keeps the enhanced code it found", () => {
    expect(fromReply("550 5.1.1 <x@y.test>: Recipient address rejected")).toEqual({
      category: "invalid_address",
      reason: "user_unknown",
      permanent: true,
      enhancedCode: "5.1.1",
    });
  });

  it("uses the reply code over nodemailer's EENVELOPE for a refused recipient", () => {
    expect(
      classifySmtpFailure({ code: "EENVELOPE", responseCode: 421, response: "421 4.7.0 Try again later" }),
    ).toMatchObject({ category: "rate_limited", reason: "rate_limited", permanent: false });
  });

  it("reads the class from the enhanced code when the reply code is missing", () => {
    expect(classifySmtpFailure({ response: "5.1.1 mailbox unknown" })).toMatchObject({
      category: "invalid_address",
      reason: "user_unknown",
      permanent: true,
    });
  });

  it("a login refused by the server's reply code is our sender's login, whatever the enhanced code", () => {
    expect(
      classifySmtpFailure({
        code: "EAUTH",
        responseCode: 535,
        response: "535 5.7.1 Please log in with your web browser",
      }),
    ).toMatchObject({ category: "authentication", reason: "sender_login", permanent: true });
  });

  it.each([
    ["ECONNECTION", "Connection closed unexpectedly"],
    ["ESOCKET", "read ECONNRESET"],
    ["ETIMEDOUT", "Connection timeout"],
    ["ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:25"],
    ["EPIPE", "write EPIPE"],
    ["EDNS", "getaddrinfo EAI_AGAIN smtp.y.test"],
    ["ETLS", "Error initiating TLS"],
    [undefined, "Reached maximum number of retries after connection was closed"],
    [undefined, "Greeting never received"],
  ])("a connection error (%s: %s) is network, temporary", (code, message) => {
    expect(classifySmtpFailure({ code, message })).toEqual({
      category: "network",
      reason: "network",
      permanent: false,
    });
  });

  it("a sending host that does not resolve is a DNS problem of ours, retried", () => {
    expect(classifySmtpFailure({ code: "EDNS", message: "getaddrinfo ENOTFOUND smtp.nowhere.test" })).toEqual({
      category: "domain_issue",
      reason: "network",
      permanent: false,
    });
  });

  it("a refused login without a reply code, or no credentials, is our sender's login, permanent", () => {
    expect(classifySmtpFailure({ code: "EAUTH", message: "Missing credentials for PLAIN" })).toEqual({
      category: "authentication",
      reason: "sender_login",
      permanent: true,
    });
  });

  it("an envelope nodemailer refuses itself is a malformed address; an unknown error is retried", () => {
    expect(classifySmtpFailure({ code: "EENVELOPE", message: "No recipients defined" })).toEqual({
      category: "invalid_address",
      reason: "bad_address_syntax",
      permanent: true,
    });
    expect(classifySmtpFailure({ message: "Something odd" })).toEqual({
      category: "other",
      reason: "other",
      permanent: false,
    });
  });
});
