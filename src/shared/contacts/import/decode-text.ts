// Bytes of a "CSV" file → text. Spreadsheet programs save CSV as UTF-8 (with or
// without a byte-order mark), as UTF-16 with a mark, or in the Windows code
// page; all of them must read. Bytes that are not text at all (a zip, a
// picture, an .xlsx renamed .csv) must fail with a message, not become a
// table of garbage.
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

// Windows-1252's 0x80–0x9F (the rest is Latin-1). Decoded by hand: Node's
// TextDecoder treats "windows-1252" as plain Latin-1, browsers do not, and the
// import must read the same everywhere. 0xFFFD marks the five unused bytes.
const CP1252_HIGH = [
  0x20ac, 0xfffd, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0xfffd,
  0x017d, 0xfffd, 0xfffd, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0xfffd, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk: number[] = [];
  for (const b of bytes) {
    chunk.push(b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80]! : b);
    if (chunk.length === 8192) {
      parts.push(String.fromCharCode(...chunk));
      chunk.length = 0;
    }
  }
  parts.push(String.fromCharCode(...chunk));
  return parts.join("");
}

function decode(bytes: Uint8Array): string {
  // TextDecoder drops the matching byte-order mark itself (ignoreBOM: false).
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder("utf-8").decode(bytes);
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Not valid UTF-8: Excel's "CSV" on Windows is the ANSI code page.
    return decodeWindows1252(bytes);
  }
}

/**
 * Control characters other than tab, line feed, form feed and carriage return.
 * Text files have next to none; binary files have them everywhere (NUL above all).
 */
export function controlCharacterShare(text: string): number {
  if (text.length === 0) return 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) count++;
  }
  return count / text.length;
}

/** Decodes a text file; throws 'Failed to read file' when the bytes are not text. */
export function decodeTextFile(bytes: Uint8Array): string {
  const text = decode(bytes);
  // PostgreSQL text cannot hold NUL, and no text file contains one.
  if (text.includes("\u0000") || controlCharacterShare(text) > 0.01) {
    throw new ContactImportError(importMessages.readFailed, { detail: "The file does not contain text." });
  }
  // A second mark can survive a decoder that does not strip it; it is never data.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
