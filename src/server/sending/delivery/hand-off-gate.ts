// The last stage of a gated message's content in the SMTP transport
// (smtp-transport.ts): nothing of it reaches the connection before its
// hand-off is recorded.
import { Readable } from "node:stream";

/**
 * The message's content as the SMTP connection reads it, held until its
 * hand-off is recorded. nodemailer pipes the content into the socket only
 * after the server's 354 (DATA accepted), so the first read is the DATA phase:
 * the hand-off is asked for then (once the content is whole), and the content
 * flows once it is recorded.
 * A message that is handed off has therefore all but reached the server, and
 * one that is not cannot have: if the hand-off is refused, the stream fails,
 * nodemailer drops the connection mid-DATA, and a server discards a message
 * whose final "." never came. The gate is the last stage of the content
 * (after DKIM signing, which reads the whole message first).
 *
 * (Asking already when the connection sends DATA, through nodemailer's
 * internals, overlapped the record with the server's answer but measured no
 * faster on `npm run bench`: the database round trip is the larger part.)
 */
export function handOffGate(input: Readable, handOff: () => Promise<void>): Readable {
  // The content is built (and signed) into memory while the envelope is
  // exchanged, and goes as one chunk: one socket write instead of one per MIME
  // part (each a TCP segment that wakes the server: `strace` on `npm run bench`).
  // The hand-off is asked for only once the content is whole as well as wanted
  // (the 354 came): granted earlier, a message still being built would be
  // recorded as handed off for as long as its build took, and a crash then
  // would leave it 'unknown' without its having reached the server.
  const held: Buffer[] = [];
  let ended = false;
  let wanted = false;
  let asked = false;
  const ask = () => {
    if (asked || !wanted || !ended) return;
    asked = true;
    handOff().then(
      () => {
        if (held.length > 0) output.push(held.length === 1 ? held[0] : Buffer.concat(held));
        held.length = 0;
        output.push(null);
      },
      (err: Error) => output.destroy(err),
    );
  };
  const output: Readable = new Readable({
    read() {
      wanted = true;
      ask();
    },
  });
  input.on("data", (chunk: Buffer) => held.push(chunk));
  input.once("end", () => {
    ended = true;
    ask();
  });
  input.once("error", (err) => output.destroy(err));
  return output;
}
