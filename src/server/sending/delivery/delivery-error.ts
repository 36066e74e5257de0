// Every way a delivery can fail (an SMTP reply, a dropped socket, a Gmail API
// answer, a sender without a connection) becomes one DeliveryError: a message
// a user can act on, a failure category and whether to retry. The category and
// permanence of SMTP failures come from the shared table
// (#shared/sending/smtp-failure-category.ts); connection-level wording is the
// connection test's (smtp-connection-test.ts), so "Test connection" and a failed
// send explain the same problem the same way. Messages are built from codes and
// server replies, which never echo credentials.
import type { FailureCategory, FailureReason } from "#shared/db-enums.ts";
import { classifySmtpFailure } from "#shared/sending/smtp-failure-category.ts";
import { DeliveryError } from "../outgoing.ts";
import { classifySmtpError } from "./smtp-connection-test.ts";

type NodemailerError = Error & {
  code?: string;
  /** Node's system call for socket errors: "connect" (never established), "read" or "write" (lost). */
  syscall?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  rejected?: string[];
};

function asError(error: unknown): NodemailerError {
  return (error instanceof Error ? error : new Error(String(error))) as NodemailerError;
}

function quoted(reply: string): string {
  return `"${reply.replace(/\s+/g, " ").trim().slice(0, 500)}"`;
}

/**
 * What happened, in words: the SMTP stage and the server's reply, or the
 * connection problem. Before and during the greeting ("CONN") the peer may not
 * be an SMTP server at all: the connection test's wording shows its bytes
 * only when they are an SMTP reply.
 */
function describeSmtpError(err: NodemailerError, target: { host: string; port: number }): string {
  if (!err.response || err.code === "EAUTH" || err.command === "CONN") return classifySmtpError(err, target).message;
  const reply = quoted(err.response);
  const command = err.command?.toUpperCase() ?? "";
  if (command.startsWith("RCPT")) {
    const recipient = err.rejected?.[0];
    return `The server refused the recipient${recipient ? ` ${recipient}` : ""}: ${reply}`;
  }
  if (command.startsWith("MAIL")) return `The server refused the sender address: ${reply}`;
  return `The server refused the message: ${reply}`;
}

/** A delivery asked of a transport already closed: nothing was sent, so it may be retried. */
export function closedTransportError(): DeliveryError {
  return new DeliveryError("The connection was closed before the message was sent", "network", false, {
    reason: "network",
  });
}

/**
 * Whether an established session broke without a reply: nodemailer's
 * ECONNECTION (the server closed it), or a socket error on a read or write
 * (ECONNRESET, EPIPE), which nodemailer reports as ESOCKET whatever the stage.
 * Which of the two a dropped DATA phase produces depends on whether the client
 * was still writing the message when the reset arrived.
 */
function lostMidSession(err: NodemailerError): boolean {
  if (err.responseCode !== undefined) return false;
  return err.code === "ECONNECTION" || (err.code === "ESOCKET" && (err.syscall === "read" || err.syscall === "write"));
}

/** A nodemailer (SMTP) failure as a DeliveryError. `target` names the server in connection messages. */
export function deliveryErrorFromSmtp(error: unknown, target: { host: string; port: number }): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const err = asError(error);
  const { category, reason, permanent, enhancedCode } = classifySmtpFailure({
    code: err.code,
    responseCode: err.responseCode,
    response: err.response,
    message: err.message,
  });
  return new DeliveryError(describeSmtpError(err, target), category, permanent, {
    responseCode: err.responseCode,
    enhancedCode,
    response: err.response,
    code: err.code,
    lostMidSession: lostMidSession(err),
    reason,
  });
}

/** A sender that cannot send in live mode: nothing to retry until the user sets it up. */
export function noConnectionError(senderEmail: string): DeliveryError {
  return new DeliveryError(`No sending connection for ${senderEmail}: set it up in Senders`, "authentication", true, {
    reason: "sender_login",
  });
}

/** A Gmail sender connected with OAuth, on a server without Google OAuth credentials. */
export function gmailNotConfiguredError(senderEmail: string): DeliveryError {
  return new DeliveryError(
    `Gmail sending for ${senderEmail} needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server, or an SMTP connection set up in Senders`,
    "authentication",
    true,
    { reason: "sender_login" },
  );
}

/** A stored secret that does not decrypt (APP_SECRET changed): the user must enter it again. */
export function undecryptableSecretError(senderEmail: string, what: string): DeliveryError {
  return new DeliveryError(
    `The stored ${what} for ${senderEmail} could not be decrypted (was APP_SECRET changed?): enter it again in Senders`,
    "authentication",
    true,
    { reason: "sender_login" },
  );
}

/** fetch() itself failed (refused, reset, DNS, timeout): retry later. */
export function deliveryErrorFromFetch(error: unknown, what: string): DeliveryError {
  const err = asError(error);
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (err.name === "TimeoutError" ? "ETIMEDOUT" : err.name);
  const detail = err.name === "TimeoutError" ? "timed out" : (cause?.message ?? err.message);
  const domain = /ENOTFOUND/.test(`${code} ${detail}`);
  // A name that does not resolve here is the API's host, not the recipient's domain.
  return new DeliveryError(`${what} failed: ${detail}`, domain ? "domain_issue" : "network", false, {
    code,
    reason: "network",
  });
}

/** Reasons the Gmail API gives (error.errors[].reason) for throttling. */
const GMAIL_RATE_REASONS = new Set([
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "dailyLimitExceeded",
  "quotaExceeded",
]);

type GoogleErrorBody = {
  error?: string | { code?: number; message?: string; status?: string; errors?: { reason?: string }[] };
  error_description?: string;
};

/** Google's error code ("invalid_grant", "rateLimitExceeded") and its text, from an error answer's body. */
export function parseGoogleError(body: string): { reason: string; text: string } {
  try {
    const parsed = JSON.parse(body) as GoogleErrorBody;
    if (typeof parsed.error === "string") {
      return { reason: parsed.error, text: parsed.error_description ?? parsed.error };
    }
    if (parsed.error && typeof parsed.error === "object") {
      const reason = parsed.error.errors?.[0]?.reason ?? parsed.error.status ?? "";
      return { reason, text: parsed.error.message ?? reason };
    }
  } catch {
    // Not JSON (a proxy's HTML page): keep the start of the text.
  }
  return { reason: "", text: body.replace(/\s+/g, " ").trim().slice(0, 200) };
}

/**
 * An unsuccessful Gmail HTTP answer as a DeliveryError. `stage` "token" is the
 * OAuth refresh (a revoked grant is permanent), "send" the messages.send call.
 */
export function deliveryErrorFromGmail(
  stage: "token" | "send",
  status: number,
  body: string,
  senderEmail: string,
): DeliveryError {
  const { reason, text } = parseGoogleError(body);
  const details = { responseCode: status, response: text, code: reason || undefined };
  const fail = (message: string, category: FailureCategory, permanent: boolean, why: FailureReason) =>
    new DeliveryError(message, category, permanent, { ...details, reason: why });

  if (status === 429 || GMAIL_RATE_REASONS.has(reason)) {
    return fail(
      `Gmail is limiting sending for ${senderEmail} (HTTP ${status}): ${text}`,
      "rate_limited",
      false,
      "rate_limited",
    );
  }
  if (status >= 500) {
    return fail(`Gmail is unavailable (HTTP ${status}): ${text}`, "network", false, "network");
  }
  if (stage === "token") {
    if (reason === "invalid_client" || reason === "unauthorized_client") {
      return fail(
        `Google refused the app's OAuth client (${reason}): check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`,
        "authentication",
        true,
        "sender_login",
      );
    }
    return fail(
      `Gmail access for ${senderEmail} was revoked or has expired (${text}): reconnect it in Senders`,
      "authentication",
      true,
      "sender_login",
    );
  }
  if (status === 401 || status === 403) {
    return fail(
      `Gmail refused to send as ${senderEmail} (HTTP ${status}): ${text}`,
      "authentication",
      true,
      "sender_login",
    );
  }
  if (status === 400 && /invalid (to|cc|bcc) header|recipient|address/i.test(text)) {
    // Gmail checks the address's form before sending: a malformed address, not an unknown one.
    return fail(`Gmail refused the recipient address: ${text}`, "invalid_address", true, "bad_address_syntax");
  }
  return fail(`Gmail refused the message (HTTP ${status}): ${text}`, "other", true, "other");
}
