// "Test connection" for a sender account: a real SMTP handshake and login
// (nodemailer's verify: connect, EHLO, TLS, AUTH, QUIT; no message is sent),
// answered as { ok, category, message } in words a user can act on.
// Credentials never reach a log: nodemailer's logger is off and the messages
// are built from error codes and the server's reply, which never echo them.
import nodemailer from "nodemailer";
import type { SmtpSecurityMode } from "#shared/db-enums.ts";
import type { ConnectionTestCategory, ConnectionTestResult } from "#shared/senders/senders.schemas.ts";

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

// OpenSSL and Node wordings of a failed handshake or an untrusted certificate.
const TLS_PATTERN =
  /certificate|self[- ]signed|unable to verify|wrong version number|packet length too long|SSL routines|ERR_TLS|ERR_SSL|handshake|EPROTO/i;

function serverReply(err: SmtpError): string {
  const reply = err.response?.replace(/\s+/g, " ").trim();
  return reply ? ` The server said: "${reply.slice(0, 200)}".` : "";
}

/**
 * Maps a nodemailer error to a failure category and a message. Codes come from
 * nodemailer's SMTP connection (EAUTH, EDNS, ESOCKET, ECONNECTION, ETIMEDOUT,
 * ETLS, EPROTOCOL); DNS and socket errors keep the system code in the message.
 */
export function classifySmtpError(
  error: unknown,
  target: { host: string; port: number },
): { category: ConnectionTestCategory; message: string } {
  const err = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  const where = `${target.host}:${target.port}`;
  const code = err.code ?? "";
  const text = err.message ?? "";

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

  if (code === "EDNS" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
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
    const certificate = /certificate|self[- ]signed|unable to verify/i.test(text);
    return {
      category: "network",
      message: certificate
        ? `The TLS certificate of ${where} is not trusted (${text.replace(/^Error initiating TLS - /, "")}).`
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
  if (/EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE/.test(text)) {
    return { category: "network", message: `The network connection to ${where} failed (${text}).` };
  }
  if (code === "ESOCKET" || code === "ECONNECTION") {
    return {
      category: "network",
      message: `The connection to ${where} was closed unexpectedly.${serverReply(err)} Check the port and security setting.`,
    };
  }

  return { category: "other", message: `The SMTP server answered unexpectedly: ${text}` };
}

/** Connects, signs in and quits. Never throws: failures come back as a result. */
export async function testSmtpConnection(
  settings: SmtpTestSettings,
  opts: { timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
  const transporter = nodemailer.createTransport(smtpTransportOptions(settings, opts.timeoutMs));
  try {
    await transporter.verify();
    return {
      ok: true,
      category: null,
      message: `Connected to ${settings.host}:${settings.port} and signed in as ${settings.username}.`,
    };
  } catch (error) {
    return { ok: false, ...classifySmtpError(error, settings) };
  } finally {
    transporter.close();
  }
}
