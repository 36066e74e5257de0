// An IMAP connection, login or command failure in words a user can act on
// (the sender's panel shows them: "what failed and when"). Messages are built
// from error codes, the host, port and login the user typed, and IMAP status
// codes (atoms such as AUTHENTICATIONFAILED); never from free text the server
// sent (the host is user-typed: reflecting a peer's bytes would make the sync
// a banner grabber) and never from the password.

export type ImapFailureReason =
  /** The host is, or resolves to, an address the app's address policy refuses. */
  | "address_not_allowed"
  | "dns"
  | "connection"
  | "timeout"
  | "tls"
  | "authentication"
  /** A command the server refused or answered in a way the client could not use. */
  | "server";

export class ImapSourceError extends Error {
  constructor(
    message: string,
    readonly reason: ImapFailureReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ImapSourceError";
  }
}

type ImapFlowError = Error & {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseStatus?: string;
  executedCommand?: string;
};

// Node and OpenSSL wordings of a failed handshake or an untrusted certificate.
const TLS_PATTERN =
  /certificate|self[- ]signed|unable to verify|unable to get|wrong version number|packet length too long|SSL routines|ERR_TLS|ERR_SSL|handshake|EPROTO|CERT_|STARTTLS/i;

const TIMEOUT_CODES = new Set([
  "ETIMEDOUT",
  "CONNECT_TIMEOUT",
  "GREETING_TIMEOUT",
  "UPGRADE_TIMEOUT",
  "ESOCKETTIMEDOUT",
]);
const CLOSED_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "NoConnection",
  "ClosedAfterConnectTLS",
  "ClosedAfterConnectText",
]);

/** An IMAP status code (RFC 5530 and vendors'), shown as is; anything else is not. */
const statusCode = (code: string | undefined) => (code && /^[A-Z][A-Z0-9.-]{1,40}$/i.test(code) ? code : null);

/** Why a certificate was refused, in fixed words (Node's messages quote the certificate's names). */
function tlsProblem(err: ImapFlowError, host: string): string {
  const text = `${err.code ?? ""} ${err.message}`;
  if (/STARTTLS/i.test(text)) return "the server does not offer STARTTLS";
  if (/self[- ]signed/i.test(text)) return "its certificate is self-signed";
  if (/expired/i.test(text)) return "its certificate has expired";
  if (/not yet valid/i.test(text)) return "its certificate is not valid yet";
  if (/altname|does not match|hostname/i.test(text)) return `its certificate is not issued for ${host}`;
  if (/unable to (verify|get)|issuer/i.test(text)) return "its certificate's issuer is not trusted";
  if (/wrong version number|packet length too long|EPROTO/i.test(text)) {
    return "the server does not speak TLS on this port (port 993 is for TLS, 143 for STARTTLS)";
  }
  return "the TLS handshake did not complete";
}

/** The command of an imapflow error's executedCommand ("12 UID FETCH 1:* (…)" → "UID FETCH"), passwords masked by imapflow. */
function commandName(executed: string | undefined): string | null {
  const words = executed?.trim().split(/\s+/).slice(1) ?? [];
  const [first, second] = words;
  if (!first || !/^[A-Z]+$/i.test(first)) return null;
  return (first.toUpperCase() === "UID" && second && /^[A-Z]+$/i.test(second) ? `UID ${second}` : first).toUpperCase();
}

/**
 * The failure of a connection, login or command against `target`, as an
 * ImapSourceError (the original error is its cause). `err` may be an
 * ImapSourceError already: it is returned as is.
 */
export function imapFailure(error: unknown, target: { host: string; port: number; user: string }): ImapSourceError {
  if (error instanceof ImapSourceError) return error;
  const err = (error instanceof Error ? error : new Error(String(error))) as ImapFlowError;
  const where = `${target.host}:${target.port}`;
  const code = err.code ?? "";
  const fail = (message: string, reason: ImapFailureReason) => new ImapSourceError(message, reason, { cause: err });

  if (code === "EADDRNOTALLOWED") {
    return fail(
      `The IMAP host ${target.host} is not allowed: it points to a private or local network.`,
      "address_not_allowed",
    );
  }
  if (err.authenticationFailed) {
    const status = statusCode(err.serverResponseCode) ?? "NO";
    return fail(`IMAP login failed for ${target.user}: authentication failed (${status}).`, "authentication");
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return fail(`The IMAP host ${target.host} could not be found (DNS).`, "dns");
  }
  if (code === "ECONNREFUSED") {
    return fail(`Could not connect to the IMAP server at ${where}: the connection was refused.`, "connection");
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return fail(`Could not connect to the IMAP server at ${where}: the host is unreachable.`, "connection");
  }
  if (TIMEOUT_CODES.has(code) || /timed? ?out/i.test(err.message)) {
    return fail(`The IMAP server at ${where} did not answer in time.`, "timeout");
  }
  if (TLS_PATTERN.test(`${code} ${err.message}`)) {
    return fail(`TLS with the IMAP server at ${where} failed: ${tlsProblem(err, target.host)}.`, "tls");
  }
  if (CLOSED_CODES.has(code)) {
    return fail(`The IMAP server at ${where} closed the connection.`, "connection");
  }
  if (err.responseStatus === "NO" || err.responseStatus === "BAD") {
    const command = commandName(err.executedCommand) ?? "a command";
    const status = statusCode(err.serverResponseCode);
    return fail(
      `The IMAP server at ${where} refused ${command} (${err.responseStatus}${status ? ` [${status}]` : ""}).`,
      "server",
    );
  }
  const shownCode = statusCode(code);
  return fail(`The IMAP session with ${where} failed${shownCode ? ` (${shownCode})` : ""}.`, "server");
}
