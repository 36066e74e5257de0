// Delivery over SMTP with a nodemailer pool: the connection (TLS, login) is made
// once and reused for the following messages, which is most of the cost of a
// send. Used for sender accounts in live mode and for the capture server in
// capture mode, so a demo runs the production code path. Every connection is
// opened by smtp-socket.ts, to an address the address policy allowed.
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import type DKIM from "nodemailer/lib/dkim";
import DKIMSigner from "nodemailer/lib/dkim";
import type Mail from "nodemailer/lib/mailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DkimConfig } from "../config.ts";
import { AddressNotAllowedError, type AddressPolicy } from "../http/address-policy.ts";
import {
  DeliveryError,
  type DeliveryResult,
  type HandOff,
  type OutgoingMessage,
  type SenderTransport,
} from "../sending/outgoing.ts";
import { deliveryErrorFromSmtp } from "./delivery-error.ts";
import { classifySmtpError } from "./smtp-connection-test.ts";
import { smtpSocketConnector } from "./smtp-socket.ts";

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
  };
}

/** DKIM options when the From domain is one the key is published for, else none (unsigned). */
export function dkimOptionsFor(dkim: DkimConfig | undefined, fromAddress: string): DKIM.Options | undefined {
  if (!dkim) return undefined;
  const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
  if (!dkim.domains.includes(domain)) return undefined;
  return { domainName: domain, keySelector: dkim.selector, privateKey: dkim.privateKey };
}

// For callers that open a pool to a host the app chose (benchmarks).
export { connectWithoutNagle } from "./smtp-socket.ts";

/**
 * The message's content as the SMTP connection reads it, held until its
 * hand-off is recorded. The hand-off is asked for when the connection sends
 * DATA (see the "data-command" signal below), so its record is written while
 * the server answers DATA, and the content flows once it is committed. If that
 * signal never comes, it is asked for at the first read, which nodemailer makes
 * only after the server's 354. Either way a message that is handed off has all
 * but reached the server, and one that is not cannot have: if the hand-off is
 * refused, the stream fails, nodemailer drops the connection mid-DATA, and a
 * server discards a message whose final "." never came. The gate is the last
 * stage of the content (after DKIM signing, which reads the whole message first).
 */
function handOffGate(input: Readable, handOff: () => Promise<void>): Readable {
  let asked: Promise<void> | null = null;
  const ask = () => {
    asked ??= handOff();
    return asked;
  };
  let flowing = false;
  const output: Readable = new Readable({
    read() {
      if (flowing) {
        input.resume();
        return;
      }
      flowing = true;
      ask().then(
        () => {
          input.on("data", (chunk: Buffer) => {
            if (!output.push(chunk)) input.pause();
          });
          input.once("end", () => output.push(null));
          input.resume();
        },
        (err: Error) => output.destroy(err),
      );
    },
  });
  // Started early, observed by read(); a refusal is reported there.
  output.once(DATA_COMMAND, () => void ask().catch(() => {}));
  input.pause();
  input.once("error", (err) => output.destroy(err));
  return output;
}

/**
 * Tells the stream a connection is sending when the connection sends DATA,
 * so the hand-off's database write overlaps the server's answer to DATA
 * instead of following it (on a fast server that answer and the write take
 * about as long). It relies on nodemailer's SMTPConnection internals (`send`
 * and `_sendCommand`); should those change, the signal never comes and the
 * gate asks at its first read, which is as safe and a round trip slower.
 */
const DATA_COMMAND = "coldreach:data-command";
type ConnectionInternals = {
  send: (envelope: unknown, message: unknown, done: unknown) => unknown;
  _sendCommand: (command: string, ...rest: unknown[]) => unknown;
};
const connectionPrototype = SMTPConnection.prototype as unknown as ConnectionInternals;
if (typeof connectionPrototype.send === "function" && typeof connectionPrototype._sendCommand === "function") {
  const streams = new WeakMap<object, { emit?: (event: string) => void }>();
  const send = connectionPrototype.send;
  connectionPrototype.send = function (this: object, envelope, message, done) {
    streams.set(this, message as { emit?: (event: string) => void });
    return send.call(this, envelope, message, done);
  };
  const sendCommand = connectionPrototype._sendCommand;
  connectionPrototype._sendCommand = function (this: object, command, ...rest) {
    if (command === "DATA") streams.get(this)?.emit?.(DATA_COMMAND);
    return sendCommand.call(this, command, ...rest);
  };
}

/** In the SMTP transport a hand-off is one call: record it (or refuse), then the content may go. */
export type HandOffGate = () => Promise<void>;

/** The message options with what the 'stream' plugin below applies: the gate, and DKIM before it. */
type GatedMailOptions = Mail.Options & { handOff?: HandOffGate; signWith?: DKIM.Options };

/** The SMTP transport also takes a bare gate (the delivery thread records hand-offs itself). */
export type SmtpTransport = ClosableTransport & {
  deliver(message: OutgoingMessage, handOff?: HandOff | HandOffGate): Promise<DeliveryResult>;
};

export function createSmtpTransport(opts: SmtpTransportOptions): SmtpTransport {
  const options: SMTPPool.Options & { maxRequeues: number } = {
    ...opts.smtp,
    getSocket: smtpSocketConnector(opts.addressPolicy) as SMTPPool.Options["getSocket"],
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
  // Runs once per message; the functions it adds build the content stream when
  // a connection takes the message. DKIM is applied here rather than through
  // nodemailer's `dkim` option, which would sign after every plugin's stage and
  // so read the content past the gate.
  transporter.use("stream", (mail, done) => {
    const { handOff, signWith } = mail.data as GatedMailOptions;
    const signer = signWith ? new DKIMSigner(signWith) : null;
    if (signer || handOff) {
      mail.message.processFunc((input: Readable) => {
        const signed = signer ? (signer.sign(input) as Readable) : input;
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
          signWith: dkimOptionsFor(opts.dkim, message.from.address),
          handOff: typeof handOff === "object" ? handOff.confirm : handOff,
        };
        const info = await transporter.sendMail(mail);
        return { messageId: info.messageId || message.messageId, response: info.response };
      } catch (error) {
        // Refused before any connection: nothing was sent. Retried like an
        // unreachable server, in case the operator allows the address meanwhile.
        if (error instanceof AddressNotAllowedError) {
          throw new DeliveryError(classifySmtpError(error, target).message, "network", false, { code: error.code });
        }
        throw deliveryErrorFromSmtp(error, target);
      }
    },
    close: () => transporter.close(),
  };
}
