// Which connection a sender's mail goes out through (TransportFactory):
// - capture mode: every sender delivers over real SMTP to the app's capture
//   server (one pool), the same nodemailer path as live mode;
// - live mode: the sender's own SMTP server with its stored password (one pool
//   per sender, kept while the row's connection is unchanged) on an address
//   the address policy allows (SMTP_ALLOW_PRIVATE), or the Gmail API
//   for a Gmail sender connected with OAuth and no SMTP password;
// - otherwise a transport whose deliver() fails with a DeliveryError saying
//   what to set up, so the queue records it like any other failure.
import type { Config } from "../../config.ts";
import { type SecretBox, SecretDecryptError } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import type { Logger } from "../../logger.ts";
import type { DeliveryError, SenderAccountRow, SenderTransport, TransportFactory } from "../outgoing.ts";
import { gmailNotConfiguredError, noConnectionError, undecryptableSecretError } from "./delivery-error.ts";
import { createDeliveryThread, type DeliveryThread } from "./delivery-thread.ts";
import { createGmailTransport, GMAIL_REFRESH_TOKEN_PURPOSE } from "./gmail-transport.ts";
import { smtpTransportOptions } from "./smtp-connection-test.ts";
import type { ClosableTransport, PoolOptions } from "./smtp-transport.ts";

/** The secret-box purpose of sender_accounts.smtp_password_encrypted. */
export const SMTP_PASSWORD_PURPOSE = secretPurposes.smtpPassword;

export type TransportFactoryOptions = {
  /** Without smtpAllowPrivate, senders' SMTP hosts must be public addresses. */
  config: Pick<Config, "mailDelivery" | "gmailApiBaseUrl" | "dkim" | "google"> &
    Partial<Pick<Config, "smtpAllowPrivate" | "googleEndpoints">>;
  secrets: SecretBox;
  log: Logger;
  /** The capture server's port; required in capture mode. */
  capturePort?: number;
  smtp?: {
    /** Connect, greeting and DNS timeout. */
    timeoutMs?: number;
    /** Idle socket timeout during a session (a slow DATA reply). */
    socketTimeoutMs?: number;
    /** Pool per sender in live mode (providers limit parallel connections per mailbox). */
    pool?: Partial<PoolOptions>;
    /** The capture server's pool (loopback, no provider limits). */
    capturePool?: Partial<PoolOptions>;
  };
  /** tokenUrl: by default config.googleEndpoints.tokenUrl (GOOGLE_OAUTH_TOKEN_URL). */
  gmail?: { tokenUrl?: string; timeoutMs?: number };
  /** Where SMTP pools run; by default a delivery thread of the factory's own, stopped by closeAll(). */
  deliveryThread?: DeliveryThread;
  /**
   * The factory's own delivery thread journals hand-offs itself, here
   * (the embedded database: sending/delivery/hand-off-journal.ts says why).
   */
  handOffJournal?: { dir: string; tag: string };
  /** The factory's own delivery thread records hand-offs itself in this PostgreSQL database. */
  handOffDatabaseUrl?: string;
};

/** How a sender can send in live mode. */
export type SendingConnectionKind = "smtp" | "gmail" | null;

/**
 * SMTP when host, port, username and password are stored; else the Gmail API
 * when a Gmail refresh token is stored; else nothing. SMTP wins: it is what the
 * user set up explicitly, and it works without Google OAuth configured.
 */
export function sendingConnectionOf(sender: SenderAccountRow): SendingConnectionKind {
  if (sender.smtpHost && sender.smtpPort && sender.smtpUsername && sender.smtpPasswordEncrypted) return "smtp";
  if (sender.gmailRefreshTokenEncrypted) return "gmail";
  return null;
}

/** Changes when anything the connection depends on changes, so an edited sender gets a fresh pool. */
function connectionKey(sender: SenderAccountRow): string {
  return [
    sender.updatedAt.getTime(),
    sender.smtpHost,
    sender.smtpPort,
    sender.smtpSecurity,
    sender.smtpUsername,
    sender.smtpPasswordEncrypted,
    sender.gmailRefreshTokenEncrypted,
  ].join("|");
}

function failing(error: DeliveryError): SenderTransport {
  return { deliver: () => Promise.reject(error) };
}

export function createTransportFactory(opts: TransportFactoryOptions): TransportFactory {
  const { config, secrets, log } = opts;
  const timeoutMs = opts.smtp?.timeoutMs ?? 15_000;
  const socketTimeoutMs = opts.smtp?.socketTimeoutMs ?? 60_000;
  const pool: PoolOptions = { maxConnections: 2, maxMessages: 100, ...opts.smtp?.pool };
  const capturePool: PoolOptions = { maxConnections: 5, maxMessages: 100, ...opts.smtp?.capturePool };
  const cache = new Map<string, { key: string; transport: ClosableTransport | SenderTransport }>();
  // SMTP (live and capture) is delivered on a worker thread: delivery-thread.ts says why.
  const ownThread = !opts.deliveryThread;
  const delivery =
    opts.deliveryThread ??
    createDeliveryThread({
      onLost: (reason) => log.warn({ reason }, "the delivery thread stopped; restarting it"),
      journal: opts.handOffJournal,
      database: opts.handOffDatabaseUrl ? { url: opts.handOffDatabaseUrl } : undefined,
    });
  const createSmtpTransport = delivery.smtpTransport;

  if (config.mailDelivery === "capture" && opts.capturePort === undefined) {
    throw new Error("createTransportFactory: capture mode needs the capture server's port");
  }

  function lookup(id: string, key: string): SenderTransport | undefined {
    const entry = cache.get(id);
    return entry?.key === key ? entry.transport : undefined;
  }

  function store(id: string, key: string, transport: ClosableTransport | SenderTransport): SenderTransport {
    const previous = cache.get(id)?.transport;
    if (previous && "close" in previous) previous.close();
    cache.set(id, { key, transport });
    return transport;
  }

  function captureTransport(): SenderTransport {
    return (
      lookup("capture", "capture") ??
      store(
        "capture",
        "capture",
        createSmtpTransport({
          // The capture server speaks plain SMTP on loopback and needs no login.
          smtp: {
            host: "127.0.0.1",
            port: opts.capturePort,
            secure: false,
            ignoreTLS: true,
            connectionTimeout: timeoutMs,
            greetingTimeout: timeoutMs,
            socketTimeout: socketTimeoutMs,
          },
          pool: capturePool,
          dkim: config.dkim,
          // The app's own server, at an address it chose: not a user-typed host.
          addressPolicy: { allowPrivate: true },
        }),
      )
    );
  }

  function smtpTransport(sender: SenderAccountRow): SenderTransport {
    const key = connectionKey(sender);
    const existing = lookup(sender.id, key);
    if (existing) return existing;
    let password: string;
    try {
      password = secrets.decrypt(sender.smtpPasswordEncrypted!, SMTP_PASSWORD_PURPOSE);
    } catch (error) {
      if (error instanceof SecretDecryptError) return failing(undecryptableSecretError(sender.email, "SMTP password"));
      throw error;
    }
    log.debug({ senderId: sender.id, host: sender.smtpHost }, "opening an SMTP pool for a sender");
    const smtp = smtpTransportOptions(
      {
        host: sender.smtpHost!,
        port: sender.smtpPort!,
        security: sender.smtpSecurity ?? (sender.smtpPort === 465 ? "tls" : "starttls"),
        username: sender.smtpUsername!,
        password,
      },
      timeoutMs,
    );
    return store(
      sender.id,
      key,
      createSmtpTransport({
        smtp: { ...smtp, socketTimeout: socketTimeoutMs },
        pool,
        dkim: config.dkim,
        // The host is the user's: it may not lead into the server's own network.
        addressPolicy: { allowPrivate: config.smtpAllowPrivate ?? false },
      }),
    );
  }

  function gmailTransport(sender: SenderAccountRow): SenderTransport {
    const google = config.google;
    if (!google) return failing(gmailNotConfiguredError(sender.email));
    const key = connectionKey(sender);
    const existing = lookup(sender.id, key);
    if (existing) return existing;
    let refreshToken: string;
    try {
      refreshToken = secrets.decrypt(sender.gmailRefreshTokenEncrypted!, GMAIL_REFRESH_TOKEN_PURPOSE);
    } catch (error) {
      if (error instanceof SecretDecryptError) {
        return failing(undecryptableSecretError(sender.email, "Gmail authorisation"));
      }
      throw error;
    }
    return store(
      sender.id,
      key,
      createGmailTransport({
        senderEmail: sender.email,
        refreshToken,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        apiBaseUrl: config.gmailApiBaseUrl,
        tokenUrl: opts.gmail?.tokenUrl ?? config.googleEndpoints?.tokenUrl,
        timeoutMs: opts.gmail?.timeoutMs,
      }),
    );
  }

  return {
    forSender(sender) {
      if (config.mailDelivery === "capture") return captureTransport();
      switch (sendingConnectionOf(sender)) {
        case "smtp":
          return smtpTransport(sender);
        case "gmail":
          return gmailTransport(sender);
        default:
          return failing(noConnectionError(sender.email));
      }
    },
    closeAll() {
      for (const { transport } of cache.values()) if ("close" in transport) transport.close();
      cache.clear();
      if (ownThread) void delivery.terminate();
    },
    refuseHandOffs(reason) {
      delivery.refuseHandOffs(reason);
    },
    keepHeartbeat(workerId, everyMs) {
      if (opts.handOffDatabaseUrl) delivery.keepHeartbeat(workerId, everyMs);
    },
    prepare: () => delivery.prepare(),
  };
}
