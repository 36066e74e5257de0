// Delivery over SMTP with a nodemailer pool: the connection (TLS, login) is made
// once and reused for the following messages, which is most of the cost of a
// send. Used for sender accounts in live mode and for the capture server in
// capture mode, so a demo runs the production code path. Every connection is
// opened by smtp-socket.ts, to an address the address policy allowed.
import type { Readable } from "node:stream";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DkimConfig } from "../../config.ts";
import { AddressNotAllowedError, type AddressPolicy } from "../../http/address-policy.ts";
import {
  DeliveryError,
  type DeliveryResult,
  type HandOff,
  type OutgoingMessage,
  type SenderTransport,
} from "../outgoing.ts";
import { deliveryErrorFromSmtp } from "./delivery-error.ts";
import { type DkimKey, dkimSignStream } from "./dkim-sign.ts";
import { handOffGate } from "./hand-off-gate.ts";
import { freeingFailedConnections } from "./pool-failed-connections.ts";
import { classifySmtpError } from "./smtp-connection-test.ts";
import { smtpSocketConnector } from "./smtp-socket.ts";

/** What a user can do about a sender's SMTP host that the address policy refuses. */
export const ADDRESS_NOT_ALLOWED_SUGGESTION =
  "This server does not connect to private or local network addresses. Use the mail server's public host name, or set SMTP_ALLOW_PRIVATE=on on the server to send through a mail server on your own network.";

/** A transport that holds connections open until closed. */
export type ClosableTransport = SenderTransport & { close: () => void };

export type PoolOptions = {
  /** Parallel connections to the server; providers limit these per mailbox. */
  maxConnections: number;
  /** Messages per connection before it is replaced. */
  maxMessages: number;
};

/** The address policy as plain data: transport options cross to the delivery thread. */
export type SmtpAddressPolicy = Pick<AddressPolicy, "allowPrivate">;

export type SmtpTransportOptions = {
  /** nodemailer SMTP options: host, port, TLS mode, auth, timeouts. */
  smtp: SMTPTransport.Options;
  pool: PoolOptions;
  dkim?: DkimConfig;
  /**
   * Which addresses the host may resolve to. A sender's host is typed by a
   * user: private ones only with SMTP_ALLOW_PRIVATE. The capture server is the
   * app's own (loopback).
   */
  addressPolicy: SmtpAddressPolicy;
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
    ...(message.inlineImages?.length
      ? {
          attachments: message.inlineImages.map((image) => ({
            cid: image.cid,
            filename: image.filename,
            contentType: image.contentType,
            contentDisposition: "inline" as const,
            // A view of the shared bytes, not a copy.
            content: Buffer.from(image.content.buffer, image.content.byteOffset, image.content.byteLength),
          })),
        }
      : {}),
  };
}

/**
 * The key a message is signed with: the environment's (DKIM_DOMAIN…) when it
 * covers the From domain, which takes precedence, else the key of the user's
 * own for that domain that came with the message (features/dkim-keys), else
 * none (unsigned).
 */
export function dkimKeyFor(dkim: DkimConfig | undefined, message: OutgoingMessage): DkimKey | undefined {
  const fromAddress = message.from.address;
  const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
  if (dkim?.domains.includes(domain)) {
    return { domainName: domain, keySelector: dkim.selector, privateKey: dkim.privateKey };
  }
  return message.dkim?.domainName === domain ? message.dkim : undefined;
}

// For callers that open a pool to a host the app chose (benchmarks).
export { connectWithoutNagle } from "./smtp-socket.ts";

/** In the SMTP transport a hand-off is one call: record it (or refuse), then the content may go. */
export type HandOffGate = () => Promise<void>;

/** The message options with what the 'stream' plugin below applies: the gate, and DKIM before it. */
type GatedMailOptions = Mail.Options & { handOff?: HandOffGate; signWith?: DkimKey };

/** The SMTP transport also takes a bare gate (the delivery thread records hand-offs itself). */
export type SmtpTransport = ClosableTransport & {
  deliver(message: OutgoingMessage, handOff?: HandOff | HandOffGate): Promise<DeliveryResult>;
};

export function createSmtpTransport(opts: SmtpTransportOptions): SmtpTransport {
  // The hook below needs the pool, which is created with it.
  let pool: object | undefined;
  const options: SMTPPool.Options & { maxRequeues: number } = {
    ...opts.smtp,
    getSocket: freeingFailedConnections(
      smtpSocketConnector(opts.addressPolicy),
      () => pool,
    ) as unknown as SMTPPool.Options["getSocket"],
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
  pool = transporter;
  // Runs once per message; the functions it adds build the content stream when
  // a connection takes the message. DKIM is applied here rather than through
  // nodemailer's `dkim` option, which would sign after every plugin's stage and
  // so read the content past the gate; and with our signer (sending/delivery/dkim-sign.ts),
  // whose h= covers the RFC 8058 headers and oversigns From and Subject.
  transporter.use("stream", (mail, done) => {
    const { handOff, signWith } = mail.data as GatedMailOptions;
    if (signWith || handOff) {
      mail.message.processFunc((input: Readable) => {
        const signed = signWith ? dkimSignStream(input, signWith) : input;
        return handOff ? handOffGate(signed, handOff) : signed;
      });
    }
    done();
  });
  const target = { host: opts.smtp.host ?? "localhost", port: opts.smtp.port ?? 25 };

  return {
    async deliver(message: OutgoingMessage, handOff?: HandOff | HandOffGate): Promise<DeliveryResult> {
      try {
        const mail: GatedMailOptions = {
          ...toMailOptions(message),
          signWith: dkimKeyFor(opts.dkim, message),
          handOff: typeof handOff === "object" ? handOff.confirm : handOff,
        };
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId || message.messageId, response: info.response };
      } catch (error) {
        // Refused before any connection: nothing was sent, and nothing will
        // change by waiting (issue 26: retried, the launch waited for good).
        // The sentence says what the user can do about it.
        if (error instanceof AddressNotAllowedError) {
          throw new DeliveryError(classifySmtpError(error, target).message, "network", true, {
            code: error.code,
            suggestion: ADDRESS_NOT_ALLOWED_SUGGESTION,
            reason: "network",
          });
        }
        throw deliveryErrorFromSmtp(error, target);
      }
    },
    close: () => transporter.close(),
  };
}
