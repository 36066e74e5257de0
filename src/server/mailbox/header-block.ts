// A message's header section (what IMAP's BODY.PEEK[HEADER] returns) as the
// header record the mailbox sync selects on: names lower-cased, folded lines
// unfolded, repeated headers joined with "\n" (the same shape as
// InboundMessage.headers from parse-inbound.ts). Values are left as sent
// (RFC 2047 encoded words are not decoded): selection reads ids and a few
// markers, and the whole message is parsed with mailparser once fetched;
// decodeEncodedWords decodes the subject and the sender's name it reads.
// The header block itself is read by hand because it runs on every message of
// a first sync, where a whole mailparser parse per message would be far slower.
// Values are cleaned and bounded (inbound-safety.ts): they go into the
// engine's queries (a NUL would make PostgreSQL refuse the whole chunk's).
import libmime from "libmime";
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

/**
 * A header value with its RFC 2047 encoded words decoded ("=?UTF-8?Q?Onbestelbaar?=",
 * "=?GB2312?B?zsvQxQ==?="), for the few markers selection reads in words:
 * libmime's decoder (mailparser's own), on the header alone. A value it cannot
 * decode is left as sent.
 */
export function decodeEncodedWords(value: string): string {
  if (!value.includes("=?")) return value;
  try {
    return boundedText(libmime.decodeWords(value), MAX_HEADER_CHARS);
  } catch {
    return value;
  }
}
