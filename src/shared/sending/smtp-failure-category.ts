// Why a delivery failed, from what the SMTP server (or the socket) said: a
// failure category for the statistics and the inbox, and whether the failure is
// permanent (fail the send and stop the contact's sequence) or temporary (retry
// with backoff). Pure data and one function, so the rules can be read and
// unit-tested reply by reply.
//
// Sources: RFC 5321 reply codes, RFC 3463 / RFC 5248 enhanced status codes, and
// the wording large providers (Gmail, Microsoft, Yahoo, Postfix) put in their
// replies. The order of precedence is:
//   1. a specific enhanced status code (5.1.1, 5.2.2, 5.7.8, 5.7.26, …);
//   2. the reply text (blocklists, spam, rate limits, mailbox full, unknown user, …),
//      because generic codes (5.7.1, 5.0.0, 554) say little and the text says why;
//   3. a generic enhanced code (x.7.x, x.6.x, x.5.x, …);
//   4. the bare reply code (550, 552, 421, …).
// The class (4 or 5) decides permanence, except that a rate limit or quota is
// always temporary: it lifts with time, so failing every remaining contact for
// it would be wrong.
import type { FailureCategory } from "../db-enums.ts";

/** What a failed delivery attempt reported (nodemailer's error fields, or a parsed reply). */
export type SmtpFailure = {
  /** nodemailer's or the system's error code: EENVELOPE, EAUTH, ECONNECTION, ETIMEDOUT, ECONNREFUSED, … */
  code?: string;
  /** The reply code, e.g. 550. */
  responseCode?: number;
  /** The server's reply, e.g. "550 5.1.1 <x@y>: Recipient address rejected". */
  response?: string;
  /** The error message; searched when there is no reply (connection errors). */
  message?: string;
};

export type FailureClassification = {
  category: FailureCategory;
  permanent: boolean;
  /** The enhanced status code found in the reply, e.g. "5.1.1". */
  enhancedCode?: string;
};

/**
 * "class.subject.detail" (RFC 3463) anywhere in a reply: "550 5.1.1 …",
 * "550-5.7.1 …", "smtp; 550 #5.1.0 …". An IP address ("10.5.1.1") is not one.
 */
const ENHANCED_CODE = /(?:^|[\s;#(-])([245])\.(\d{1,3})\.(\d{1,3})(?=$|[\s;,:.)\]])/;

export function parseEnhancedStatusCode(text: string | undefined): string | undefined {
  const match = text ? ENHANCED_CODE.exec(text) : null;
  return match ? `${match[1]}.${match[2]}.${match[3]}` : undefined;
}

/** The three-digit reply code at the start of a reply line. */
export function parseReplyCode(text: string | undefined): number | undefined {
  const match = text ? /^\s*([245]\d\d)[\s-]/.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Specific enhanced codes by "subject.detail" (the class says only whether it
 * is permanent: 5.2.2 and 4.2.2 are both a full mailbox). These win over the
 * reply text.
 */
export const enhancedCodeCategories: Readonly<Record<string, FailureCategory>> = {
  // Addressing: the recipient address does not exist or is malformed.
  "1.0": "invalid_address", // other address status
  "1.1": "invalid_address", // bad destination mailbox address
  "1.3": "invalid_address", // bad destination mailbox address syntax
  "1.4": "invalid_address", // destination mailbox address ambiguous
  "1.6": "invalid_address", // destination mailbox has moved
  "1.10": "invalid_address", // recipient address has null MX (RFC 7505); Microsoft: recipient not found
  // Addressing: a domain that cannot take mail (theirs or the sender's).
  "1.2": "domain_issue", // bad destination system address
  "1.7": "domain_issue", // bad sender's mailbox address syntax
  "1.8": "domain_issue", // bad sender's system address
  // Mailbox status.
  "2.0": "bounced", // other or undefined mailbox status
  "2.1": "bounced", // mailbox disabled, not accepting messages
  "2.2": "bounced", // mailbox full
  "2.3": "content_filtered", // message length exceeds administrative limit
  "2.4": "bounced", // mailing list expansion problem
  // Mail system status.
  "3.4": "content_filtered", // message too big for system
  // Network and routing.
  "4.0": "domain_issue", // other or undefined network or routing status
  "4.1": "network", // no answer from host
  "4.2": "network", // bad connection
  "4.3": "domain_issue", // directory server failure (DNS)
  "4.4": "domain_issue", // unable to route
  "4.5": "rate_limited", // mail system congestion; Gmail: daily sending quota exceeded
  "4.6": "domain_issue", // routing loop detected
  "4.7": "network", // delivery time expired
  // Protocol.
  "5.3": "rate_limited", // too many recipients
  // Security and policy.
  "7.7": "content_filtered", // message integrity failure
  "7.8": "authentication", // authentication credentials invalid
  "7.9": "authentication", // authentication mechanism is too weak
  "7.11": "authentication", // encryption required for requested authentication mechanism
  "7.12": "authentication", // a password transition is needed
  "7.13": "authentication", // user account disabled
  "7.14": "authentication", // trust relationship required
  // The sender's domain failed the receiver's checks: fix DNS records (SPF, DKIM, DMARC, PTR).
  "7.20": "domain_issue", // no passing DKIM signature found
  "7.21": "domain_issue", // no acceptable DKIM signature found
  "7.22": "domain_issue", // no valid author-matched DKIM signature found
  "7.23": "domain_issue", // SPF validation failed
  "7.24": "domain_issue", // SPF validation error
  "7.25": "domain_issue", // reverse DNS validation failed
  "7.26": "domain_issue", // multiple authentication checks failed (Gmail: DMARC)
  "7.27": "domain_issue", // sender address has null MX
};

/** Bare reply codes (no enhanced code, no telling text). */
export const replyCodeCategories: Readonly<Record<number, FailureCategory>> = {
  420: "network", // timeout or connection lost (non-standard)
  421: "network", // service not available, closing transmission channel
  450: "other", // mailbox unavailable (busy, greylisting)
  451: "other", // local error in processing
  452: "other", // insufficient system storage
  454: "authentication", // temporary authentication failure
  521: "domain_issue", // host does not accept mail
  523: "content_filtered", // message size exceeds limit (non-standard)
  530: "authentication", // authentication required
  534: "authentication", // authentication mechanism too weak
  535: "authentication", // authentication credentials invalid
  538: "authentication", // encryption required for authentication
  550: "bounced", // mailbox unavailable
  551: "invalid_address", // user not local
  552: "bounced", // exceeded storage allocation (mailbox full)
  553: "invalid_address", // mailbox name not allowed
  554: "rejected", // transaction failed (usually policy)
  556: "domain_issue", // domain does not accept mail (RFC 7504)
};

/** The recipient's storage ("over quota" is theirs, not a sending quota). */
const MAILBOX_FULL_TEXT =
  /mailbox (is )?full|over ?quota|(mailbox|storage|disk) quota|insufficient (system )?storage|out of storage/i;
/** Rate limits and quotas on the sending side. */
const RATE_LIMIT_TEXT = /\brate\b|rate[- ]limit|too many|quota|throttl|limit exceeded|exceeded.*limit|slow down/i;

/**
 * Reply text patterns, checked in order after the specific enhanced codes. A
 * temporary failure checks the rate-limit wording first: "421 4.7.28 … unusual
 * rate of unsolicited mail … temporarily rate limited" is a throttle to wait
 * out; a permanent one checks it after blocklists and spam.
 */
export const replyTextCategories: ReadonlyArray<readonly [RegExp, FailureCategory]> = [
  // Greylisting asks to come back in a few minutes: not a limit, not a block.
  [/gr[ea]y-?list/i, "other"],
  // The sender's DNS authentication (before "blocked": a DMARC reject may say "blocked").
  [/\b(spf|dkim|dmarc)\b|reverse (dns|hostname)|\bptr\b|authentication (checks|information)/i, "domain_issue"],
  // A full mailbox (before rate limits: "over quota" is the recipient's storage).
  [MAILBOX_FULL_TEXT, "bounced"],
  // Blocklists and reputation (before spam: "Spamhaus" contains "spam").
  [
    /\bblock(ed|ing|list(ed)?)?\b|black-?list|deny-?list|spamhaus|spamcop|barracuda|\b(dns)?rbl\b|\bdnsbl\b|listed (at|on|in|by)|reputation|\bbanned\b/i,
    "blocked",
  ],
  [/\bspam\b|unsolicited|\bjunk\b|phish/i, "spam"],
  // Size before rate limits: "message size limit exceeded" is about this message.
  [/too (big|large)|size (limit|exceeds)|exceeds? (the )?(maximum )?(message )?size|message size/i, "content_filtered"],
  [RATE_LIMIT_TEXT, "rate_limited"],
  [/virus|malware|content (rejected|filter)|prohibited content|message content|attachment/i, "content_filtered"],
  [
    /domain (not found|does not exist)|host (not found|unknown)|\bno mx\b|unroutable|bad destination|nxdomain/i,
    "domain_issue",
  ],
  [
    /user unknown|unknown (user|recipient|mailbox)|no such (user|mailbox|recipient|address)|(does not|doesn't|not) exist|invalid (recipient|mailbox)|recipient not found|mailbox not found|mailbox unavailable|no mailbox|unrouteable address/i,
    "invalid_address",
  ],
  [/authenticat|credentials|password|login|auth(orization)? required/i, "authentication"],
];

/** Enhanced subjects whose meaning is too broad to beat the reply text ("5.7.1 … spam"). */
function genericSubjectCategory(subject: string, temporary: boolean): FailureCategory | undefined {
  switch (subject) {
    case "1":
      return "invalid_address";
    case "2":
      return "bounced";
    case "3":
      return "other";
    case "4":
      return temporary ? "network" : "domain_issue";
    case "5":
      return "other";
    case "6":
      return "content_filtered";
    // 4.7.x is how providers throttle ("421 4.7.0 Try again later"); 5.7.x is a policy refusal.
    case "7":
      return temporary ? "rate_limited" : "rejected";
    default:
      return undefined;
  }
}

/** Connection-level errors with no SMTP reply: the network, not the message. */
const NETWORK_CODES = new Set([
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EAI_AGAIN",
  "ETLS",
  "EPROTOCOL",
  "EPROTO",
]);
const NETWORK_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|timed? ?out|connection (was )?closed|closed unexpectedly|connection (lost|reset|refused)|socket hang up|greeting never received/i;

function classifyWithoutReply(failure: SmtpFailure): FailureClassification {
  const code = failure.code ?? "";
  const text = `${code} ${failure.message ?? ""}`;
  if (code === "EAUTH" || code === "ENOAUTH") return { category: "authentication", permanent: true };
  // A name that does not exist is a wrong host or domain; it is retried anyway
  // because resolvers also answer NXDOMAIN during outages, and retries are bounded.
  if (/ENOTFOUND|NXDOMAIN|ENODATA/.test(text)) return { category: "domain_issue", permanent: false };
  if (NETWORK_CODES.has(code) || code === "EDNS" || NETWORK_TEXT.test(text)) {
    return { category: "network", permanent: false };
  }
  // nodemailer refused the envelope before talking to the server (no or bad recipient).
  if (code === "EENVELOPE") return { category: "invalid_address", permanent: true };
  // The message could not be built: retrying builds the same message.
  if (code === "EMESSAGE") return { category: "other", permanent: true };
  // Unknown: retried a bounded number of times rather than dropped at once.
  return { category: "other", permanent: false };
}

function categoryFromReply(
  replyCode: number | undefined,
  enhancedCode: string | undefined,
  text: string,
  temporary: boolean,
): FailureCategory {
  const subjectDetail = enhancedCode?.split(".").slice(1).join(".");
  // Microsoft 365 answers an address its directory does not know with
  // "550 5.4.1 Recipient address rejected: Access denied"; RFC 3463's 5.4.1
  // ("no answer from host") is never a live reply to RCPT.
  if (subjectDetail === "4.1" && !temporary) return "invalid_address";
  const specific = subjectDetail ? enhancedCodeCategories[subjectDetail] : undefined;
  if (specific) return specific;
  // Reply codes that only ever mean authentication beat the text ("535 … password").
  if (replyCode && [454, 530, 534, 535, 538].includes(replyCode)) return "authentication";
  if (temporary && RATE_LIMIT_TEXT.test(text) && !MAILBOX_FULL_TEXT.test(text)) return "rate_limited";
  for (const [pattern, category] of replyTextCategories) if (pattern.test(text)) return category;
  const generic = subjectDetail ? genericSubjectCategory(subjectDetail.split(".")[0]!, temporary) : undefined;
  if (generic) return generic;
  return (replyCode && replyCodeCategories[replyCode]) || "other";
}

/** Category and permanence of a failed delivery attempt. */
export function classifySmtpFailure(failure: SmtpFailure): FailureClassification {
  const response = failure.response?.trim() ?? "";
  const replyCode =
    failure.responseCode && failure.responseCode >= 400 && failure.responseCode < 600
      ? failure.responseCode
      : parseReplyCode(response);
  const enhancedCode = parseEnhancedStatusCode(response);
  if (!replyCode && !enhancedCode) return classifyWithoutReply(failure);

  // The reply code is authoritative for the class; the enhanced code stands in when there is none.
  const temporary = replyCode ? replyCode < 500 : enhancedCode!.startsWith("4");
  const category = categoryFromReply(replyCode, enhancedCode, response || failure.message || "", temporary);
  const permanent = !temporary && category !== "rate_limited";
  return enhancedCode ? { category, permanent, enhancedCode } : { category, permanent };
}
