// What an enhanced status code (RFC 3463, RFC 5248 and the large providers'
// own extensions) says about why a delivery failed. Some codes decide the
// reason on their own (5.1.1: the user does not exist; 5.7.20: no passing DKIM signature).
// Others are too broad for that (5.7.1 "delivery not authorized", 5.0.0,
// 5.2.1, which servers use for both a disabled and an unknown mailbox): they
// only give the reason to fall back on when the reply's text says nothing the
// text table knows. The class (4 or 5) picks between a temporary and a
// permanent meaning where they differ.
import type { FailureReason } from "../db-enums.ts";

type ByClass = { temporary: FailureReason; permanent: FailureReason };
type Entry = FailureReason | ByClass;

/** Codes whose meaning is exact enough to win over the reply's text. By "subject.detail". */
const decisive: Readonly<Record<string, Entry>> = {
  "1.1": "user_unknown", // bad destination mailbox address
  "1.2": "domain_not_found", // bad destination system address
  "1.3": "bad_address_syntax", // bad destination mailbox address syntax
  "1.4": "user_unknown", // destination mailbox address ambiguous
  "1.6": "user_unknown", // destination mailbox has moved, no forwarding address
  "1.7": "policy", // bad sender's mailbox address syntax (ours)
  "2.2": "mailbox_full", // mailbox full
  "2.3": "message_too_big", // message length exceeds administrative limit
  "3.4": "message_too_big", // message too big for system
  // No answer from host; Microsoft 365 answers an unknown recipient with "550 5.4.1 Recipient
  // address rejected: Access denied", and 5.4.1 is never a live answer to RCPT otherwise.
  "4.1": { temporary: "network", permanent: "user_unknown" },
  "4.2": "network", // bad connection
  "4.4": { temporary: "network", permanent: "domain_not_found" }, // unable to route
  "4.5": "rate_limited", // mail system congestion; Gmail: daily sending quota exceeded
  "4.7": "expired", // delivery time expired
  "4.300": "expired", // Microsoft: message expired
  "4.310": "domain_not_found", // Microsoft: DNS domain does not exist
  "4.316": "expired", // Microsoft: message expired, connection refused
  "5.3": "rate_limited", // too many recipients
  "7.7": "content", // message integrity failure
  "7.16": "message_too_big", // message too big for the priority
  "7.17": "user_unknown", // mailbox owner has changed
  "7.18": "user_unknown", // domain owner has changed
  "7.19": "user_unknown", // RRVS test cannot be completed
  "7.20": "auth_dkim", // no passing DKIM signature found
  "7.21": "auth_dkim", // no acceptable DKIM signature found
  "7.22": "auth_dkim", // no valid author-matched DKIM signature found
  "7.24": "auth_spf", // SPF validation error
  "7.25": "reverse_dns", // reverse DNS validation failed
  "7.32": "auth_dmarc", // Gmail: From: not aligned with the authenticated SPF or DKIM domain
  "7.40": "auth_dmarc", // Gmail: the sending domain has no DMARC record
  // Microsoft 365.
  "2.121": "rate_limited", // the recipient's hourly receive limit
  "2.122": "rate_limited", // the recipient's hourly receive limit from this sender
  "7.57": "sender_login", // client not authenticated to send mail
  "7.60": "sender_login", // the account may not send as this sender
  "7.139": "sender_login", // authentication unsuccessful
  "7.509": "auth_dmarc", // sending domain does not pass DMARC verification
  "7.515": "auth_unspecified", // sending domain does not meet the required authentication level
  "7.510": "policy", // the recipient does not accept mail over IPv6
  "7.512": "content", // message must be RFC 5322 compliant
};

/** Broad codes: the reason to fall back on when the text says nothing the text table knows. */
const fallbacks: Readonly<Record<string, Entry>> = {
  "1.0": "user_unknown", // other address status ("550 #5.1.0 Address rejected")
  // 5.1.8 is RFC 3463's "bad sender's system address"; Microsoft also uses it for an outbound block.
  "1.8": "policy",
  // RFC 7505 null MX; Microsoft uses 5.1.10 for a recipient its directory does not know.
  "1.10": "user_unknown",
  "2.0": "other", // other mailbox status
  // Mailbox disabled; many servers use 5.2.1 for an unknown user too, and 4.2.1 for a busy
  // mailbox or (Gmail) one "receiving mail too quickly".
  "2.1": { temporary: "other", permanent: "mailbox_disabled" },
  "4.3": "network", // directory server (DNS) failure
  "4.6": "other", // routing loop
  // Authentication codes: the sender's login at its own server, unless the text says otherwise
  // (Yahoo answers "554 5.7.9 Message not accepted for policy reasons").
  "7.8": "sender_login",
  "7.9": "sender_login",
  "7.11": "sender_login",
  "7.12": "sender_login",
  "7.13": "sender_login",
  "7.14": "sender_login",
  // Mail flood detected: a rate limit (Sophos), or Gmail's block for an unusual rate of unsolicited mail.
  "7.28": { temporary: "rate_limited", permanent: "reputation" },
  // SPF validation failed (RFC 7372); Gmail also uses 4.7.23 for a missing PTR record.
  "7.23": "auth_spf",
  // Multiple authentication checks failed (Gmail: DMARC, or both SPF and DKIM).
  "7.26": "auth_unspecified",
  // Sender address has null MX (RFC 7505); Gmail uses 4.7.27 for an SPF failure.
  "7.27": "policy",
  // REQUIRETLS (RFC 8689); Gmail uses 5.7.30 for a DKIM failure.
  "7.30": "policy",
};

/** The subject's meaning when the detail is unknown or broad. */
const subjectFallbacks: Readonly<Record<string, Entry>> = {
  "0": "other",
  "1": "user_unknown",
  "2": "other",
  "3": "other",
  "4": { temporary: "network", permanent: "domain_not_found" },
  "5": "other",
  "6": "content",
  // 4.7.x is how providers throttle ("421 4.7.0 Try again later"); 5.7.x is a policy refusal.
  "7": { temporary: "rate_limited", permanent: "policy" },
};

function pick(entry: Entry, temporary: boolean): FailureReason {
  return typeof entry === "string" ? entry : temporary ? entry.temporary : entry.permanent;
}

/** Microsoft 365's three-digit 5.7.5xx–8xx codes are blocks for the sending IP's or tenant's reputation. */
function microsoftBlock(subject: string, detail: number): boolean {
  return subject === "7" && detail >= 500 && detail <= 899;
}

export type CodeMeaning = { reason: FailureReason; decides: boolean };

/** What "class.subject.detail" says: a reason that decides, a fallback, or nothing (an unknown subject). */
export function enhancedCodeMeaning(code: string): CodeMeaning | undefined {
  const [klass, subject = "", detail = ""] = code.split(".");
  const temporary = klass === "4";
  const key = `${subject}.${detail}`;
  const exact = decisive[key];
  if (exact) return { reason: pick(exact, temporary), decides: true };
  if (microsoftBlock(subject, Number(detail))) return { reason: "reputation", decides: true };
  const fallback = fallbacks[key] ?? subjectFallbacks[subject];
  return fallback ? { reason: pick(fallback, temporary), decides: false } : undefined;
}

/** The sender's own address or domain was refused (not the recipient's): filed as a domain issue of ours. */
export function refusesSenderDomain(code: string | undefined): boolean {
  return !!code && /^[45]\.(?:1\.[78]|7\.27)$/.test(code);
}
