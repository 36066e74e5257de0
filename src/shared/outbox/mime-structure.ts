// The MIME structure of a message (RFC 2045/2046): every part, in source order,
// numbered the way mailparser numbers them (the root has no number, its
// children 1, 2, ..., theirs 1.1, 1.2, ...), so a part can be matched to the
// attachment mailparser decoded from it. mailparser decodes content but does
// not report the tree; this reads only headers and boundaries, never bodies.
// A message/rfc822 part is a leaf, as it is for mailparser (one attachment).

export type MimeHeader = { name: string; value: string };

export type MimePart = {
  /** "" for the message itself, then "1", "1.2", ... */
  partId: string;
  /** 0 for the message itself. */
  depth: number;
  /** Lowercase type/subtype; text/plain when the part declares none (RFC 2045 §5.2). */
  contentType: string;
  charset: string | null;
  transferEncoding: string | null;
  /** inline or attachment, when the part says. */
  disposition: string | null;
  /** From Content-Disposition's filename or Content-Type's name. */
  filename: string | null;
};

/** A structure deeper or wider than this is malformed or hostile; the rest is not listed. */
const MAX_DEPTH = 32;
const MAX_PARTS = 1_000;

/** Header fields in order, folded lines unfolded (RFC 5322 §2.2.3), duplicates kept. */
export function parseHeaderBlock(block: string): MimeHeader[] {
  const fields: MimeHeader[] = [];
  let current: string | null = null;
  const flush = () => {
    if (current === null) return;
    const colon = current.indexOf(":");
    if (colon > 0) fields.push({ name: current.slice(0, colon).trim(), value: current.slice(colon + 1).trim() });
    current = null;
  };
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && current !== null) current += line;
    else {
      flush();
      current = line;
    }
  }
  flush();
  return fields;
}

/** The header block and the body: they are separated by the first empty line. */
export function splitMessage(text: string): { header: string; body: string } {
  // A part may have no header at all: its text starts with the empty line.
  const headless = /^\r?\n/.exec(text);
  if (headless) return { header: "", body: text.slice(headless[0].length) };
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { header: text, body: "" };
  return { header: text.slice(0, match.index), body: text.slice(match.index + match[0].length) };
}

/** RFC 2231 extended value: charset'language'percent-encoded. */
function decodeExtended(value: string): string {
  const parts = /^([^']*)'[^']*'(.*)$/.exec(value);
  const encoded = parts ? parts[2]! : value;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * A structured header value: the main token, lowercased, and its parameters
 * (names lowercased; quoted strings unquoted; RFC 2231 continuations joined).
 */
export function parseParameterized(value: string): { value: string; params: Record<string, string> } {
  const tokens: string[] = [];
  let token = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (quoted) {
      if (ch === "\\" && i + 1 < value.length) token += value[++i];
      else if (ch === '"') quoted = false;
      else token += ch;
    } else if (ch === '"') quoted = true;
    // Outside quotes whitespace only separates (a token cannot hold any).
    else if (ch === " " || ch === "\t") continue;
    else if (ch === ";") {
      tokens.push(token);
      token = "";
    } else token += ch;
  }
  tokens.push(token);
  const [main = "", ...rest] = tokens;
  const simple: Record<string, string> = {};
  // name*0, name*1*, ...: pieces of one value, the starred ones percent-encoded.
  const pieces: Record<string, { index: number; text: string; extended: boolean }[]> = {};
  for (const raw of rest) {
    const eq = raw.indexOf("=");
    if (eq <= 0) continue;
    const key = raw.slice(0, eq).trim().toLowerCase();
    const text = raw.slice(eq + 1);
    const continuation = /^(.+?)\*(\d+)(\*?)$/.exec(key);
    if (continuation) {
      const list = pieces[continuation[1]!] ?? [];
      pieces[continuation[1]!] = list;
      list.push({ index: Number(continuation[2]), text, extended: continuation[3] === "*" });
    } else if (key.endsWith("*")) simple[key.slice(0, -1)] = decodeExtended(text);
    else simple[key] ??= text;
  }
  for (const [name, list] of Object.entries(pieces)) {
    list.sort((a, b) => a.index - b.index);
    const extended = list[0]?.extended ?? false;
    const joined = list.map((p) => p.text).join("");
    simple[name] = extended ? decodeExtended(joined) : joined;
  }
  return { value: main.trim().toLowerCase(), params: simple };
}

function header(fields: MimeHeader[], name: string): string | undefined {
  return fields.find((f) => f.name.toLowerCase() === name)?.value;
}

/** The bodies between `--boundary` delimiter lines, up to the closing `--boundary--`. */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const children: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split(/\r?\n/)) {
    if (line.startsWith(delimiter)) {
      const rest = line.slice(delimiter.length);
      if (rest.startsWith("--")) {
        if (current) children.push(current.join("\r\n"));
        return children;
      }
      if (rest.trim() === "") {
        if (current) children.push(current.join("\r\n"));
        current = [];
        continue;
      }
    }
    current?.push(line);
  }
  // No closing delimiter: what was read still counts (mailparser reads it too).
  if (current) children.push(current.join("\r\n"));
  return children;
}

/** Every part of the message, the message itself first, in source order. */
export function mimeStructure(source: string): MimePart[] {
  const parts: MimePart[] = [];
  const walk = (text: string, partId: string, depth: number) => {
    if (parts.length >= MAX_PARTS) return;
    const { header: block, body } = splitMessage(text);
    const fields = parseHeaderBlock(block);
    const type = parseParameterized(header(fields, "content-type") ?? "text/plain");
    const disposition = header(fields, "content-disposition");
    const parsedDisposition = disposition ? parseParameterized(disposition) : null;
    const contentType = type.value.includes("/") ? type.value : "text/plain";
    parts.push({
      partId,
      depth,
      contentType,
      charset: type.params.charset ?? null,
      transferEncoding: header(fields, "content-transfer-encoding")?.trim().toLowerCase() ?? null,
      disposition: parsedDisposition?.value || null,
      filename: parsedDisposition?.params.filename ?? type.params.name ?? null,
    });
    const boundary = type.params.boundary;
    if (!contentType.startsWith("multipart/") || !boundary || depth >= MAX_DEPTH) return;
    splitMultipart(body, boundary).forEach((child, i) => {
      walk(child, partId ? `${partId}.${i + 1}` : String(i + 1), depth + 1);
    });
  };
  walk(source, "", 0);
  return parts;
}
