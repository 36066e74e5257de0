import { describe, expect, it } from "vitest";
import { decodeTextFile } from "./decode-text.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);

function utf16(s: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + i * 2] = littleEndian ? c & 0xff : c >> 8;
    out[3 + i * 2] = littleEndian ? c >> 8 : c & 0xff;
  }
  return out;
}

describe("decodeTextFile", () => {
  it("reads UTF-8 with and without a byte-order mark, dropping the mark", () => {
    expect(decodeTextFile(utf8("email\nzoë@example.com"))).toBe("email\nzoë@example.com");
    expect(decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("email")]))).toBe("email");
  });

  it("reads UTF-16 with a byte-order mark, both byte orders", () => {
    expect(decodeTextFile(utf16("email,name\r\nj@x.io,Zoë", true))).toBe("email,name\r\nj@x.io,Zoë");
    expect(decodeTextFile(utf16("email,name\r\nj@x.io,Zoë", false))).toBe("email,name\r\nj@x.io,Zoë");
  });

  it("falls back to the Windows code page for bytes that are not UTF-8", () => {
    // "Zoë" and "€" as saved by Excel on Windows (0xEB, 0x80).
    expect(decodeTextFile(new Uint8Array([...utf8("name\nZo"), 0xeb, 0x20, 0x80]))).toBe("name\nZoë €");
  });

  it("rejects binary content with 'Failed to read file'", () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    expect(() => decodeTextFile(zip)).toThrow("Failed to read file");
    const junk = new Uint8Array(4096);
    let seed = 7;
    for (let i = 0; i < junk.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      junk[i] = seed & 0xff;
    }
    expect(() => decodeTextFile(junk)).toThrow("Failed to read file");
  });

  it("keeps tabs and form feeds, which text files may contain", () => {
    expect(decodeTextFile(utf8("a\tb\fc"))).toBe("a\tb\fc");
  });
});
