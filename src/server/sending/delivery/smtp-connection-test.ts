// "Test connection" for a sender account: a real SMTP handshake and login
// (nodemailer's verify: connect, EHLO, TLS, AUTH, QUIT; no message is sent),
// answered as { ok, category, message } in words a user can act on.
// Credentials never reach a log: nodemailer's logger is off and the messages
// are built from error codes and the server's reply, which never echo them.
//
// The host is typed by a user, so the test must not become a port scanner or
// a banner grabber for the server's own network: the connection goes through
// the address policy (smtp-socket.ts), and what the peer sent is shown only
// when it is an SMTP reply, shortened: anything else (an SSH or HTTP banner, a
// database's greeting) comes back as "not an SMTP server", without its bytes.
import nodemailer from "nodemailer";
import type { SmtpSecurityMode } from "#shared/db-enums.ts";
import type { ConnectionTestCategory, ConnectionTestResult } from "#shared/senders/senders.schemas.ts";
import type { AddressPolicy } from "../../http/address-policy.ts";
import { smtpSocketConnector } from "./smtp-socket.ts";

export type SmtpTestSettings = {
  host: string;
  port: number;
  security: SmtpSecurityMode;
  username: string;
  password: string;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** nodemailer options for a sender's SMTP connection (the sending engine can use the same mapping). */
export function smtpTransportOptions(settings: SmtpTestSettings, timeoutMs = DEFAULT_TIMEOUT_MS) {
  return {
    host: settings.host,
    port: settings.port,
    // tls: TLS from the first byte (465); starttls: plain, then upgrade, and
    // refuse to continue without it (587); none: never upgrade.
    secure: settings.security === "tls",
    requireTLS: settings.security === "starttls",
    ignoreTLS: settings.security === "none",
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
  };
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/** The longest server reply shown back. */
const MAX_REPLY_LENGTH = 200;

/** An SMTP reply line: a three-digit code, then a space, a dash or the end. */
const SMTP_REPLY = /^[2-5]\d\d(?:[ -]|$)/;

// OpenSSL and Node wordings of a failed handshake or an untrusted certificate.
const TLS_PATTERN =
  /certificate|self[- ]signed|unable to verify|unable to get|wrong version number|packet length too long|SSL routines|ERR_TLS|ERR_SSL|handshake|EPROTO/i;

/**
 * The server's reply, quoted and shortened, when it is an SMTP reply; nothing
 * otherwise. Only SMTP replies are worth showing (and safe to: whatever else a
 * peer sends is not reflected).
 */
function serverReply(err: SmtpError): string {
  const reply = err.response
    ?.replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!reply || !SMTP_REPLY.test(reply)) return "";
  const shown = reply.length > MAX_REPLY_LENGTH ? `${reply.slice(0, MAX_REPLY_LENGTH)}…` : reply;
  return ` The server said: "${shown}".`;
}

/**
 * Why a certificate was refused, in fixed words: Node's messages quote the
 * certificate (its names), which is the peer's data.
 */
function certificateProblem(text: string, host: string): string {
  if (/self[- ]signed/i.test(text)) return "it is self-signed";
  if (/expired/i.test(text)) return "it has expired";
  if (/not yet valid/i.test(text)) return "it is not valid yet";
  if (/altname|does not match|hostname/i.test(text)) return `it is not issued for ${host}`;
  if (/unable to (verify|get)|issuer/i.test(text)) return "its issuer is not trusted";
  return "it could not be verified";
}

/**
 * Maps a nodemailer error to a failure category and a message. Codes come from
 * nodemailer's SMTP connection (EAUTH, EDNS, ESOCKET, ECONNECTION, ETIMEDOUT,
 * ETLS, EPROTOCOL), the socket (ECONNREFUSED, …) or the address policy
 * (EADDRNOTALLOWED). Messages are built from the code, the host and port the
 * user typed, and SMTP replies; never from other text the peer sent.
 */
export function classifySmtpError(
  error: unknown,
  target: { host: string; port: number },
): { category: ConnectionTestCategory; message: string } {
  const err = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  const where = `${target.host}:${target.port}`;
  const code = err.code ?? "";
  const text = err.message ?? "";

  if (code === "EADDRNOTALLOWED") {
    return {
      category: "network",
      message: `The SMTP host ${target.host} is not allowed: it points to a private or local network.`,
    };
  }

  // Anything but a 220 greeting: a 4xx/5xx greeting is an SMTP server turning
  // the connection away (its code is shown); anything else is not SMTP at all.
  if (code === "EPROTOCOL" && /^Invalid greeting/.test(text)) {
    const refusal = /^([45]\d\d)(?:[ -]|$)/.exec(err.response?.trim() ?? "");
    return refusal
      ? {
          category: "network",
          message: `The SMTP server at ${where} refused the connection (reply code ${refusal[1]}). Try again later, or check the host and port.`,
        }
      : {
          category: "other",
          message: `The server at ${where} is not an SMTP server (it did not greet as one). Check the host and port.`,
        };
  }

  if (code === "EAUTH" || err.responseCode === 535 || err.responseCode === 534) {
    if (/Missing credentials/i.test(text)) {
      return { category: "authentication", message: "Enter the SMTP username and password." };
    }
    const hint =
      err.responseCode === 534
        ? " The provider wants a different sign-in: for Gmail, turn on 2-step verification and use an app password."
        : " Check the username and password (Gmail and Outlook need an app password).";
    return {
      category: "authentication",
      message: `The server rejected the username or password.${hint}${serverReply(err)}`,
    };
  }

  if (code === "EDNS" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    // A name that does not exist is a wrong host; a DNS server that did not
    // answer is a network problem worth retrying.
    if (/ENOTFOUND|NXDOMAIN|ENODATA|NODATA/i.test(`${code} ${text}`)) {
      return {
        category: "domain_issue",
        message: `The server name ${target.host} could not be found. Check the SMTP host.`,
      };
    }
    return {
      category: "network",
      message: `The server name ${target.host} could not be looked up (DNS did not answer). Try again.`,
    };
  }

  if (code === "ETLS" || TLS_PATTERN.test(text)) {
    const certificate = /certificate|self[- ]signed|unable to verify|unable to get/i.test(text);
    return {
      category: "network",
      message: certificate
        ? `The TLS certificate of ${where} is not trusted (${certificateProblem(text, target.host)}).`
        : `The secure (TLS) connection to ${where} failed. Check the port and security setting: port 465 uses SSL/TLS, port 587 uses STARTTLS.`,
    };
  }

  if (/ECONNREFUSED/.test(text) || code === "ECONNREFUSED") {
    return {
      category: "network",
      message: `Could not connect to ${where}: the connection was refused. Check the host and port.`,
    };
  }
  if (code === "ETIMEDOUT" || /ETIMEDOUT|timeout/i.test(text)) {
    return {
      category: "network",
      message: `Connecting to ${where} timed out. Check the host and port, and that a firewall allows outgoing SMTP.`,
    };
  }
  const systemCode = /\b(EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE)\b/.exec(`${code} ${text}`)?.[1];
  if (systemCode) {
    return { category: "network", message: `The network connection to ${where} failed (${systemCode}).` };
  }
  // nodemailer's verify() reports a peer that closed before its greeting as a bare "Connection closed".
  if (code === "ESOCKET" || code === "ECONNECTION" || (!code && /^Connection closed/.test(text))) {
    return {
      category: "network",
      message: `The connection to ${where} was closed unexpectedly.${serverReply(err)} Check the port and security setting.`,
    };
  }

  const reply = serverReply(err);
  return {
    category: "other",
    message: reply
      ? `The SMTP server answered unexpectedly.${reply}`
      : `The SMTP server at ${where} answered unexpectedly${code ? ` (${code})` : ""}.`,
  };
}

/** Said after a test in capture mode: the test was real, the mail will not go through the server. */
export const CAPTURED_NOTE = "Capture mode: mail from this sender is captured, not sent through this server.";

/**
 * Connects, signs in and quits. Never throws: failures come back as a result.
 * `addressPolicy` says which addresses the host may resolve to.
 */
export async function testSmtpConnection(
  settings: SmtpTestSettings,
  opts: { timeoutMs?: number; addressPolicy: AddressPolicy; captureMode?: boolean },
): Promise<ConnectionTestResult> {
  const transporter = nodemailer.createTransport({
    ...smtpTransportOptions(settings, opts.timeoutMs),
    getSocket: smtpSocketConnector(opts.addressPolicy),
  });
  const where = `${settings.host}:${settings.port}`;
  try {
    await transporter.verify();
    return {
      ok: true,
      category: null,
      message: `Connected to ${where} and signed in as ${settings.username}.${opts.captureMode ? ` ${CAPTURED_NOTE}` : ""}`,
    };
  } catch (error) {
    // Capture mode sends nothing through the host (the sender shows "Ready to
    // send"), so a host the address policy refuses is not a failure here: say
    // what happens to the mail and what a live test of it would need.
    if (opts.captureMode && (error as SmtpError | undefined)?.code === "EADDRNOTALLOWED") {
      return {
        ok: true,
        category: null,
        captured: true,
        message: `Capture mode: mail from this sender is captured, not sent through ${where}, so it was not tested. To test a mail server on a private or local network, set SMTP_ALLOW_PRIVATE=on.`,
      };
    }
    return { ok: false, ...classifySmtpError(error, settings) };
  } finally {
    transporter.close();
  }
}
