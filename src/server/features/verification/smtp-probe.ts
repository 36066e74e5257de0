// The optional mailbox probe (VERIFY_SMTP_PROBE): one SMTP session per domain
// to its best mail host, EHLO, MAIL FROM:<>, RCPT TO a random address at the
// domain (does it accept anyone: catch-all?), then RCPT TO each address asked
// about, QUIT. Never DATA, so nothing is sent. nodemailer's SMTPConnection
// has no RCPT-without-DATA call, hence this small client; its socket comes
// from the app's SMTP connector, so the address policy guards it like every
// other connection to a host found from user input.
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { MailboxAnswer } from "#shared/verification/verdict.ts";
import type { AddressPolicy } from "../../http/address-policy.ts";
import { smtpSocketConnector } from "../../sending/delivery/smtp-socket.ts";

export type SmtpProbeOptions = {
  policy: AddressPolicy;
  /** 25 in production; tests and the bench use a local server's port. */
  port: number;
  /** Per step: connect, greeting, each command's reply. */
  timeoutMs: number;
  /** The name given in EHLO. */
  heloName: string;
};

type Reply = { code: number; text: string };

/** Reads SMTP replies (multi-line "250-…" continues until "250 …") off a socket. */
function replyReader(socket: Socket, timeoutMs: number) {
  let buffer = "";
  let lines: string[] = [];
  const ready: Reply[] = [];
  let waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  let failure: Error | null = null;
  const deliver = () => {
    if (!waiting) return;
    const next = ready.shift();
    if (next) {
      clearTimeout(waiting.timer);
      const w = waiting;
      waiting = null;
      w.resolve(next);
    } else if (failure) {
      clearTimeout(waiting.timer);
      const w = waiting;
      waiting = null;
      w.reject(failure);
    }
  };
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf("\n");
    while (end >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      lines.push(line);
      if (!/^\d{3}-/.test(line)) {
        ready.push({ code: Number(line.slice(0, 3)) || 0, text: lines.join("\n") });
        lines = [];
      }
      end = buffer.indexOf("\n");
    }
    deliver();
  });
  const fail = (error: Error) => {
    failure ??= error;
    deliver();
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("connection closed")));
  return (): Promise<Reply> =>
    new Promise((resolve, reject) => {
      waiting = {
        resolve,
        reject,
        timer: setTimeout(() => {
          waiting = null;
          reject(new Error("SMTP timeout"));
        }, timeoutMs),
      };
      deliver();
    });
}

function openSocket(host: string, opts: SmtpProbeOptions): Promise<Socket> {
  const connect = smtpSocketConnector(opts.policy);
  return new Promise((resolve, reject) => {
    connect({ host, port: opts.port, connectionTimeout: opts.timeoutMs } as SMTPTransport.Options, (error, result) => {
      if (error || !result) reject(error ?? new Error("no socket"));
      else resolve(result.connection);
    });
  });
}

/** 250/251 accepted; 5xx refused; anything else (4xx, timeouts, dropped connections) unknown. */
function rcptAnswer(reply: Reply): "accepted" | "rejected" | "unknown" {
  if (reply.code === 250 || reply.code === 251) return "accepted";
  if (reply.code >= 500 && reply.code < 600) return "rejected";
  return "unknown";
}

/**
 * Asks `host` about each address of `domain`. Every address gets an answer:
 * "catchall" for all when the random address is accepted too, "unknown" for
 * those the session could not settle.
 */
export async function probeMailboxes(
  host: string,
  domain: string,
  addresses: readonly string[],
  opts: SmtpProbeOptions,
): Promise<Map<string, MailboxAnswer>> {
  const answers = new Map<string, MailboxAnswer>(addresses.map((a) => [a, "unknown"]));
  let socket: Socket | undefined;
  try {
    socket = await openSocket(host, opts);
    const read = replyReader(socket, opts.timeoutMs);
    const command = async (line: string) => {
      socket?.write(`${line}\r\n`);
      return read();
    };
    if ((await read()).code !== 220) return answers;
    let hello = await command(`EHLO ${opts.heloName}`);
    if (hello.code !== 250) hello = await command(`HELO ${opts.heloName}`);
    if (hello.code !== 250) return answers;
    const smtputf8 = /^250[- ]SMTPUTF8\b/im.test(hello.text);
    const needsUtf8 = addresses.some((a) => /[^\u0020-\u007e]/.test(a));
    if (needsUtf8 && !smtputf8) return answers;
    if ((await command(`MAIL FROM:<>${needsUtf8 ? " SMTPUTF8" : ""}`)).code !== 250) return answers;
    const random = `verify-${randomBytes(8).toString("hex")}@${domain}`;
    const catchAll = rcptAnswer(await command(`RCPT TO:<${random}>`)) === "accepted";
    for (const address of addresses) {
      const answer = rcptAnswer(await command(`RCPT TO:<${address}>`));
      answers.set(address, catchAll && answer === "accepted" ? "catchall" : answer);
    }
    socket.write("QUIT\r\n");
    return answers;
  } catch {
    return answers;
  } finally {
    socket?.end();
    socket?.destroy();
  }
}
