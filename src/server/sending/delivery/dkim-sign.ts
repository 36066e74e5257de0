// DKIM signing (RFC 6376, rsa-sha256, relaxed/relaxed) of a whole message.
// Our own, not nodemailer's or mailauth's signer: both build h= from the
// fields present, each name at most once, so neither can oversign From and
// Subject (docs/decisions/010-own-dkim-signer.md). Tests verify its output with
// an independent verifier (mailauth's dkimVerify).
import { createHash, createSign } from "node:crypto";
import { Readable } from "node:stream";
import { dkimHeaderList } from "#shared/sending/dkim-headers.ts";

/** A key to sign with: the d= domain, the s= selector and the private key (PEM). */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

type HeaderField = { name: string; raw: string };

/** Splits a message (as latin1, one char per byte) into its header fields and its body. */
function splitMessage(message: string): { fields: HeaderField[]; body: string } {
  const end = message.search(/\r?\n\r?\n/);
  const head = end < 0 ? message : message.slice(0, end);
  const body = end < 0 ? "" : message.slice(end).replace(/^\r?\n\r?\n/, "");
  const fields: HeaderField[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = fields[fields.length - 1];
    // A line starting with white space continues the field above (folding).
    if (/^[ \t]/.test(line) && last) last.raw += `\r\n${line}`;
    else if (line.length > 0) fields.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), raw: line });
  }
  return { fields, body };
}

/** RFC 6376 §3.4.2: lower-case name, unfolded value, runs of white space as one space, none at the ends. */
export function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r?\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 §3.4.4: no white space at line ends, runs of it as one space, no empty lines at the end. */
export function relaxedBody(body: string): string {
  const lines = body.split(/\r?\n/).map((line) => line.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

const base64Sha256 = (text: string) => createHash("sha256").update(Buffer.from(text, "latin1")).digest("base64");

/** Folds `name=value` tags into lines of at most ~76 characters, breaking only where white space may go. */
function fold(tags: string[]): string {
  const lines: string[] = ["DKIM-Signature:"];
  for (const [i, tag] of tags.entries()) {
    const piece = i < tags.length - 1 ? `${tag};` : tag;
    // h= may be long: it breaks after its colons (white space is allowed around them).
    const parts = piece.startsWith("h=") ? piece.split(/(?<=:)/) : [piece];
    for (const [j, part] of parts.entries()) {
      const current = lines[lines.length - 1] ?? "";
      const sep = j === 0 ? " " : "";
      if (current.length + sep.length + part.length > 76 && current.trim().length > 0) lines.push(` ${part}`);
      else lines[lines.length - 1] = current + sep + part;
    }
  }
  return lines.join("\r\n");
}

/**
 * The DKIM-Signature header field (without a final CRLF) for `message`, which
 * must have CRLF line ends as it goes over SMTP (nodemailer builds it so).
 */
export function dkimSignature(message: Buffer, key: DkimKey, now: Date = new Date()): string {
  const { fields, body } = splitMessage(message.toString("latin1"));
  const names = dkimHeaderList(fields.map((f) => f.name));
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${key.domainName}`,
    `s=${key.keySelector}`,
    `t=${Math.floor(now.getTime() / 1000)}`,
    `h=${names.join(":")}`,
    `bh=${base64Sha256(relaxedBody(body))}`,
  ];
  // b= starts a line of its own, so its value folds into lines of 76 characters.
  const unsigned = `${fold(tags)};\r\n b=`;
  // Each name takes the next occurrence from the bottom (RFC 6376 §5.4.2); a
  // name with none left (the oversigned extra) adds nothing.
  const used = new Map<string, number>();
  let data = "";
  for (const name of names) {
    const occurrences = fields.filter((f) => f.name === name);
    const taken = used.get(name) ?? 0;
    used.set(name, taken + 1);
    const field = occurrences[occurrences.length - 1 - taken];
    if (field) data += `${relaxedHeader(field.raw)}\r\n`;
  }
  data += relaxedHeader(unsigned);
  const signature = createSign("RSA-SHA256").update(Buffer.from(data, "latin1")).sign(key.privateKey, "base64");
  // The b= value is removed before verifying, so where it folds does not matter.
  return unsigned + (signature.match(/.{1,72}/g) ?? []).join("\r\n ");
}

/** The message stream with a DKIM-Signature field in front (reads the whole message first). */
export function dkimSignStream(input: Readable, key: DkimKey): Readable {
  return Readable.from(
    (async function* () {
      const chunks: Buffer[] = [];
      for await (const chunk of input) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      const message = Buffer.concat(chunks);
      let header: string;
      try {
        header = dkimSignature(message, key);
      } catch (error) {
        throw new Error(`DKIM signing failed for ${key.domainName}: ${(error as Error).message}`);
      }
      yield Buffer.from(`${header}\r\n`, "latin1");
      yield message;
    })(),
    { objectMode: false },
  );
}
