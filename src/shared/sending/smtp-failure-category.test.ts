import { describe, expect, it } from "vitest";
import type { FailureCategory } from "../db-enums.ts";
import { classifySmtpFailure, parseEnhancedStatusCode, parseReplyCode } from "./smtp-failure-category.ts";

type Row = [reply: string, category: FailureCategory, permanent: boolean];

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

describe("classifySmtpFailure: permanent (5xx) replies", () => {
  const rows: Row[] = [
    // Addressing
    ["550 5.1.1 <x@y.test>: Recipient address rejected", "invalid_address", true],
    ["550 5.1.0 Address rejected", "invalid_address", true],
    ["553 5.1.3 Bad recipient address syntax", "invalid_address", true],
    ["550 5.1.6 Recipient mailbox moved", "invalid_address", true],
    ["550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup", "invalid_address", true],
    ["550 5.4.1 Recipient address rejected: Access denied. AS(201806281)", "invalid_address", true],
    ["550 User unknown in virtual mailbox table", "invalid_address", true],
    ["550 No such user here", "invalid_address", true],
    ["551 User not local; please try <forward@y.test>", "invalid_address", true],
    ["553 Mailbox name not allowed", "invalid_address", true],
    // Domains
    ["550 5.1.2 Host unknown: bad destination system address", "domain_issue", true],
    ["554 5.4.4 Unable to route: no mail hosts for domain", "domain_issue", true],
    ["550 5.1.8 Sender address rejected: Domain not found", "domain_issue", true],
    ["550 Domain does not exist", "domain_issue", true],
    ["556 5.1.10 Domain does not accept mail", "invalid_address", true],
    ["521 Host does not accept mail", "domain_issue", true],
    ["550-5.7.26 Unauthenticated email from x.test is not accepted due to domain's DMARC policy", "domain_issue", true],
    ["550 5.7.23 SPF validation failed", "domain_issue", true],
    ["550 5.7.1 Message rejected: SPF check failed", "domain_issue", true],
    // Mailbox
    ["552 5.2.2 Mailbox full", "bounced", true],
    ["550 5.2.1 The email account that you tried to reach is disabled", "bounced", true],
    ["552 Requested mail action aborted: exceeded storage allocation", "bounced", true],
    ["550 Mailbox is full", "bounced", true],
    ["550 Requested action not taken: mailbox unavailable", "invalid_address", true],
    ["550 Requested action not taken", "bounced", true],
    // Policy, blocks and spam
    ["554 5.7.1 Relay access denied", "rejected", true],
    ["550 5.7.1 Delivery not authorized, message refused", "rejected", true],
    ["554 Transaction failed", "rejected", true],
    ["554 5.7.1 Service unavailable; Client host [10.0.0.1] blocked using zen.spamhaus.org", "blocked", true],
    ["550 5.7.1 Your IP is listed on a blacklist", "blocked", true],
    ["550 5.7.606 Access denied, banned sending IP", "blocked", true],
    ["554 5.7.1 Message rejected as spam", "spam", true],
    ["550 5.7.1 Unsolicited mail refused", "spam", true],
    // Content
    ["552 5.3.4 Message size exceeds fixed limit", "content_filtered", true],
    ["552 Message size exceeds maximum permitted", "content_filtered", true],
    ["552 Message size limit exceeded", "content_filtered", true],
    ["552 5.2.3 Message length exceeds administrative limit", "content_filtered", true],
    ["554 5.6.0 Message content rejected", "content_filtered", true],
    ["550 5.7.1 Virus found in message", "content_filtered", true],
    // Authentication (the sender's own SMTP server)
    ["535 5.7.8 Authentication credentials invalid", "authentication", true],
    ["535 Incorrect authentication data", "authentication", true],
    ["534 5.7.9 Application-specific password required", "authentication", true],
    ["530 5.7.0 Authentication required", "authentication", true],
    ["530 5.7.0 Must issue a STARTTLS command first", "authentication", true],
    // Protocol and unknown
    ["500 5.5.2 Syntax error, command unrecognized", "other", true],
    ["503 Bad sequence of commands", "other", true],
    ["550 5.0.0 Something unusual", "bounced", true],
    ["559 5.0.0 Something unusual", "other", true],
  ];
  it.each(rows)("%s → %s", (reply, category, permanent) => {
    expect(fromReply(reply)).toMatchObject({ category, permanent });
  });
});

describe("classifySmtpFailure: temporary (4xx) replies", () => {
  const rows: Row[] = [
    ["421 4.7.0 Try again later", "rate_limited", false],
    [
      "421 4.7.28 Our system has detected an unusual rate of unsolicited mail. Temporarily rate limited.",
      "rate_limited",
      false,
    ],
    ["450 4.7.1 Too many connections from your IP", "rate_limited", false],
    ["451 4.7.1 Sending quota exceeded, slow down", "rate_limited", false],
    ["452 4.5.3 Too many recipients", "rate_limited", false],
    ["421 Service not available, closing transmission channel", "network", false],
    ["421 4.4.2 Connection dropped", "network", false],
    ["450 Requested mail action not taken", "other", false],
    ["451 4.3.0 Local error in processing", "other", false],
    ["451 Requested action aborted: local error", "other", false],
    ["451 4.7.1 Greylisted, please try again in 5 minutes", "other", false],
    ["452 4.2.2 The email account that you tried to reach is over quota", "bounced", false],
    ["452 Mailbox over quota", "bounced", false],
    ["450 4.2.1 Mailbox busy", "bounced", false],
    ["454 4.7.0 Temporary authentication failure", "authentication", false],
    ["450 4.7.1 Client host rejected: cannot find your reverse hostname", "domain_issue", false],
    ["421 4.7.0 Your IP has been blocked due to low reputation", "blocked", false],
    ["450 4.1.8 Sender address rejected: Domain not found", "domain_issue", false],
  ];
  it.each(rows)("%s → %s", (reply, category, permanent) => {
    expect(fromReply(reply)).toMatchObject({ category, permanent });
  });
});

describe("classifySmtpFailure: quotas are temporary even with a 5xx", () => {
  it.each(["550 5.4.5 Daily user sending quota exceeded", "550 Too many messages sent today, rate limit exceeded"])(
    "%s",
    (reply) => {
      expect(fromReply(reply)).toMatchObject({ category: "rate_limited", permanent: false });
    },
  );
});

describe("classifySmtpFailure: what nodemailer reports", () => {
  it("keeps the enhanced code it found", () => {
    expect(fromReply("550 5.1.1 <x@y.test>: Recipient address rejected")).toEqual({
      category: "invalid_address",
      permanent: true,
      enhancedCode: "5.1.1",
    });
  });

  it("uses the reply code over nodemailer's EENVELOPE for a refused recipient", () => {
    expect(
      classifySmtpFailure({ code: "EENVELOPE", responseCode: 421, response: "421 4.7.0 Try again later" }),
    ).toMatchObject({ category: "rate_limited", permanent: false });
  });

  it("reads the class from the enhanced code when the reply code is missing", () => {
    expect(classifySmtpFailure({ response: "5.1.1 mailbox unknown" })).toMatchObject({
      category: "invalid_address",
      permanent: true,
    });
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
    expect(classifySmtpFailure({ code, message })).toEqual({ category: "network", permanent: false });
  });

  it("a host that does not resolve is a domain issue, retried", () => {
    expect(classifySmtpFailure({ code: "EDNS", message: "getaddrinfo ENOTFOUND smtp.nowhere.test" })).toEqual({
      category: "domain_issue",
      permanent: false,
    });
  });

  it("a refused login without a reply code, or no credentials, is authentication, permanent", () => {
    expect(classifySmtpFailure({ code: "EAUTH", message: "Missing credentials for PLAIN" })).toEqual({
      category: "authentication",
      permanent: true,
    });
  });

  it("an envelope nodemailer refuses itself is an invalid address; an unknown error is retried", () => {
    expect(classifySmtpFailure({ code: "EENVELOPE", message: "No recipients defined" })).toEqual({
      category: "invalid_address",
      permanent: true,
    });
    expect(classifySmtpFailure({ message: "Something odd" })).toEqual({ category: "other", permanent: false });
  });
});
