// Delivery over SMTP with a nodemailer pool: the connection (TLS, login) is made
// once and reused for the following messages, which is most of the cost of a
// send. Used for sender accounts in live mode and for the capture server in
// capture mode, so a demo runs the production code path.
import { connect, type Socket } from "node:net";
import { Transform } from "node:stream";
import nodemailer from "nodemailer";
import type DKIM from "nodemailer/lib/dkim";
import type Mail from "nodemailer/lib/mailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DkimConfig } from "../config.ts";
import type { DeliveryResult, HandOff, OutgoingMessage, SenderTransport } from "../sending/outgoing.ts";
import { deliveryErrorFromSmtp } from "./delivery-error.ts";

/** A transport that holds connections open until closed. */
export type ClosableTransport = SenderTransport & { close: () => void };

export type PoolOptions = {
  /** Parallel connections to the server; providers limit these per mailbox. */
  maxConnections: number;
  /** Messages per connection before it is replaced. */
  maxMessages: number;
};

export type SmtpTransportOptions = {
  /** nodemailer SMTP options: host, port, TLS mode, auth, timeouts. */
  smtp: SMTPTransport.Options;
  pool: PoolOptions;
  dkim?: DkimConfig;
};

/** nodemailer message options for a rendered message (also the input of the Gmail transport's MIME build). */
export function toMailOptions(message: OutgoingMessage): Mail.Options {
  return {
    from: { name: message.from.name, address: message.from.address },
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    references: message.references,
    headers: message.headers,
  };
}

/** DKIM options when the From domain is one the key is published for, else none (unsigned). */
export function dkimOptionsFor(dkim: DkimConfig | undefined, fromAddress: string): DKIM.Options | undefined {
  if (!dkim) return undefined;
  const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
  if (!dkim.domains.includes(domain)) return undefined;
  return { domainName: domain, keySelector: dkim.selector, privateKey: dkim.privateKey };
}

type GetSocketCallback = (error: Error | null, socket?: { connection: Socket } | false) => void;

/**
 * nodemailer's getSocket hook: the TCP connection opened with Nagle's
 * algorithm off. nodemailer writes a message and its terminating "." as
 * separate small packets; with Nagle on, the second waits for the server's
 * delayed ACK (40 ms on Linux), so every message costs 40 ms of idle time
 * (measured: ~47 ms vs ~4 ms per message to a loopback server). Implicit TLS
 * (port 465) keeps nodemailer's own connect, which knows how to start TLS;
 * STARTTLS upgrades this socket as it would its own.
 */
export function connectWithoutNagle(options: SMTPTransport.Options, callback: GetSocketCallback): void {
  if (options.secure) {
    callback(null, false);
    return;
  }
  let settled = false;
  const socket = connect({ host: options.host ?? "localhost", port: options.port ?? 25, noDelay: true });
  const settle = (error: Error | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.off("error", settle);
    if (error) {
      socket.destroy();
      callback(error);
      return;
    }
    socket.setKeepAlive(true);
    callback(null, { connection: socket });
  };
  const timer = setTimeout(
    () => settle(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })),
    options.connectionTimeout ?? 120_000,
  );
  socket.once("connect", () => settle(null));
  socket.once("error", settle);
}

/**
 * Holds a message's content until its hand-off is confirmed. nodemailer's pool
 * builds the content stream (and so calls this) when a connection takes the
 * message, before MAIL FROM; the connection then does MAIL FROM, RCPT TO and
 * DATA while the hand-off is recorded, and reads the content after the
 * server's 354. Nothing of the content reaches the server before `handOff`
 * resolves; if it rejects, the stream fails, nodemailer drops the connection
 * mid-DATA, and a server discards a message whose final "." never came.
 */
function handOffGate(handOff: () => Promise<void>): Transform {
  const confirmed = handOff();
  // Observed by the stream callbacks below; without this, a refusal before the first chunk would be "unhandled".
  confirmed.catch(() => {});
  return new Transform({
    transform(chunk, _encoding, callback) {
      confirmed.then(() => callback(null, chunk), callback);
    },
    flush(callback) {
      confirmed.then(() => callback(), callback);
    },
  });
}

/** In the SMTP transport a hand-off is one call: record it (or refuse), then the content may go. */
export type HandOffGate = () => Promise<void>;

type GatedMailOptions = Mail.Options & { handOff?: HandOffGate };

/** The SMTP transport also takes a bare gate (the delivery thread records hand-offs itself). */
export type SmtpTransport = ClosableTransport & {
  deliver(message: OutgoingMessage, handOff?: HandOff | HandOffGate): Promise<DeliveryResult>;
};

export function createSmtpTransport(opts: SmtpTransportOptions): SmtpTransport {
  const options: SMTPPool.Options & { maxRequeues: number } = {
    ...opts.smtp,
    getSocket: connectWithoutNagle as SMTPPool.Options["getSocket"],
    pool: true,
    maxConnections: opts.pool.maxConnections,
    maxMessages: opts.pool.maxMessages,
    // nodemailer's pool resends a message on another connection when its
    // connection closes mid-send, without limit by default. A close after the
    // server accepted the data would then mean a duplicate cold email; the
    // engine decides about retries (with its at-most-once record), not the pool.
    maxRequeues: 0,
    logger: false,
    debug: false,
  };
  const transporter = nodemailer.createTransport(options);
  // 'stream' plugins run once per message, before it is queued for a connection;
  // the transform factory runs when a connection takes it (see handOffGate).
  transporter.use("stream", (mail, done) => {
    const handOff = (mail.data as GatedMailOptions).handOff;
    // A factory (nodemailer calls it from createReadStream), typed as the stream it makes.
    if (handOff) mail.message.transform((() => handOffGate(handOff)) as unknown as Transform);
    done();
  });
  const target = { host: opts.smtp.host ?? "localhost", port: opts.smtp.port ?? 25 };

  return {
    async deliver(message: OutgoingMessage, handOff?: HandOff | HandOffGate): Promise<DeliveryResult> {
      try {
        const mail: GatedMailOptions = {
          ...toMailOptions(message),
          dkim: dkimOptionsFor(opts.dkim, message.from.address),
          handOff: typeof handOff === "object" ? handOff.confirm : handOff,
        };
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId || message.messageId, response: info.response };
      } catch (error) {
        throw deliveryErrorFromSmtp(error, target);
      }
    },
    close: () => transporter.close(),
  };
}
