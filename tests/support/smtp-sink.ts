// An SMTP server for tests: it receives real SMTP on 127.0.0.1 (a random port),
// records every accepted message parsed with mailparser, and can misbehave on
// purpose the way real servers do, so delivery code is tested against the
// protocol rather than a mock.
//
// Usage:
//
//   const sink = await startSmtpSink();                        // accepts everything
//   // …deliver to 127.0.0.1:sink.port (plain SMTP, no TLS; any login is accepted)…
//   sink.messages[0].parsed.subject;                           // mailparser's ParsedMail
//   sink.messages[0].envelope;                                 // { from, to[] } from MAIL FROM / RCPT TO
//   sink.messagesTo("jane@acme.test");                         // by envelope recipient
//   sink.connections;                                          // SMTP sessions opened so far (pooling)
//   await sink.close();
//
// For large messages (megabytes each), startSmtpSink({ headersOnly: true })
// keeps and parses only each message's header block (`raw` is that block,
// `bytes` the whole message's size): fifty 7 MB messages parsed whole would
// hold over a gigabyte and keep the test's event loop busy decoding them.
//
// Faults, given at start or added later (sink.addFault / sink.clearFaults); each
// applies to one recipient or, without `recipient`, to every delivery, and
// `times` limits how often it fires (then the sink behaves again):
//
//   smtpFaults.rejectRecipient("bad@acme.test")        550 5.1.1 at RCPT TO, every time
//   smtpFaults.tryAgainLater("jane@acme.test")         421 4.7.0 at RCPT TO once, then accepted;
//                                                      a 421 also closes the connection, as servers do
//   smtpFaults.rejectMessage("554 5.7.1 Message rejected as spam")   refuses after DATA
//   smtpFaults.dropMidData()                           destroys the socket while the message arrives
//                                                      (once): no final reply, nothing recorded
//   smtpFaults.delay(200, { stage: "data" })           answers late (for client timeouts)
//
// or any SmtpFault literal: { stage: "mail", reply: "451 4.3.0 Local error", times: 2 }.
// A reply is written as the server sends it, "<code> <text>"; the sink adds no
// enhanced status code of its own. sink.events lists what each fault did.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export type SmtpFaultStage = "connect" | "mail" | "rcpt" | "data";

export type SmtpFault = {
  stage: SmtpFaultStage;
  /** Only deliveries to this address (case-insensitive); all when omitted. Not known at "connect" or "mail". */
  recipient?: string;
  /** How many times the fault fires; every time when omitted. */
  times?: number;
  /** Answer this instead of accepting, e.g. "550 5.1.1 <x@y.test>: Recipient address rejected". */
  reply?: string;
  /** Stage "data" only: destroy the socket once this many bytes of the message have arrived (before any reply). */
  drop?: { afterBytes?: number };
  /** Wait this long before answering (then reply or accept). */
  delayMs?: number;
};

export const smtpFaults = {
  rejectRecipient(recipient?: string, reply?: string): SmtpFault {
    return { stage: "rcpt", recipient, reply: reply ?? `550 5.1.1 <${recipient ?? "x"}>: Recipient address rejected` };
  },
  tryAgainLater(recipient?: string, opts: { reply?: string; times?: number } = {}): SmtpFault {
    return { stage: "rcpt", recipient, reply: opts.reply ?? "421 4.7.0 Try again later", times: opts.times ?? 1 };
  },
  rejectMessage(reply: string, opts: { recipient?: string; times?: number } = {}): SmtpFault {
    return { stage: "data", reply, ...opts };
  },
  dropMidData(opts: { recipient?: string; afterBytes?: number; times?: number } = {}): SmtpFault {
    return {
      stage: "data",
      recipient: opts.recipient,
      drop: { afterBytes: opts.afterBytes ?? 64 },
      times: opts.times ?? 1,
    };
  },
  delay(ms: number, opts: { stage?: SmtpFaultStage; recipient?: string; times?: number } = {}): SmtpFault {
    return { stage: opts.stage ?? "data", recipient: opts.recipient, times: opts.times, delayMs: ms };
  },
};

export type SinkMessage = {
  envelope: { from: string; to: string[] };
  /** The message as received: headers and body, CRLF line ends (headersOnly: the header block only). */
  raw: string;
  /** The size of the whole message as received, in bytes. */
  bytes: number;
  parsed: ParsedMail;
  /**
   * A header as written, unfolded, by case-insensitive name (the first one).
   * mailparser turns some headers into objects (List-* become `list`); this
   * gives the text a mail client sees.
   */
  header: (name: string) => string | undefined;
  /** The username the client signed in with, if it did. */
  user?: string;
  receivedAt: Date;
};

export type SmtpSinkEvent = {
  stage: SmtpFaultStage;
  recipient?: string;
  outcome: "replied" | "dropped" | "delayed";
  reply?: string;
};

export type SmtpSink = {
  host: "127.0.0.1";
  port: number;
  /** Accepted messages, oldest first. */
  messages: SinkMessage[];
  /** What the faults did, oldest first. */
  events: SmtpSinkEvent[];
  /** SMTP sessions opened so far. */
  readonly connections: number;
  messagesTo: (address: string) => SinkMessage[];
  addFault: (fault: SmtpFault) => void;
  clearFaults: () => void;
  /** Forgets messages, events, faults and the connection count. */
  reset: () => void;
  close: () => Promise<void>;
};

export type SmtpSinkOptions = {
  faults?: SmtpFault[];
  /** Require this login (535 otherwise); without it any login, or none, is accepted. */
  auth?: { username: string; password: string };
  /** Keep and parse only each message's header block (see the top of this file). */
  headersOnly?: boolean;
};

/** "550 5.1.1 text" → an error smtp-server answers with exactly that line. */
function replyError(reply: string): Error {
  const match = /^([245]\d\d)[ -](.*)$/s.exec(reply.trim());
  if (!match) throw new Error(`smtp-sink: a reply starts with a 4xx/5xx code, got "${reply}"`);
  return Object.assign(new Error(match[2]), { responseCode: Number(match[1]) });
}

function headerValue(parsed: ParsedMail, name: string): string | undefined {
  const key = name.toLowerCase();
  const line = parsed.headerLines.find((h) => h.key === key)?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const HEADER_END = Buffer.from("\r\n\r\n");

/** The header block of a message whose first `kept` bytes are in `chunks` (through the blank line when it is there). */
function headerBlock(kept: Buffer): Buffer {
  const end = kept.indexOf(HEADER_END);
  return end < 0 ? kept : kept.subarray(0, end + HEADER_END.length);
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  let faults: SmtpFault[] = (opts.faults ?? []).map((f) => ({ ...f }));
  let connections = 0;
  const messages: SinkMessage[] = [];
  const events: SmtpSinkEvent[] = [];
  const lower = (s: string) => s.toLowerCase();

  /** The first live fault for this stage and these recipients; counts it as fired. */
  function take(stage: SmtpFaultStage, recipients: string[]): SmtpFault | undefined {
    const fault = faults.find(
      (f) => f.stage === stage && (!f.recipient || recipients.map(lower).includes(lower(f.recipient))),
    );
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults = faults.filter((f) => f !== fault);
    }
    return fault;
  }

  /** Delay and/or reply as the fault says; undefined means carry on normally. */
  async function apply(fault: SmtpFault, recipient?: string): Promise<Error | undefined> {
    if (fault.delayMs) {
      events.push({ stage: fault.stage, recipient, outcome: "delayed" });
      await sleep(fault.delayMs);
    }
    if (!fault.reply) return undefined;
    events.push({ stage: fault.stage, recipient, outcome: "replied", reply: fault.reply });
    return replyError(fault.reply);
  }

  const server = new SMTPServer({
    // Plain SMTP on loopback, replies exactly as written in the faults.
    disabledCommands: ["STARTTLS"],
    hideENHANCEDSTATUSCODES: true,
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    closeTimeout: 100,
    // No reverse DNS of 127.0.0.1 on every connection: it costs ~100 ms per test.
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      const fault = take("connect", []);
      if (!fault) return callback();
      apply(fault).then(callback, callback);
    },
    onAuth(auth, _session, callback) {
      if (!opts.auth || (auth.username === opts.auth.username && auth.password === opts.auth.password)) {
        return callback(null, { user: auth.username ?? "anonymous" });
      }
      callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      const fault = take("mail", []);
      if (!fault) return callback();
      apply(fault).then(callback, callback);
    },
    onRcptTo(address, _session, callback) {
      const fault = take("rcpt", [address.address]);
      if (!fault) return callback();
      apply(fault, address.address).then(callback, callback);
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      const fault = take("data", recipients);
      const chunks: Buffer[] = [];
      let received = 0;
      // headersOnly: chunks are kept only until the header block has ended.
      let headerDone = false;
      let dropped = false;
      const drop = () => {
        dropped = true;
        events.push({ stage: "data", recipient: recipients[0], outcome: "dropped" });
        socketOf(session)?.destroy();
      };
      stream.on("data", (chunk: Buffer) => {
        if (dropped) return;
        if (!headerDone) chunks.push(chunk);
        received += chunk.length;
        if (opts.headersOnly && !headerDone) headerDone = Buffer.concat(chunks).includes(HEADER_END);
        if (fault?.drop && received >= (fault.drop.afterBytes ?? 0)) drop();
      });
      stream.on("end", () => {
        if (dropped) return;
        // A message shorter than afterBytes is dropped at its end, still before the reply.
        if (fault?.drop) return drop();
        const raw = opts.headersOnly ? headerBlock(Buffer.concat(chunks)) : Buffer.concat(chunks);
        const answer = fault ? apply(fault, recipients[0]) : Promise.resolve(undefined);
        answer
          .then(async (error) => {
            if (error) return callback(error);
            const parsed = await simpleParser(raw);
            messages.push({
              envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: recipients },
              raw: raw.toString("utf8"),
              bytes: received,
              parsed,
              header: (name) => headerValue(parsed, name),
              user: typeof session.user === "string" ? session.user : undefined,
              receivedAt: new Date(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  function socketOf(session: SMTPServerSession) {
    for (const connection of server.connections) if (connection.id === session.id) return connection._socket;
    return undefined;
  }

  // A dropped socket is the point of some tests, not an error of the sink.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    host: "127.0.0.1",
    port,
    messages,
    events,
    get connections() {
      return connections;
    },
    messagesTo: (address) => messages.filter((m) => m.envelope.to.map(lower).includes(lower(address))),
    addFault: (fault) => {
      faults.push({ ...fault });
    },
    clearFaults: () => {
      faults = [];
    },
    reset: () => {
      messages.length = 0;
      events.length = 0;
      faults = [];
      connections = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Pooled clients keep idle connections open; do not wait for them.
        for (const connection of server.connections) connection._socket.destroy();
        server.close(() => resolve());
      }),
  };
}
