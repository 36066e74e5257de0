// How large a step's message may be. Every byte goes to every contact, and
// receiving servers refuse whole messages above their size limit (10 MB is
// still common: Postfix's default is 10,240,000 bytes). Images are embedded
// inline as data: URLs (docs/product.md §9.6, up to 5 MB each), and the message carries
// them base64-encoded, a third larger plus line breaks. So the limit is on
// what the message carries, measured before that encoding: 7 MB of text and
// decoded images, about 9.6 MB once encoded, under those 10 MB; a 5 MB image
// and its text fit. The same rule runs in the editor and in the API.

/** A step's body at most, text plus its inline images decoded (decimal megabytes, as shown). */
export const MAX_STEP_BODY_BYTES = 7_000_000;

const MEGABYTE = 1_000_000;

// data:[<type>][;param…][;base64],<data> as it sits in an attribute or CSS
// url(): the data runs to the next quote, parenthesis, angle bracket or space.
// Found with indexOf rather than one regular expression: a 5 MB image is 7
// million characters, measured on every keystroke in the editor, and native
// searches walk them many times faster than a regex does
// (docs/decisions/022-measurements-behind-the-code.md).
const DATA_SCHEME = "data:";
const DATA_ENDS = ['"', "'", "(", ")", "<", ">", " ", "\n", "\r", "\t", "\f"];
/** A data: URL's media type and parameters are short; a longer "header" is not one. */
const MAX_HEADER_CHARS = 256;
const HEADER = /^data:[^"'\s()<>,]*$/i;

/** Bytes of `text[from, to)` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD). */
function utf8Bytes(text: string, from = 0, to = text.length): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Where the data starting at `from` ends: the first character that cannot be part of it. */
function dataEnd(body: string, from: number): number {
  let end = body.length;
  for (const c of DATA_ENDS) {
    const at = body.indexOf(c, from);
    if (at !== -1 && at < end) end = at;
  }
  return end;
}

/** Decoded bytes of `body[from, to)`: base64 (its padding aside) or percent-encoded text. */
function decodedBytes(body: string, from: number, to: number, base64: boolean): number {
  if (base64) {
    let padding = 0;
    while (to - padding > from && body.charCodeAt(to - padding - 1) === 61 /* = */) padding++;
    return Math.floor(((to - from - padding) * 3) / 4);
  }
  let escapes = 0;
  for (let at = body.indexOf("%", from); at !== -1 && at < to; at = body.indexOf("%", at + 1)) escapes++;
  return Math.max(0, utf8Bytes(body, from, to) - escapes * 2);
}

/**
 * What a body weighs in a message: its text in UTF-8 plus each inline image
 * (data: URL) decoded. Merge tags count as written. Never more than the body's
 * own UTF-8 length (decoding only shrinks).
 */
export function bodyBytes(body: string): number {
  let bytes = 0;
  let last = 0;
  for (let at = body.indexOf(DATA_SCHEME); at !== -1; at = body.indexOf(DATA_SCHEME, Math.max(at + 1, last))) {
    const comma = body.indexOf(",", at);
    if (comma === -1) break;
    const header = comma - at <= MAX_HEADER_CHARS ? body.slice(at, comma) : "";
    if (!HEADER.test(header)) continue;
    const end = dataEnd(body, comma + 1);
    bytes += utf8Bytes(body, last, comma + 1) + decodedBytes(body, comma + 1, end, /;base64$/i.test(header));
    last = end;
  }
  return bytes + utf8Bytes(body, last);
}

/**
 * Whether a body of `chars` UTF-16 units is certainly within the limit without
 * measuring it: UTF-8 takes at most 3 bytes per unit, and decoding only shrinks.
 */
function certainlyFits(chars: number): boolean {
  return chars * 3 <= MAX_STEP_BODY_BYTES;
}

/** "8.1 MB", rounded up so a body over the limit never reads as the limit itself. */
export function formatMegabytes(bytes: number): string {
  return `${(Math.ceil(bytes / (MEGABYTE / 10)) / 10).toFixed(1)} MB`;
}

/** The refusal for step `stepNumber` (1-based) whose body weighs `bytes`. */
export function stepBodyTooLarge(stepNumber: number, bytes: number): string {
  return `Step ${stepNumber}'s message is ${formatMegabytes(bytes)}; a step can be at most ${MAX_STEP_BODY_BYTES / MEGABYTE} MB with its images.`;
}

/** Null when the body fits, else the refusal naming the step. */
export function stepBodySizeProblem(body: string, stepNumber: number): string | null {
  if (certainlyFits(body.length)) return null;
  const bytes = bodyBytes(body);
  return bytes > MAX_STEP_BODY_BYTES ? stepBodyTooLarge(stepNumber, bytes) : null;
}

/** The first step of a sequence whose body is too large (its 0-based index and the refusal), or null. */
export function sequenceBodySizeProblem(
  steps: readonly { body: unknown }[],
): { index: number; message: string } | null {
  for (const [index, step] of steps.entries()) {
    if (typeof step.body !== "string") continue;
    const message = stepBodySizeProblem(step.body, index + 1);
    if (message) return { index, message };
  }
  return null;
}
