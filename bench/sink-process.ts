// The SMTP sink, run as its own process (forked by smtp-sink.ts). It accepts
// every message on 127.0.0.1 and counts it, throwing the data away. It runs
// outside the benchmark's process so that receiving mail does not compete
// for the event loop (and the CPU core) with the sender being measured: in
// one process the sink's work would be added to both sides and flatter the
// slower one. No parsing, no storage: the sink must never be the bottleneck.
import { SMTPServer } from "smtp-server";

export type SinkStats = {
  /** Messages accepted (a 250 after DATA). */
  messages: number;
  /** Of those, how many carried a DKIM-Signature header. */
  dkimSigned: number;
  /** Bytes of message data received. */
  bytes: number;
  /** SMTP sessions opened. */
  connections: number;
};

export type SinkRequest = { type: "stats"; id: number };
export type SinkReply = { type: "ready"; port: number } | { type: "stats"; id: number; stats: SinkStats };

const stats: SinkStats = { messages: 0, dkimSigned: 0, bytes: 0, connections: 0 };

/** Headers come first and DKIM-Signature is prepended, so the first few KB tell. */
const HEADER_PEEK_BYTES = 8192;

const server = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  // No reverse DNS lookup of 127.0.0.1 per connection.
  disableReverseLookup: true,
  // Larger than any benchmark message; the pools open at most a few sessions.
  size: 10 * 1024 * 1024,
  onConnect(_session, callback) {
    stats.connections += 1;
    callback();
  },
  onData(stream, _session, callback) {
    let head = "";
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < HEADER_PEEK_BYTES) head += chunk.toString("latin1", 0, HEADER_PEEK_BYTES - head.length);
    });
    stream.on("end", () => {
      stats.messages += 1;
      stats.bytes += bytes;
      if (/^DKIM-Signature:/im.test(head)) stats.dkimSigned += 1;
      callback();
    });
  },
});

// A client closing its pooled connections abruptly is not the sink's problem.
server.on("error", () => {});

process.on("message", (request: SinkRequest) => {
  if (request.type === "stats")
    process.send?.({ type: "stats", id: request.id, stats: { ...stats } } satisfies SinkReply);
});
// The parent closing the IPC channel (normally or by dying) ends the sink.
process.on("disconnect", () => {
  for (const connection of server.connections) connection._socket.destroy();
  server.close(() => process.exit(0));
});

server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send?.({ type: "ready", port } satisfies SinkReply);
});
