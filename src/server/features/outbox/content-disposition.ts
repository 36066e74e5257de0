// Content-Disposition for files whose names come from captured mail, which
// anyone (any sender) chooses: no quotes, backslashes, path separators or
// control characters can reach the header, and a name outside ASCII travels
// as RFC 6266 / RFC 8187 filename* beside an ASCII fallback.

const MAX_NAME = 150;

/** The name without anything that could end the header value or name a path. */
function cleanName(name: string, fallback: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .trim();
  return [...(cleaned || fallback)].slice(0, MAX_NAME).join("");
}

/** RFC 8187 attr-chars stay, everything else is percent-encoded UTF-8. */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="..."; filename*=UTF-8''...` (or inline) for a file name from a message. */
export function contentDisposition(name: string, opts: { fallback: string; inline?: boolean }): string {
  const clean = cleanName(name, opts.fallback);
  // Accents dropped (é → e), anything else outside printable ASCII replaced.
  const ascii = clean
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]|%/g, "_");
  const type = opts.inline ? "inline" : "attachment";
  return ascii === clean
    ? `${type}; filename="${ascii}"`
    : `${type}; filename="${ascii}"; filename*=UTF-8''${extValue(clean)}`;
}

/** The raw source's download name: the subject (made safe) as .eml. */
export function rawFileName(subject: string): string {
  return `${[...cleanName(subject, "message")].slice(0, 100).join("")}.eml`;
}
