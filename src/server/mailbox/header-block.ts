// A message's header section (what IMAP's BODY.PEEK[HEADER] returns) as the
// header record the mailbox sync selects on: names lower-cased, folded lines
// unfolded, repeated headers joined with "\n" (the same shape as
// InboundMessage.headers from parse-inbound.ts). Values are left as sent
// (RFC 2047 encoded words are not decoded): selection reads ids and a few
// markers, and the whole message is parsed with mailparser once fetched;
// decodeEncodedWords decodes the subject and the sender's name it reads.
// Written by hand because it runs on every message of a first sync (10,000
// headers in a few milliseconds) where mailparser would take seconds.
// Values are cleaned and bounded (inbound-safety.ts): they go into the
// engine's queries (a NUL would make PostgreSQL refuse the whole chunk's).
import { boundedText, MAX_HEADER_CHARS } from "./inbound-safety.ts";

/** Header names lower-cased → unfolded values (repeated headers joined with "\n"). */
export function parseHeaderBlock(block: Buffer | string): Record<string, string> {
  const text = typeof block === "string" ? block : block.toString("utf8");
  // The header section ends at the first empty line.
  const end = text.search(/\r?\n\r?\n/);
  const section = end === -1 ? text : text.slice(0, end);
  // RFC 5322 §2.2.3: unfolding removes each CRLF that is followed by white space.
  const lines = section.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue; // not a header line (a stray "From " line, garbage)
    const name = boundedText(line.slice(0, colon).trim().toLowerCase(), 100);
    // "__proto__" would set the record's prototype instead of a key.
    if (!name || /\s/.test(name) || name === "__proto__") continue;
    const value = boundedText(line.slice(colon + 1).trim(), MAX_HEADER_CHARS);
    headers[name] = headers[name] === undefined ? value : boundedText(`${headers[name]}\n${value}`, MAX_HEADER_CHARS);
  }
  return headers;
}

/** One RFC 2047 encoded word: charset (an RFC 2231 language after "*" is dropped), B or Q, the text. */
const ENCODED_WORD = /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([bq])\?([^?\s]*)\?=/gi;

function wordBytes(encoding: string, text: string): Buffer {
  if (encoding.toLowerCase() === "b") return Buffer.from(text, "base64");
  // Q: "_" is a space, "=XX" a byte.
  const latin1 = text
    .replace(/_/g, " ")
    .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, "latin1");
}

function decoded(charset: string, bytes: Buffer, word: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return word; // a charset Node does not know: left as sent
  }
}

/**
 * A header value with its RFC 2047 encoded words decoded ("=?UTF-8?Q?Onbestelbaar?=",
 * "=?GB2312?B?zsvQxQ==?="), for the few markers selection reads in words. The
 * white space between two encoded words is dropped (RFC 2047 §6.2), and the
 * bytes of adjacent words in one charset are decoded together (a character may
 * be split between them).
 */
export function decodeEncodedWords(value: string): string {
  if (!value.includes("=?")) return value;
  let out = "";
  let last = 0;
  let run = null as { charset: string; bytes: Buffer[]; words: string } | null;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    const charset = match[1]!.toLowerCase();
    const adjacent = run !== null && between.trim() === "";
    if (!(adjacent && run?.charset === charset)) {
      if (run) out += decoded(run.charset, Buffer.concat(run.bytes), run.words);
      if (!adjacent) out += between;
      run = { charset, bytes: [], words: "" };
    }
    run!.bytes.push(wordBytes(match[2]!, match[3]!));
    run!.words += match[0];
    last = match.index + match[0].length;
  }
  if (run) out += decoded(run.charset, Buffer.concat(run.bytes), run.words);
  return out + value.slice(last);
}
