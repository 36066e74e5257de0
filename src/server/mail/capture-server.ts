// Capture mode's SMTP server: every message the app sends (system mail and, in
// later features, campaign steps) arrives here over real SMTP and is stored in
// captured_emails, where the outbox page shows it. It listens on loopback only.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Db } from "../db/client.ts";
import { capturedEmails } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import { boundedMime, cleanText, safeIdentifier } from "../mailbox/inbound-safety.ts";

export type CaptureServer = { port: number; close: () => Promise<void> };

const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function addressList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a: { value?: { address?: string }[] }) =>
    (a.value ?? []).map((v) => v.address ?? "").filter(Boolean),
  );
}

/**
 * Stores a captured message. What reaches the capture server may come from
 * anyone on this machine (a simulated reply, a test, a hostile client), so
 * its text is cleaned the way inbound mail is (NUL and invalid UTF-8, which
 * PostgreSQL text cannot hold, removed; identifiers bounded) and its MIME tree
 * read as far as is safe; the mailbox sync reads it again from `raw`.
 */
export async function storeCapturedMessage(db: Db, raw: Buffer, envelopeTo: string[]): Promise<void> {
  const parsed = await simpleParser(boundedMime(raw).raw);
  const to = addressList(parsed.to);
  await db.insert(capturedEmails).values({
    messageId: safeIdentifier(parsed.messageId),
    fromAddress: cleanText(parsed.from?.text ?? ""),
    toAddresses: (to.length > 0 ? to : envelopeTo).map(cleanText),
    subject: cleanText(parsed.subject ?? ""),
    textBody: parsed.text === undefined ? null : cleanText(parsed.text),
    htmlBody: typeof parsed.html === "string" ? cleanText(parsed.html) : null,
    raw: cleanText(raw.toString("utf8")),
    headers: Object.fromEntries(
      [...parsed.headerLines].map((h) => [cleanText(h.key), cleanText(h.line.slice(h.key.length + 1).trim())]),
    ),
  });
}

export function startCaptureServer(opts: { db: Db; port: number; log: Logger }): Promise<CaptureServer> {
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS to negotiate, and any credentials are
    // accepted so sender accounts with passwords can be demonstrated.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    banner: "Coldreach capture server",
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "capture" });
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
      readStream(stream)
        .then((raw) => storeCapturedMessage(opts.db, raw, envelopeTo))
        .then(() => callback())
        .catch((err: Error) => {
          opts.log.error({ err }, "capture server could not store a message");
          callback(Object.assign(new Error("451 Could not store message"), { responseCode: 451 }));
        });
    },
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => {
      // smtp-server re-emits every client connection's socket error (a reset,
      // a client that hung up mid-command) on the server; without a lasting
      // listener the second one would be an unhandled 'error' that ends the
      // process. A client's broken connection is not the server's failure.
      server.removeListener("error", reject);
      server.on("error", (err: Error) => opts.log.warn({ err }, "capture server: a client connection failed"));
      const address = server.server.address();
      const port = typeof address === "object" && address ? address.port : opts.port;
      resolvePromise({
        port,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
